import { afterAll } from "vitest";
import { forgetConfig } from "~/config.server";

// The database files share their worker processes (isolate: false, decision 036), but each still
// starts from the environment the run began with and reads its configuration from it: what a file
// sets (a Stripe stand-in's keys, a public URL, a certificate) goes with it.
const environment = { ...process.env };
forgetConfig();

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  forgetConfig();
});
