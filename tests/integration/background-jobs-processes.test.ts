import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_WORKER_REFUSAL } from "~/server-lifecycle.server";
import { post, visitorAddress } from "../../bench/chaos/submissions";
import { startAppProcess, type AppProcess } from "../../bench/support/app-process";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { freePort } from "../../scripts/free-port.mjs";
import { testDatabaseKind } from "../support/database-kind";
import { startMailServer, type ReceivedMail, type TestMailServer } from "../support/mail-server";
import { freshProcessDatabase } from "../support/process-database";

/**
 * The background jobs out of the request path (docs/decisions/034-jobs-out-of-the-request-path.md),
 * with the production build in real processes: on PostgreSQL, a web process with JOBS=off beside
 * `npm run worker`, and a web process running them in its jobs thread; on the embedded database,
 * the refusals (its one process runs the jobs on its main thread, within a budget: see
 * background-jobs-budget.test.ts).
 */
const onServer = testDatabaseKind() === "server";
const WORKER = { file: "scripts/worker.mjs", readyLine: "background jobs running on" };

beforeAll(() => {
  buildIfStale(path.resolve("."));
}, 600_000);

type JsonLine = Record<string, unknown>;

/** The JSON log lines a process wrote (its banners are plain text, for people). */
function logLines(app: AppProcess): JsonLine[] {
  return app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as JsonLine);
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (!onServer) {
  describe("on the embedded database", () => {
    it("npm run worker refuses to start, saying why", () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-worker-"));
      try {
        const result = spawnSync(process.execPath, [WORKER.file], { env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", DATA_DIR: dataDir }, encoding: "utf8" });
        expect(result.status).toBe(1);
        expect(result.stdout + result.stderr).toContain(EMBEDDED_WORKER_REFUSAL);
        // It did not touch the data directory the app process would hold.
        expect(fs.readdirSync(dataDir)).toEqual([]);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it("a web process refuses JOBS=off and JOBS=thread: nothing else could run its jobs", () => {
      for (const jobs of ["off", "thread"]) {
        const result = spawnSync(process.execPath, ["server.js"], { env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", JOBS: jobs }, encoding: "utf8" });
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain("JOBS: thread and off need DATABASE_URL (PostgreSQL)");
      }
    });
  });
}

if (onServer) {
  describe("on PostgreSQL", () => {
    let database: Awaited<ReturnType<typeof freshProcessDatabase>>;
    let databaseUrl = "";
    let client: pg.Client;
    let mail: TestMailServer;
    let publicUrl = "";
    const processes: AppProcess[] = [];
    let posted = 0;

    function environment(extra: Record<string, string> = {}): Record<string, string> {
      return {
        DATABASE_URL: databaseUrl,
        SMTP_URL: mail.url,
        PUBLIC_URL: publicUrl,
        ADMIN_EMAIL: "owner@jobs.test",
        ADMIN_PASSWORD: "jobs-admin-password",
        LOG_LEVEL: "info",
        ...extra,
      };
    }

    async function start(name: string, extra: Record<string, string>, script?: typeof WORKER): Promise<AppProcess> {
      const app = await startAppProcess(name, await freePort(), environment(extra), script);
      processes.push(app);
      return app;
    }

    /** A lead posted through a web process's inquiry form; its e-mails go into the outbox with it. */
    async function postLead(web: AppProcess): Promise<void> {
      posted += 1;
      const answer = await post(`${web.url}/inquiry`, publicUrl, { name: "Quinn Jobs", email: `quinn${posted}@jobs.test` }, visitorAddress(posted));
      expect(answer?.status).toBe(200);
    }

    async function outbox(): Promise<{ id: string; status: string; attempts: number }[]> {
      return (await client.query<{ id: string; status: string; attempts: number }>("select id, status, attempts from email_outbox order by created_at")).rows;
    }

    const outboxIdOf = (received: ReceivedMail) => (received.messageId ?? "").replace(/^<|@.*$/g, "");

    beforeAll(async () => {
      database = await freshProcessDatabase();
      if (database.target.kind !== "server") throw new Error("needs PostgreSQL");
      databaseUrl = database.target.databaseUrl;
      client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      mail = await startMailServer();
      publicUrl = `http://127.0.0.1:${await freePort()}`;
    }, 120_000);

    afterAll(async () => {
      for (const app of processes) await app.kill();
      await client?.end();
      await mail?.stop();
      await database?.drop();
    });

    it("a web process with JOBS=off takes a lead and queues its mail, and sends nothing", async () => {
      const web = await start("web", { JOBS: "off" });
      expect(logLines(web).find((line) => line.msg === "listening")).toMatchObject({ jobs: "off" });
      await postLead(web);
      await postLead(web);
      // Delivery runs every second where the jobs run: three seconds of nothing.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const queued = await outbox();
      expect(queued.length).toBeGreaterThanOrEqual(2);
      expect(queued.every((message) => message.status === "pending" && message.attempts === 0)).toBe(true);
      expect(mail.messages).toHaveLength(0);
      expect(logLines(web).filter((line) => line.msg === "background job")).toEqual([]);
    });

    it("npm run worker, beside it, delivers that mail and what the web process queues meanwhile, each message once", async () => {
      const [web] = processes;
      const worker = await start("worker", {}, WORKER);
      for (let index = 0; index < 5; index += 1) await postLead(web!);
      await until(async () => (await outbox()).every((message) => message.status === "sent"));
      const ids = (await outbox()).map((message) => message.id);
      expect(ids.length).toBeGreaterThanOrEqual(7);
      expect(mail.messages.map(outboxIdOf).sort()).toEqual([...ids].sort());
      expect(logLines(worker).some((line) => line.msg === "background job" && line.job === "deliver e-mail")).toBe(true);
    });

    it("SIGTERM: the worker finishes the e-mail in hand, gives the rest back, and exits 0", async () => {
      const [web, worker] = processes;
      const before = { arrived: mail.messages.length, queued: (await outbox()).length };
      const release = mail.hold();
      try {
        for (let index = 0; index < 3; index += 1) await postLead(web!);
        await until(() => mail.inHand() === 1);
        const exited = worker!.stop();
        // The stop has arrived while the SMTP server still holds the first message's answer.
        await until(() => worker!.output().includes('"msg":"stopping"'));
        release();
        expect(await exited).toBe(0);
      } finally {
        release();
      }
      const lines = logLines(worker!);
      expect(lines.at(-1)?.msg).toBe("stopped");
      expect(mail.messages.length - before.arrived).toBe(1);
      // The one in hand was sent and recorded; the rest (of its batch too) waits, unclaimed, for the next worker.
      const queued = (await outbox()).slice(before.queued);
      expect(queued.length).toBeGreaterThanOrEqual(3);
      expect(queued.filter((message) => message.status === "sent")).toHaveLength(1);
      expect(queued.filter((message) => message.status === "pending" && message.attempts === 0)).toHaveLength(queued.length - 1);
    });

    it("JOBS=thread (the default here): a web process delivers from its jobs thread, and stops it on SIGTERM", async () => {
      const web = await start("threaded", {});
      expect(logLines(web).find((line) => line.msg === "listening")).toMatchObject({ jobs: "thread" });
      await postLead(web);
      await until(async () => (await outbox()).every((message) => message.status === "sent"));
      const delivered = logLines(web).filter((line) => line.msg === "background job" && line.job === "deliver e-mail");
      expect(delivered.some((line) => line.thread === "jobs")).toBe(true);
      expect(new Set(mail.messages.map(outboxIdOf)).size).toBe(mail.messages.length);
      expect(await web.stop()).toBe(0);
      expect(logLines(web).at(-1)?.msg).toBe("stopped");
    });
  });
}
