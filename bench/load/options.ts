// The options of `npm run bench:load` (listed at the top of bench/load.ts) and the figures derived from them.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "50" },
    "first-views": { type: "string", default: "300" },
    "lead-rate": { type: "string", default: "100" },
    soak: { type: "string" },
    database: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
    pages: { type: "string", default: "home,lead,lead-rate,admin,booking,first-view" },
    jobs: { type: "string", default: "thread" },
    before: { type: "string" },
    // Internal: the child process that prepares the database (see prepare-data.ts).
    prepare: { type: "string" },
  },
});
export const durationMs = Number(values.duration) * 1000;
export const rounds = Number(values.rounds);
export const concurrency = Number(values.concurrency);
export const firstViews = Number(values["first-views"]);
export const leadRate = Number(values["lead-rate"]);
export const soakSeconds = values.soak === undefined ? null : Number(values.soak);
export const pagesWanted = new Set(values.pages.split(","));
/** Where ours runs the background jobs: its jobs thread (JOBS=thread), a worker process beside it (JOBS=off + worker.js), or its main thread (JOBS=main). */
export const jobsWhere = values.jobs;
if (!["thread", "process", "main"].includes(jobsWhere)) throw new Error(`--jobs is thread, process or main (got ${jobsWhere})`);
/** Another checkout (main before a change, built there), served as a third server beside ours and bare. */
export const beforeDir = values.before;
/** The PostgreSQL server the bench makes its database on. */
export const databaseServer = values.database;
/** Set in the child process that prepares the data: the file it writes what it prepared to. */
export const prepareFile = values.prepare;
export const DATABASE_NAME = "agency_loadbench";
export const databaseUrl = `${values.database.replace(/\/+$/, "")}/${DATABASE_NAME}`;
export const ADMIN = { email: "bench-admin@agency.localhost", password: "bench-admin-password-1234" };
