// `npm test` runs this beside the unit and integration run (scripts/test.mjs): it writes the
// browser run's data into the folder it is given (its TMPDIR too), so that the browser run's
// global setup finds it made instead of making it while both cores wait. Usage:
//   TMPDIR=<folder> node --import tsx tests/e2e/support/prepare-browser-data.ts <folder>
import { prepareBrowserData, writeBrowserData } from "./browser-data";

const folder = process.argv[2];
if (!folder) throw new Error("Usage: prepare-browser-data.ts <folder>");
writeBrowserData(folder, await prepareBrowserData());
