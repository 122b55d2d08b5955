import { z } from "zod";

/**
 * The app's zod: every schema imports `z` from here, never from "zod", so that this runs before
 * any schema is built. zod 4 decides, when an object schema is built, whether to compile it with
 * `new Function`, and probes for it: the Content-Security-Policy allows no eval (decision 023), and
 * the browser reports even the caught probe as a violation. Configured here rather than in the root
 * route, so that a public page, which parses nothing in the browser, does not load zod at all.
 */
z.config({ jitless: true });

export { z };
