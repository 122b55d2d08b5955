import { testActor } from "../support/actors";
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSlot } from "~/availability/availability-editing.server";
import { addDaysToDate } from "~/availability/slot-time";
import { MAX_AGE_MS } from "~/booking/booking-page-cache.server";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { openServerDatabase } from "~/db/server-database.server";
import { queryRows, setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { seedReferenceData } from "~/reference-data.server";
import { enqueueEmail } from "~/email/outbox.server";
import { leads } from "~/leads/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { sql } from "drizzle-orm";
import { failedChecks, openTarget, runChaos, type ChaosTarget } from "../../bench/chaos/run";
import { post, showsInternals } from "../../bench/chaos/submissions";
import { isDatabaseUnreachable, OUTAGE_FORM_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS } from "~/http/database-outage";
import { startDatabaseProxy, type DatabaseProxy } from "../support/database-proxy";
import { startAppProcess, type AppProcess } from "../../bench/support/app-process";
import { outboxIdOf, startMailReceiver, type MailReceiver } from "../../bench/support/mail-receiver";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { freePort } from "../../scripts/free-port.mjs";
import { serverTestUrl, testDatabaseKind } from "../support/database-kind";
import { freshProcessDatabase } from "../support/process-database";
import { dayIn } from "~/formatting/dates";

/**
 * Several app processes on one database (docs/decisions/024-several-app-processes.md), with the
 * production build: two `node server.js` on a PostgreSQL database of their own; on the embedded
 * database, which serves one process, the same checks prove the single process (A and B are one).
 */
const onServer = testDatabaseKind() === "server";
const PROCESSES = onServer ? 2 : 1;
/** E-mails waiting in the outbox: many on PostgreSQL, so both processes' workers take some. */
const QUEUED = onServer ? 200 : 30;

function environmentFor(target: ChaosTarget, mail: MailReceiver, publicUrl: string): Record<string, string> {
  return {
    ...(target.kind === "server" ? { DATABASE_URL: target.databaseUrl } : { DATABASE_URL: "", DATA_DIR: target.dataDir }),
    SMTP_URL: mail.url,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: "owner@processes.test",
    ADMIN_PASSWORD: "processes-admin-password",
  };
}

beforeAll(() => {
  buildIfStale(path.resolve("."));
}, 600_000);

describe(`${PROCESSES} app process(es) on ${onServer ? "one PostgreSQL database" : "the embedded database"}`, () => {
  let database: Awaited<ReturnType<typeof freshProcessDatabase>>;
  let mail: MailReceiver;
  const apps: AppProcess[] = [];
  const queuedIds: string[] = [];
  const tokens: string[] = [];
  let slotDate = "";
  let publicUrl = "";
  const a = () => apps[0]!;
  const b = () => apps[apps.length - 1]!;

  beforeAll(async () => {
    database = await freshProcessDatabase();
    mail = await startMailReceiver();
    // Before the processes start: open slots and two booking links (and, embedded, the queued e-mails).
    const handle = await openTarget(database.target);
    setCurrentDatabase(handle);
    try {
      await handle.migrate();
      await seedReferenceData();
      if (!onServer) await queueEmails(handle);
      const settings = await getOrganizationSettings();
      slotDate = addDaysToDate(dayIn(new Date(), settings.timezone), 3);
      await addSlot(testActor(), { date: slotDate, startTime: "10:00", endTime: "10:30", status: "open" });
      await addSlot(testActor(), { date: slotDate, startTime: "11:00", endTime: "11:30", status: "open" });
      for (const name of ["Xena", "Yuri"]) {
        const [lead] = await handle.db.insert(leads).values({ name, email: `${name.toLowerCase()}@processes.test`, source: "manual" }).returning();
        tokens.push((await createBookingInvitation({ actor: testActor(), leadId: lead!.id, windowDays: 14 })).bookingToken);
      }
    } finally {
      await handle.close();
      setCurrentDatabase(undefined);
    }
    const ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    publicUrl = `http://127.0.0.1:${ports[0]}`;
    // One after the other: the first makes the first admin alone (as start:cluster does).
    for (const [index, port] of ports.entries()) {
      apps.push(await startAppProcess(index === 0 ? "A" : "B", port, environmentFor(database.target, mail, publicUrl)));
    }
    if (onServer) {
      // Queued at once while both run: their workers race for the same rows.
      const running = await openTarget(database.target);
      try {
        await queueEmails(running);
      } finally {
        await running.close();
      }
    }
  }, 600_000);

  async function queueEmails(handle: DatabaseHandle) {
    await handle.db.transaction(async (tx) => {
      for (let index = 0; index < QUEUED; index += 1) {
        const queued = await enqueueEmail(tx, { to: `queued${index}@processes.test`, subject: "Queued", html: "<p>Hi</p>", text: "Hi", emailType: "test" });
        if (queued) queuedIds.push(queued.id);
      }
    });
  }

  afterAll(async () => {
    for (const app of apps) await app.kill();
    await mail?.stop();
    await database?.drop();
  });

  it("counts a rate limit hit on A on B too", async () => {
    const visitor = "127.20.0.7";
    for (let index = 0; index < 10; index += 1) {
      const app = index % 2 === 0 ? a() : b();
      const answer = await post(`${app.url}/inquiry`, publicUrl, { name: "Rita", email: `rita${index}@processes.test` }, visitor);
      expect(answer?.status).toBe(200);
    }
    const refused = await post(`${b().url}/inquiry`, publicUrl, { name: "Rita", email: "rita10@processes.test" }, visitor);
    expect(refused?.status).toBe(429);
    const elsewhere = await post(`${b().url}/inquiry`, publicUrl, { name: "Rita", email: "rita11@processes.test" }, "127.20.0.8");
    expect(elsewhere?.status).toBe(200);
  });

  it("shows B's kept booking page changed by a booking made through A", async () => {
    const [xena, yuri] = tokens;
    // The page's offered times, in their compact form: the day with its minutes (10:00 and 11:00).
    const offered = (html: string) => new RegExp(`${slotDate}:([0-9,]+)`).exec(html)?.[1] ?? "";
    const before = await fetch(`${b().url}/booking/${yuri}`);
    expect(before.status).toBe(200);
    expect(offered(await before.text())).toBe("600,660");
    const readAt = Date.now();
    // Kept: B answers the same page again from memory.
    expect(offered(await (await fetch(`${b().url}/booking/${yuri}`)).text())).toBe("600,660");

    const booked = await post(`${a().url}/booking/${xena}`, publicUrl, { intent: "book", time: `slot:${slotDate}/600`, timeZone: "UTC" }, "127.20.0.9");
    expect(booked?.status).toBe(200);
    // B hears the commit on its own listening connection (LISTEN/NOTIFY); it may take a moment to
    // arrive, but it must come before B's kept copy would expire on its own clock (MAX_AGE_MS).
    let page = await (await fetch(`${b().url}/booking/${yuri}`)).text();
    while (offered(page) !== "660" && Date.now() - readAt < MAX_AGE_MS - 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      page = await (await fetch(`${b().url}/booking/${yuri}`)).text();
    }
    expect(offered(page)).toBe("660");
  });

  it("delivers every queued e-mail exactly once, however many processes run the outbox", async () => {
    const arrivedOnce = () => new Set(mail.arrivals.map((arrival) => outboxIdOf(arrival.messageId)));
    while (!queuedIds.every((id) => arrivedOnce().has(id))) await new Promise((resolve) => setTimeout(resolve, 200));
    // Stopped: nothing more can be sent, so what arrived is all that ever will.
    for (const app of apps) await app.stop();
    const copies = new Map<string, number>();
    for (const arrival of mail.arrivals) copies.set(outboxIdOf(arrival.messageId), (copies.get(outboxIdOf(arrival.messageId)) ?? 0) + 1);
    expect(queuedIds.map((id) => copies.get(id))).toEqual(queuedIds.map(() => 1));
    expect([...copies.values()].filter((count) => count > 1)).toEqual([]);
  }, 300_000);
});

describe(`the failure test, small: ${PROCESSES} process(es), one SIGKILLed mid-stream and started again`, () => {
  it("loses no accepted submission, delivers each e-mail once and books no slot twice", async () => {
    const database = await freshProcessDatabase();
    try {
      // A lease of 6 s, not 30: the killed process's mail is taken over sooner, and the test waits less for it.
      const figures = await runChaos({ target: database.target, processes: PROCESSES, submissions: 16, concurrency: 2, invitations: 4, slots: 2, leaseMs: 6_000 });
      expect(figures.kills).toBe(1);
      expect(figures.accepted).toBeGreaterThan(0);
      expect(figures.lost).toBe(0);
      expect(figures.undelivered).toBe(0);
      // At-least-once across a kill: only the message the killed process was handing to the SMTP
      // server at that instant can arrive twice, with its Message-ID (the outbox id) to tell.
      expect(figures.duplicated).toBeLessThanOrEqual(figures.kills);
      expect(figures.doubleBookedSlots).toBe(0);
    } finally {
      await database.drop();
    }
  }, 600_000);
});

// Only a PostgreSQL server can restart under the app's processes (the embedded database lives in
// its process: decision 045), so these exist in the PostgreSQL run only; CI runs both. The server
// is shared, so a proxy in front of it plays the restart: it cuts every connection and refuses new
// ones for a few seconds, which is what the processes see of a restart or a failover.
if (onServer) {
  describe("PostgreSQL restarting under the app's processes", () => {
    let proxy: DatabaseProxy;
    beforeAll(async () => {
      proxy = await startDatabaseProxy(serverTestUrl());
    });
    afterAll(async () => {
      await proxy?.close();
    });

    it("the failure test, small, with PostgreSQL restarted mid-stream: nothing lost or doubled, every e-mail within 2 minutes, no process died, both ready again within 60 s, no answer a fault or showing internals", async () => {
      const database = await freshProcessDatabase();
      try {
        const figures = await runChaos({
          target: database.target,
          processes: 2,
          submissions: 24,
          concurrency: 2,
          invitations: 4,
          slots: 2,
          // A short lease, so that mail whose claim the restart cut off is taken over in seconds, not 30.
          leaseMs: 6_000,
          fault: { kind: "restart-database", restart: { name: "PostgreSQL (the proxy)", appUrl: (url) => proxy.url(url), restart: () => proxy.restart(3_000) } },
        });
        expect(figures.databaseRestarts).toBe(1);
        expect(figures.accepted).toBeGreaterThan(0);
        expect(figures.unavailable + figures.accepted + figures.refused).toBe(figures.submissions);
        expect(failedChecks(figures)).toEqual([]);
      } finally {
        await database.drop();
      }
    }, 600_000);

    describe("a process's pool of connections", () => {
      let pooled: DatabaseHandle | undefined;
      afterAll(async () => {
        await proxy.heal();
        await pooled?.close();
      });

      it("outlives every connection cut mid-transaction, drops them and makes new ones", async () => {
        pooled = openServerDatabase(proxy.url(serverTestUrl()), 3);
        const { db } = pooled;
        // Three connections lent out at once, each inside a transaction, when every one is cut.
        const transactions = Promise.allSettled(
          Array.from({ length: 3 }, () =>
            db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              await new Promise((resolve) => setTimeout(resolve, 300));
              await tx.execute(sql`select 2`);
            }),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        await proxy.restart(500);
        for (const failed of await transactions) {
          expect(failed.status).toBe("rejected");
          if (failed.status === "rejected") expect(isDatabaseUnreachable(failed.reason)).toBe(true);
        }
        // New connections, as many as before: every query of a batch that needs all three is answered.
        const answers = await Promise.all([1, 2, 3].map((n) => queryRows<{ n: number }>(db, sql`select ${n}::int as n, pg_sleep(0.1)`)));
        expect(answers.map(([row]) => row?.n)).toEqual([1, 2, 3]);
        await pooled.close();
        pooled = undefined;
      });

      it("takes back a connection lost during a transaction's BEGIN, which its borrower never returns", async () => {
        pooled = openServerDatabase(proxy.url(serverTestUrl()), 1);
        const { db } = pooled;
        await db.execute(sql`select 1`);
        // The one connection is lent for a transaction whose BEGIN the server never answers, then cut.
        proxy.stall();
        const transaction = db.transaction(async (tx) => void (await tx.execute(sql`select 2`))).then(
          () => null,
          (error: unknown) => error,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await proxy.cut();
        expect(String(await transaction)).toMatch(/Failed query: begin/);
        await proxy.heal();
        // With it lost for good, this would wait for a connection forever (past the test's limit), and so would closing.
        expect(await queryRows<{ n: number }>(db, sql`select 3::int as n`)).toEqual([{ n: 3 }]);
        await pooled.close();
        pooled = undefined;
      });
    });

    describe("while it is away, one process", () => {
      let database: Awaited<ReturnType<typeof freshProcessDatabase>>;
      let direct: DatabaseHandle;
      let app: AppProcess;
      let token = "";
      let slotDate = "";
      const offered = (html: string) => new RegExp(`${slotDate}:([0-9,]+)`).exec(html)?.[1] ?? "";

      beforeAll(async () => {
        database = await freshProcessDatabase();
        if (database.target.kind !== "server") throw new Error("needs PostgreSQL");
        direct = await openTarget(database.target);
        setCurrentDatabase(direct);
        await seedReferenceData();
        const settings = await getOrganizationSettings();
        slotDate = addDaysToDate(dayIn(new Date(), settings.timezone), 3);
        await addSlot(testActor(), { date: slotDate, startTime: "10:00", endTime: "10:30", status: "open" });
        await addSlot(testActor(), { date: slotDate, startTime: "11:00", endTime: "11:30", status: "open" });
        const [lead] = await direct.db.insert(leads).values({ name: "Wanda", email: "wanda@restart.test", source: "manual" }).returning();
        token = (await createBookingInvitation({ actor: testActor(), leadId: lead!.id, windowDays: 14 })).bookingToken;
        const port = await freePort();
        app = await startAppProcess("A", port, {
          DATABASE_URL: proxy.url(database.target.databaseUrl),
          SMTP_URL: "",
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          ADMIN_EMAIL: "owner@restart.test",
          ADMIN_PASSWORD: "restart-admin-password",
        });
      }, 600_000);

      afterAll(async () => {
        await proxy.heal();
        await app?.kill();
        await direct?.close();
        setCurrentDatabase(undefined);
        await database?.drop();
      });

      async function answer(path: string, init: RequestInit = {}) {
        const response = await fetch(`${app.url}${path}`, { redirect: "manual", ...init });
        return { status: response.status, retryAfter: response.headers.get("retry-after"), type: response.headers.get("content-type") ?? "", body: await response.text() };
      }

      const form = new URLSearchParams({ name: "Vera Visitor", email: "vera@restart.test", message: "Please call me about a new site" }).toString();
      const posted = (headers: Record<string, string> = {}) => ({ method: "POST", body: form, headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded", ...headers } });

      it("answers 503 with Retry-After and no internals, keeps a refused form's values, is not ready, and comes back by itself with nothing kept from before", async () => {
        // Before: the booking page read and kept, the site's frame read.
        expect(offered((await answer(`/booking/${token}`)).body)).toBe("600,660");
        expect((await answer("/contact.data")).status).toBe(200);

        await proxy.cut();
        try {
          // A change made meanwhile where the process cannot hear of it: the 10:00 slot is taken off.
          await direct.db.execute(sql`update availability_slots set status = 'blocked' where date = ${slotDate} and start_time = '10:00'`);

          expect(await answer("/healthz")).toMatchObject({ status: 200, body: "ok" });
          expect(await answer("/readyz")).toMatchObject({ status: 503, body: "not ready: the database is unreachable" });

          const page = await answer(`/booking/${token}`);
          const data = await answer(`/booking/${token}.data`);
          const json = await answer("/contact-message", posted({ Accept: "application/json" }));
          const document = await answer("/contact", posted());
          const auth = await answer("/api/auth/sign-in/email", {
            method: "POST",
            body: JSON.stringify({ email: "owner@restart.test", password: "restart-admin-password" }),
            headers: { Origin: app.url, "Content-Type": "application/json" },
          });
          for (const refused of [page, data, json, document, auth]) {
            expect(refused).toMatchObject({ status: 503, retryAfter: String(OUTAGE_RETRY_AFTER_SECONDS) });
            expect(showsInternals(refused.body)).toBe(false);
          }
          expect(page.type).toContain("text/html");
          // The form's script gets the refusal with what was typed; the page without script shows it in the form.
          expect(JSON.parse(json.body)).toMatchObject({ ok: false, values: { name: "Vera Visitor", message: "Please call me about a new site" }, formError: OUTAGE_FORM_MESSAGE });
          expect(document.body).toContain("Please call me about a new site");
          expect(document.body).toContain("vera@restart.test");
          expect(document.body).toContain(OUTAGE_FORM_MESSAGE);
        } finally {
          await proxy.heal();
        }

        const back = Date.now();
        while ((await answer("/readyz")).status !== 200) {
          expect(Date.now() - back).toBeLessThan(60_000);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(app.running()).toBe(true);
        // What it kept from before the outage is not served: the slot blocked meanwhile is gone from the page.
        expect(offered((await answer(`/booking/${token}`)).body)).toBe("660");
        expect((await answer("/contact-message", posted({ Accept: "application/json" }))).status).toBe(200);
        const errors = app.output().split("\n").filter((line) => line.includes('"level":"error"') || line.includes('"level":"fatal"'));
        expect(errors).toEqual([]);
      }, 120_000);
    });
  });
}

describe("npm run start:cluster", () => {
  it("refuses without DATABASE_URL: the embedded database serves one process", () => {
    const result = spawnSync(process.execPath, ["scripts/start-cluster.mjs", "--processes", "2"], { env: { ...process.env, DATABASE_URL: "" }, encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("start:cluster needs DATABASE_URL (PostgreSQL): the embedded database serves one process.");
  });

  // The cluster itself runs on PostgreSQL only (the refusal above is what the embedded run gets).
  if (onServer) {
    it("serves from N web processes on one port beside a worker process, starts again one that dies, and stops them all on SIGTERM", async () => {
      const database = await freshProcessDatabase();
      if (database.target.kind !== "server") throw new Error("needs PostgreSQL");
      const port = await freePort();
      const primary = spawn(process.execPath, ["scripts/start-cluster.mjs", "--processes", "2"], {
        env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: database.target.databaseUrl, SMTP_URL: "", ADMIN_EMAIL: "owner@cluster.test", ADMIN_PASSWORD: "cluster-admin-password" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      primary.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      primary.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const until = async (condition: () => boolean) => {
        while (!condition()) {
          if (primary.exitCode !== null) throw new Error(`The cluster exited (${primary.exitCode}):\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const ready = () => output.split("ready at").length - 1;
      try {
        await until(() => ready() >= 2 && output.includes("background jobs running on"));
        const pids = [...output.matchAll(/App process (\d+) starting/g)].map((match) => Number(match[1]));
        expect(pids).toHaveLength(2);
        // One worker process by default (--workers 1), and the web processes leave the jobs to it.
        const workerPids = [...output.matchAll(/Worker process (\d+) starting/g)].map((match) => Number(match[1]));
        expect(workerPids).toHaveLength(1);
        expect(output.match(/"jobs":"off","msg":"listening"/g)).toHaveLength(2);
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

        process.kill(pids[1]!, "SIGKILL");
        await until(() => output.includes(`App process ${pids[1]} died (SIGKILL)`) && ready() >= 3);
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);

        const exited = new Promise<number | null>((resolve) => primary.once("exit", resolve));
        primary.kill("SIGTERM");
        expect(await exited).toBe(0);
        const all = [...output.matchAll(/(?:App|Worker) process (\d+) starting/g)].map((match) => Number(match[1]));
        expect(all.filter((pid) => isAlive(pid))).toEqual([]);
        expect(output).toContain("stopping 3 process(es)");
      } finally {
        if (primary.exitCode === null) primary.kill("SIGKILL");
        await database.drop();
      }
    }, 600_000);
  }
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
