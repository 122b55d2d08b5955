import net from "node:net";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "~/http/database-outage";
import { CONNECT_TIMEOUT_MS, openServerDatabase } from "./server-database.server";

// A server that takes connections and never says a word: a database behind a failover's dead
// address, or one that hangs while it restarts.
let silent: net.Server;
const held = new Set<net.Socket>();
beforeAll(async () => {
  silent = net.createServer((socket) => held.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe("a connection to a database that does not answer", () => {
  it(`gives up after ${CONNECT_TIMEOUT_MS} ms, as the database unreachable, instead of holding the query for minutes`, async () => {
    const { port } = silent.address() as AddressInfo;
    const database = openServerDatabase(`postgres://postgres@127.0.0.1:${port}/nothing`, 1);
    try {
      const started = Date.now();
      const failure = await database.db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnreachable(failure)).toBe(true);
      // Its own timeout, not a refusal: without it, the query would wait past this test's limit.
      expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    } finally {
      await database.close();
    }
  }, 20_000);
});
