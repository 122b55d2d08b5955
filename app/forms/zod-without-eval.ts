import { z } from "zod";

/**
 * zod 4 compiles object schemas with `new Function` when it may, and probes for it: the
 * Content-Security-Policy allows no eval (decision 026), and the browser reports even the caught
 * probe as a violation. Imported first by the root route, so it holds before any form is parsed.
 */
z.config({ jitless: true });
