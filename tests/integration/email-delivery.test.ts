import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, queryRows, type DatabaseHandle } from "~/db/connection.server";
import { openServerDatabase } from "~/db/server-database.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { LEASE_MS, renewLeases } from "~/email/outbox-claims.server";
import { enqueueEmail, enqueueTemplatedEmail } from "~/email/outbox.server";
import { emailLogs, emailOutbox } from "~/email/schema";
import { databaseUrlFor, serverTestUrl, testDatabaseKind } from "../support/database-kind";
import { startDatabaseProxy, type DatabaseProxy } from "../support/database-proxy";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

let mail: TestMailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.stop();
});

function smtp() {
  return nodemailer.createTransport(mail.url);
}

const message = (to: string) => ({
  to,
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
  emailType: "test",
});

describe("the e-mail outbox", () => {
  it("renders a template with HTML-escaped values and a one-line subject", async () => {
    const queued = await enqueueTemplatedEmail(db(), {
      templateKey: "promo_welcome",
      to: "ana@example.com",
      emailType: "promo_welcome",
      variables: { FirstName: "<b>Ana</b>", PromoCode: "LAUNCH-AB12\r\nBcc: x@evil.test", ExpiryDate: "May 1, 2027", Offer: "$99", CompanyName: "Studio" },
    });
    expect(queued?.html).toContain("&lt;b&gt;Ana&lt;/b&gt;");
    expect(queued?.text).toContain("<b>Ana</b>");
    expect(queued?.subject).not.toMatch(/[\r\n]/);
  });

  it("enqueues a message with a dedupe key only once", async () => {
    const first = await enqueueEmail(db(), { ...message("a@example.com"), dedupeKey: "reminder:1" });
    const second = await enqueueEmail(db(), { ...message("a@example.com"), dedupeKey: "reminder:1" });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await db().select().from(emailOutbox)).toHaveLength(1);
  });

  it("delivers due messages over SMTP and logs them as sent", async () => {
    await enqueueEmail(db(), message("one@example.com"));
    const report = await deliverDueEmails({ transport: smtp() });
    expect(report.sent).toBe(1);
    const received = await mail.waitFor((m) => m.envelopeTo.includes("one@example.com"));
    expect(received.subject).toBe("Hello");
    const [row] = await db().select().from(emailOutbox);
    expect(row?.status).toBe("sent");
    const logs = await db().select().from(emailLogs);
    expect(logs.map((log) => log.status)).toEqual(["sent"]);
  });

  it("keeps messages as stored when no SMTP server is configured", async () => {
    await enqueueEmail(db(), message("kept@example.com"));
    const report = await deliverDueEmails({ transport: null });
    expect(report.stored).toBe(1);
    const [row] = await db().select().from(emailOutbox);
    expect(row?.status).toBe("stored");
  });

  it("retries with backoff during an outage and delivers each message once afterwards", async () => {
    await enqueueEmail(db(), message("outage@example.com"));
    mail.refuse("temporary");
    const start = new Date();
    const during = await deliverDueEmails({ transport: smtp(), now: start });
    expect(during.retrying).toBe(1);
    const [waiting] = await db().select().from(emailOutbox);
    expect(waiting?.status).toBe("pending");
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(start.getTime());
    // Not due yet: nothing is attempted.
    expect((await deliverDueEmails({ transport: smtp(), now: start })).retrying).toBe(0);

    mail.refuse(false);
    const later = new Date(waiting!.nextAttemptAt.getTime() + 1);
    expect((await deliverDueEmails({ transport: smtp(), now: later })).sent).toBe(1);
    expect((await deliverDueEmails({ transport: smtp(), now: later })).sent).toBe(0);
    expect(mail.messages.filter((m) => m.envelopeTo.includes("outage@example.com"))).toHaveLength(1);
    const logs = await db().select().from(emailLogs).where(eq(emailLogs.recipientEmail, "outage@example.com"));
    expect(logs.map((log) => log.status).sort()).toEqual(["retrying", "sent"]);
  });

  it("gives up on a permanent rejection and logs the failure", async () => {
    await enqueueEmail(db(), message("rejected@example.com"));
    mail.refuse("permanent");
    try {
      const report = await deliverDueEmails({ transport: smtp() });
      expect(report.failed).toBe(1);
    } finally {
      mail.refuse(false);
    }
    const [row] = await db().select().from(emailOutbox);
    expect(row?.status).toBe("failed");
    expect(row?.lastError).toMatch(/Mailbox unavailable/);
  });

  it("sends each message once when two workers run at the same time", async () => {
    for (let index = 0; index < 10; index += 1) await enqueueEmail(db(), message(`race${index}@example.com`));
    const before = mail.messages.length;
    const reports = await Promise.all([
      deliverDueEmails({ transport: smtp(), batchSize: 10 }),
      deliverDueEmails({ transport: smtp(), batchSize: 10 }),
    ]);
    expect(reports[0]!.sent + reports[1]!.sent).toBe(10);
    expect(mail.messages.length - before).toBe(10);
  });

  it("finishes the message in hand when the process stops, and gives the rest back at once", async () => {
    for (const name of ["first", "second", "third"]) await enqueueEmail(db(), message(`${name}@example.com`));
    const stopping = new AbortController();
    const transport = smtp();
    // The stop arrives while the first message is being sent.
    transport.use("compile", (_mail, done) => {
      stopping.abort();
      done();
    });
    const report = await deliverDueEmails({ transport, batchSize: 10, stopping: stopping.signal });
    expect(report.sent).toBe(1);
    const rows = await db().select().from(emailOutbox);
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
    const released = rows.filter((row) => row.status === "pending");
    expect(released).toHaveLength(2);
    for (const row of released) expect(row).toMatchObject({ attempts: 0, claimedAt: null });

    expect((await deliverDueEmails({ transport: smtp() })).sent).toBe(2);
  });
});

