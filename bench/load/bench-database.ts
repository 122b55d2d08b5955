// The bench's PostgreSQL database: made afresh for each run, and kept by the bench while the load runs.
import pg from "pg";
import { DATABASE_NAME, databaseServer, databaseUrl } from "./options";

export async function recreateDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: `${databaseServer.replace(/\/+$/, "")}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

/**
 * The bench's own connection to its database: it empties the rate-limit counters every 50 ms
 * (see the top of bench/load.ts) and waits for the e-mails the posts queued to be stored.
 */
export type BenchDatabase = { outboxDrained: () => Promise<void>; close: () => Promise<void> };

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    client
      .query("delete from rate_limit_counters")
      .catch((error: unknown) => console.error("Could not empty the rate-limit counters:", error))
      .finally(() => (busy = false));
  }, 50);
  return {
    // The app's worker stores the e-mails a window's posts queued (SMTP_URL is unset) after the
    // window: the next window, on either server, starts on a quiet machine.
    async outboxDrained() {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query<{ due: number }>("select count(*)::int as due from email_outbox where status = 'pending' and next_attempt_at <= now()");
        if ((rows[0]?.due ?? 0) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      console.log("  (the outbox still had e-mails due after 2 minutes)");
    },
    async close() {
      clearInterval(timer);
      await client.end();
    },
  };
}
