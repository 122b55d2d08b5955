import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { enqueueEmail } from "~/email/outbox.server";
import { emailOutbox } from "~/email/schema";
import { MAIN_THREAD_BUDGET, startTurn } from "~/jobs/background-worker.server";
import { withTestDatabase } from "../support/test-database";

// The jobs on the web process's main thread (the embedded database, or JOBS=main; decision 034): a
// delivery turn stores one message at a time and lets requests in between, so that a request that
// arrives during a batch waits for a message, not for the batch. On PGlite, which runs in this
// thread, the batch would otherwise hold the event loop from its first message to its last.

withTestDatabase();

const BATCH = 200;

let server: http.Server | undefined;
let agent: http.Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  server?.close();
  if (server) await once(server, "close");
  server = undefined;
});

/** A page that reads the database, as every page does, served by this thread. */
async function startPage(): Promise<() => Promise<number>> {
  server = http.createServer((_request, response) => {
    db()
      .execute(sql`select count(*) from ${emailOutbox}`)
      .then(
        () => response.end("ok"),
        (error: unknown) => {
          response.statusCode = 500;
          response.end(String(error));
        },
      );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const keepAlive = new http.Agent({ keepAlive: true });
  agent = keepAlive;
  /** One request; answers how long it took, in ms. */
  return () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host: "127.0.0.1", port, agent: keepAlive }, (response) => {
          response.resume();
          response.on("end", () => resolve(performance.now() - started));
        })
        .on("error", reject);
    });
}

describe("a delivery batch on the main thread, within the jobs' budget", () => {
  it(`answers requests while ${BATCH} messages are being stored, each in far less time than the batch takes`, async () => {
    await db().transaction(async (tx) => {
      for (let index = 0; index < BATCH; index += 1) {
        await enqueueEmail(tx, { to: `batch${index}@example.com`, subject: "Batch", html: "<p>Hi</p>", text: "Hi", emailType: "test" });
      }
    });
    const visit = await startPage();
    await visit();

    const turn = startTurn(new AbortController().signal, MAIN_THREAD_BUDGET);
    const started = performance.now();
    let stored = false;
    const batch = deliverDueEmails({ transport: null, batchSize: BATCH, pace: turn.pace }).finally(() => (stored = true));
    const answeredDuringTheBatch: number[] = [];
    while (!stored) answeredDuringTheBatch.push(await visit());
    const report = await batch;
    const batchMs = performance.now() - started;

    expect(report).toMatchObject({ claimed: BATCH, stored: BATCH });
    expect(answeredDuringTheBatch.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...answeredDuringTheBatch)).toBeLessThan(batchMs / 4);
  });
});