describe("the outbox lease", () => {
  /** The message as a process left it when it was killed mid-send: claimed at `claimedAt`, lease never renewed. */
  async function claimedByADeadSender(to: string, claimedAt: Date) {
    const queued = await enqueueEmail(db(), message(to));
    if (!queued) throw new Error("not queued");
    await db()
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, claimedAt, leaseUntil: new Date(claimedAt.getTime() + LEASE_MS) })
      .where(eq(emailOutbox.id, queued.id));
    return queued.id;
  }

  it("takes over mail a killed sender held once its lease has run out, and sends it once", async () => {
    const killedAt = new Date();
    await claimedByADeadSender("orphan@example.com", killedAt);
    const stillLeased = await deliverDueEmails({ transport: smtp(), now: new Date(killedAt.getTime() + LEASE_MS - 1_000) });
    expect(stillLeased.sent).toBe(0);
    const takenOver = await deliverDueEmails({ transport: smtp(), now: new Date(killedAt.getTime() + LEASE_MS + 1_000) });
    expect(takenOver.sent).toBe(1);
    await mail.waitFor((m) => m.envelopeTo.includes("orphan@example.com"));
    expect(mail.messages.filter((m) => m.envelopeTo.includes("orphan@example.com"))).toHaveLength(1);
    const [row] = await db().select().from(emailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2, claimedAt: null, leaseUntil: null });
  });

  it("never takes a slow send twice: its living sender renews the lease past the first one's end", async () => {
    const queued = await enqueueEmail(db(), message("slow@example.com"));
    if (!queued) throw new Error("not queued");
    const release = mail.hold();
    const leaseMs = 1_000;
    const slow = deliverDueEmails({ transport: smtp(), leaseMs, renewEveryMs: 20 });
    // Waits until the sender has renewed its lease beyond where the first lease ended.
    let row = (await db().select().from(emailOutbox))[0];
    while (!(row?.claimedAt && row.leaseUntil && row.leaseUntil.getTime() > row.claimedAt.getTime() + leaseMs + 200)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = (await db().select().from(emailOutbox))[0];
    }
    const other = await deliverDueEmails({ transport: smtp(), leaseMs, now: new Date(row.claimedAt.getTime() + leaseMs + 100) });
    expect(other.sent).toBe(0);
    release();
    expect((await slow).sent).toBe(1);
    await mail.waitFor((m) => m.envelopeTo.includes("slow@example.com"));
    expect(mail.messages.filter((m) => m.envelopeTo.includes("slow@example.com"))).toHaveLength(1);
    expect((await db().select().from(emailOutbox))[0]?.status).toBe("sent");
  });

  it("a stalled sender neither renews nor records mail another worker took over", async () => {
    const claimedAt = new Date(Date.now() - 2 * LEASE_MS);
    const id = await claimedByADeadSender("stalled@example.com", claimedAt);
    const takenOver = await deliverDueEmails({ transport: null });
    expect(takenOver.stored).toBe(1);
    expect(await renewLeases(db(), [id], claimedAt)).toBe(0);
    const logs = await db().select().from(emailLogs);
    expect(logs.map((log) => log.status)).toEqual(["stored"]);
  });
});

