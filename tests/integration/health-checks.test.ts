import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServerDatabase } from "~/db/server-database.server";
import { setCurrentDatabase } from "~/db/connection.server";
import { checkReadiness } from "~/health/readiness.server";
import { mountRequestStack } from "../../server/request-stack";
import { openEmptyDatabase, withTestDatabase } from "../support/test-database";

const database = withTestDatabase();

// The probes over real HTTP through the one request stack, with a page behind it that says it was reached.
let base: string;
let listener: http.Server;
let pagesReached = 0;

beforeAll(async () => {
  const server = express();
  mountRequestStack(server, {
    files: (_request, _response, next) => next(),
    pages: (_request, response) => {
      pagesReached += 1;
      response.type("text/plain").send("page");
    },
  });
  listener = http.createServer(server);
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

async function probe(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe("GET /healthz", () => {
  it("answers ok, never cached, with a request id, without reaching a page", async () => {
    const answer = await probe("/healthz");
    expect(answer).toMatchObject({ status: 200, text: "ok" });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(pagesReached).toBe(0);
  });

  it("answers while no database is open", async () => {
    setCurrentDatabase(undefined);
    try {
      expect(await probe("/healthz")).toMatchObject({ status: 200, text: "ok" });
    } finally {
      setCurrentDatabase(database.handle());
    }
  });

  it("is answered before the checks that refuse requests: a cross-site probe is no write", async () => {
    expect((await probe("/healthz", { headers: { Origin: "https://elsewhere.example", "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
  });
});

describe("GET /readyz", () => {
  it("is ready on a migrated database", async () => {
    const answer = await probe("/readyz");
    expect(answer).toMatchObject({ status: 200, text: "ready" });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(pagesReached).toBe(0);
  });

  it("is not ready, with the reason, while no database is open", async () => {
    setCurrentDatabase(undefined);
    try {
      expect(await probe("/readyz")).toMatchObject({ status: 503, text: "not ready: the database is not open" });
    } finally {
      setCurrentDatabase(database.handle());
    }
  });

  it("is not ready on a database its migrations have not reached", async () => {
    const empty = await openEmptyDatabase();
    try {
      expect(await checkReadiness(empty.handle.db)).toEqual({ ready: false, reason: "migrations are not applied yet" });
    } finally {
      await empty.drop();
    }
  });

  it("is not ready when the database does not answer", async () => {
    const unreachable = openServerDatabase("postgres://postgres@127.0.0.1:1/nothing", 1);
    try {
      expect(await checkReadiness(unreachable.db)).toEqual({ ready: false, reason: "the database is unreachable" });
    } finally {
      await unreachable.close();
    }
  });

  it("passes other methods and paths on to the pages", async () => {
    const before = pagesReached;
    await probe("/healthz/more");
    await probe("/readyz", { method: "POST", headers: { Origin: "http://localhost:3000" } });
    expect(pagesReached - before).toBe(2);
  });
});

