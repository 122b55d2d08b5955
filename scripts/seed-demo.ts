// `npm run seed:demo [-- --leads N] [-- --clients N] [-- --seed S] [-- --days D]` (leads spread over the last D days, default 365): adds realistic demo leads,
// clients and projects (made by the factories the tests use) to the configured database.
// Long back-office lists, made from the leads in the database (app/demo/demo-history.server.ts):
// `--more-clients N` (clients from converted leads, without projects), `--emails N` (e-mail log
// entries), `--audit-entries N`, `--suppressions N`; e.g. `-- --leads 0 --emails 100000`.
// On the embedded database the app must be stopped first (PGlite serves one process).
import { parseArgs } from "node:util";
import { seedDemoHistory } from "~/demo/demo-history.server";
import { seedDemoData } from "~/demo/demo-seed.server";
import { db } from "~/db/connection.server";
import { openStorage, stopApplication } from "~/server-lifecycle.server";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "500" },
    clients: { type: "string" },
    seed: { type: "string" },
    days: { type: "string" },
    "more-clients": { type: "string" },
    emails: { type: "string" },
    "audit-entries": { type: "string" },
    suppressions: { type: "string" },
  },
});
const count = (raw: string | undefined, name: string) => {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return value;
};

try {
  const leads = count(values.leads, "leads") ?? 500;
  const { storage } = await openStorage();
  console.log(`Seeding ${leads.toLocaleString("en-US")} demo leads into ${storage}…`);
  const started = Date.now();
  let lastReport = 0;
  const result = await seedDemoData(db(), {
    leads,
    clients: count(values.clients, "clients"),
    seed: count(values.seed, "seed"),
    spreadDays: count(values.days, "days"),
    onProgress(done, total) {
      if (Date.now() - lastReport > 5000 || done === total) {
        lastReport = Date.now();
        console.log(`  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} leads`);
      }
    },
  });
  // Fresh statistics and visibility map: the planner (and the estimated counts) know the new size at once,
  // and index-only scans need not visit the heap.
  await db().execute("vacuum analyze leads");
  console.log(
    `Added ${result.leads.toLocaleString("en-US")} leads, ${result.clients} clients and ${result.projects} projects in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  const history = {
    clients: count(values["more-clients"], "more-clients"),
    emails: count(values.emails, "emails"),
    auditEntries: count(values["audit-entries"], "audit-entries"),
    suppressions: count(values.suppressions, "suppressions"),
  };
  if (Object.values(history).some((value) => value)) {
    const added = await seedDemoHistory(db(), history);
    await db().execute("vacuum analyze clients, email_logs, audit_log, email_suppressions");
    console.log(
      `Added ${added.clients.toLocaleString("en-US")} more clients, ${added.emails.toLocaleString("en-US")} e-mail log entries, ` +
        `${added.auditEntries.toLocaleString("en-US")} audit entries and ${added.suppressions.toLocaleString("en-US")} suppressions.`,
    );
  }
} catch (error) {
  // Driver errors carry every bound value (a whole batch): show the cause, not the parameters.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(cause instanceof Error ? cause.message : cause);
  process.exitCode = 1;
} finally {
  await stopApplication();
}