// Only a PostgreSQL server can go away under the process (PGlite lives in it: decision 045), so
// these exist in the PostgreSQL run only; CI runs both.
if (testDatabaseKind() === "server") {
  describe("the outbox while PostgreSQL restarts", () => {
    let proxy: DatabaseProxy;
    /** The same database as db(), reached through the proxy: what the sender sees goes away, the test's own connection stays. */
    let sender: DatabaseHandle;

    beforeAll(async () => {
      proxy = await startDatabaseProxy(serverTestUrl());
      const [row] = await queryRows<{ name: string }>(db(), sql`select current_database() as name`);
      sender = openServerDatabase(proxy.url(databaseUrlFor(serverTestUrl(), row!.name)), 2);
    });
    afterAll(async () => {
      await sender?.close();
      await proxy?.close();
    });

    /** Runs a delivery through the proxy and cuts every connection while the SMTP server has the first message in hand, before it accepts it. */
    async function deliverAcrossAnOutage(options: { downMs: number; leaseMs: number; renewEveryMs: number; meanwhile?: () => Promise<void> }) {
      const release = mail.hold();
      const run = deliverDueEmails({ database: sender.db, transport: smtp(), batchSize: 10, leaseMs: options.leaseMs, renewEveryMs: options.renewEveryMs });
      while (mail.inHand() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await proxy.cut();
      release();
      await options.meanwhile?.();
      await new Promise((resolve) => setTimeout(resolve, options.downMs));
      await proxy.heal();
      return run;
    }

    it("keeps the outcome of a message the SMTP server accepted while the database was away, and writes it once it answers: sent once, logged once", async () => {
      const queued = await enqueueEmail(db(), message("kept@example.com"));
      const report = await deliverAcrossAnOutage({
        downMs: 1_500,
        leaseMs: 30_000,
        renewEveryMs: 10_000,
        meanwhile: async () => {
          await mail.waitFor((m) => m.envelopeTo.includes("kept@example.com"));
          // Accepted, and not written yet: the message is still the sender's.
          expect((await db().select().from(emailOutbox))[0]).toMatchObject({ status: "sending" });
        },
      });
      expect(report.sent).toBe(1);
      const [row] = await db().select().from(emailOutbox);
      expect(row).toMatchObject({ id: queued!.id, status: "sent", attempts: 1, claimedAt: null, leaseUntil: null });
      expect((await db().select().from(emailLogs)).map((log) => log.status)).toEqual(["sent"]);

      // Nothing is left to send again, by this worker or any other, now or once any lease would have run out.
      const later = new Date(Date.now() + 2 * LEASE_MS);
      expect((await deliverDueEmails({ transport: smtp(), now: later })).claimed).toBe(0);
      expect(mail.messages.filter((m) => m.envelopeTo.includes("kept@example.com"))).toHaveLength(1);
    }, 30_000);

    it("after the outage, sends none of its batch that another worker took over meanwhile", async () => {
      // Due a second earlier, so that it is the one in hand when the database goes away.
      await enqueueEmail(db(), { ...message("batch-first@example.com"), sendAfter: new Date(Date.now() - 1_000) });
      const second = await enqueueEmail(db(), message("batch-second@example.com"));
      const report = await deliverAcrossAnOutage({
        downMs: 2_500,
        leaseMs: 3_000,
        renewEveryMs: 1_000,
        // Another worker's claim on the second message (its lease had run out there, as this sender's renewals failed).
        meanwhile: async () => {
          await db().update(emailOutbox).set({ claimedAt: new Date(Date.now() + 1), leaseUntil: new Date(Date.now() + 60_000) }).where(eq(emailOutbox.id, second!.id));
        },
      });
      expect(report).toMatchObject({ claimed: 2, sent: 1 });
      expect(mail.messages.filter((m) => m.envelopeTo.includes("batch-first@example.com"))).toHaveLength(1);
      expect(mail.messages.filter((m) => m.envelopeTo.includes("batch-second@example.com"))).toHaveLength(0);
      expect((await db().select().from(emailOutbox).where(eq(emailOutbox.id, second!.id)))[0]).toMatchObject({ status: "sending" });
    }, 30_000);

    it("gives back what it claimed and could not send while the database was away, once it answers, not after the lease", async () => {
      await enqueueEmail(db(), { ...message("before-the-cut@example.com"), sendAfter: new Date(Date.now() - 1_000) });
      // Marketing mail: its sender reads the suppression list first, which it cannot while the database is away.
      const unsent = await enqueueEmail(db(), { ...message("after-the-cut@example.com"), category: "marketing" });
      let healed: Promise<void> | undefined;
      const run = deliverDueEmails({
        database: sender.db,
        transport: smtp(),
        batchSize: 10,
        // Between the two messages, the database goes away for a second and a half.
        pace: async () => {
          await proxy.cut();
          healed = new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => proxy.heal());
        },
      });
      await expect(run).rejects.toThrow();
      await healed;
      expect((await db().select().from(emailOutbox).where(eq(emailOutbox.id, unsent!.id)))[0]).toMatchObject({ status: "pending", attempts: 0, claimedAt: null, leaseUntil: null });
      expect(mail.messages.filter((m) => m.envelopeTo.includes("after-the-cut@example.com"))).toHaveLength(0);
      expect(await deliverDueEmails({ transport: smtp() })).toMatchObject({ claimed: 1, sent: 1 });
    }, 30_000);

    it("takes over no lapsed claim for a while after it found the database away, so that a living holder writes its outcome first", async () => {
      // The sender finds the database away, and then back.
      await proxy.cut();
      await expect(deliverDueEmails({ database: sender.db, transport: null })).rejects.toThrow();
      await proxy.heal();
      const lapsed = await enqueueEmail(db(), message("held@example.com"));
      const claimedAt = new Date(Date.now() - 2 * LEASE_MS);
      await db()
        .update(emailOutbox)
        .set({ status: "sending", attempts: 1, claimedAt, leaseUntil: new Date(claimedAt.getTime() + LEASE_MS) })
        .where(eq(emailOutbox.id, lapsed!.id));
      await enqueueEmail(db(), message("fresh@example.com"));

      // New mail goes out as ever; the lapsed claim is left to its holder.
      expect(await deliverDueEmails({ database: sender.db, transport: null })).toMatchObject({ claimed: 1, stored: 1 });
      expect((await db().select().from(emailOutbox).where(eq(emailOutbox.id, lapsed!.id)))[0]).toMatchObject({ status: "sending" });
      // A worker that saw no outage takes it over at once, as before (decision 024).
      expect(await deliverDueEmails({ transport: null })).toMatchObject({ claimed: 1, stored: 1 });
    }, 30_000);
  });
}
