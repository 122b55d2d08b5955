import { systemActor } from "~/audit/actor";
import http from "node:http";
import { and, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { createBookingInvitation } from "~/consultations/bookings.server";
import { consultationBookings } from "~/consultations/schema";
import { addSlot } from "~/availability/availability.server";
import { addDaysToDate } from "~/availability/slot-time";
import { openEmbeddedDatabase, openServerDatabase, queryRows, setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { seedReferenceData } from "~/reference-data.server";
import { LEASE_MS } from "~/email/delivery.server";
import { emailOutbox } from "~/email/schema";
import { leads } from "~/leads/schema";
import { getOrganizationSettings } from "~/settings/settings.server";
import { freePort } from "../scripts/free-port.mjs";
import { startAppProcess, type AppProcess } from "./support/app-process";
import { outboxIdOf, startMailReceiver, type Arrival } from "./support/mail-receiver";
import { dayIn } from "~/formatting/dates";

/**
 * The failure test (`npm run chaos`, and small in tests/integration/multi-process.test.ts): a steady
 * stream of public submissions (promo claims, inquiries, contact messages, booking confirmations)
 * spread over the app processes, one of them SIGKILLed halfway and started again, then the checks:
 * every submission answered with success is in the database, every e-mail in the outbox arrived
 * exactly once at a real SMTP server, and no slot is booked twice.
 */
export type ChaosTarget = { kind: "server"; databaseUrl: string } | { kind: "embedded"; dataDir: string };

export type ChaosOptions = {
  target: ChaosTarget;
  /** App processes at once: 2 on PostgreSQL; the embedded database serves 1. */
  processes: number;
  submissions: number;
  /** Submissions in flight at once. */
  concurrency: number;
  /** Booking links and open slots; fewer slots than links, so visitors race for them. */
  invitations: number;
  slots: number;
  log?: (line: string) => void;
};

export type ChaosFigures = {
  database: string;
  processes: number;
  submissions: number;
  accepted: number;
  /** Answered with a refusal (e.g. a slot someone else just booked). */
  refused: number;
  /** No answer: the process was killed, or not started again yet. */
  unanswered: number;
  kills: number;
  /** Accepted submissions not in the database. */
  lost: number;
  emails: number;
  /** Outbox messages claimed more than once: those the killed process held, sent by the next claim after its lease ran out. */
  takenOver: number;
  /** Outbox messages that arrived more than once. */
  duplicated: number;
  /** Outbox messages that never arrived. */
  undelivered: number;
  /** Messages queued before the kill and delivered after it: the latest of them, after the kill. */
  maxDeliveryDelayAfterKillMs: number;
  doubleBookedSlots: number;
};

type Kind = "promo" | "inquiry" | "contact" | "booking";
type Submission = { kind: Kind; key: string; slotId?: string; outcome: "accepted" | "refused" | "unanswered" };

/** At most this long after the kill for every e-mail to arrive (the bound). */
const DELIVERY_BOUND_MS = 120_000;
/** Embedded: the outbox cannot be read while the app holds it, so delivery is over once no mail came for this long. */
const QUIET_MS = 5_000;

export async function openTarget(target: ChaosTarget): Promise<DatabaseHandle> {
  return target.kind === "server" ? openServerDatabase(target.databaseUrl, 2) : openEmbeddedDatabase(target.dataDir);
}

/** Open slots on weekdays from three days on, and leads each invited to book one of them. */
async function seedScene(handle: DatabaseHandle, options: ChaosOptions): Promise<{ tokens: string[]; slotIds: string[] }> {
  const settings = await getOrganizationSettings();
  const today = dayIn(new Date(), settings.timezone);
  const slotIds: string[] = [];
  for (let index = 0; index < options.slots; index += 1) {
    const date = addDaysToDate(today, 3 + Math.floor(index / 8));
    const hour = 9 + (index % 8);
    const slot = await addSlot(systemActor("console"), { date, startTime: `${String(hour).padStart(2, "0")}:00`, endTime: `${String(hour).padStart(2, "0")}:30`, status: "open" });
    slotIds.push(slot.id);
  }
  const tokens: string[] = [];
  for (let index = 0; index < options.invitations; index += 1) {
    const [lead] = await handle.db.insert(leads).values({ name: `Visitor ${index}`, email: `visitor${index}@chaos.test`, source: "manual" }).returning();
    if (!lead) throw new Error("The lead was not saved");
    tokens.push((await createBookingInvitation(systemActor("console"), { leadId: lead.id, windowDays: 14 })).bookingToken);
  }
  return { tokens, slotIds };
}

/** A visitor's address of its own per submission (127.0.0.0/8 is all loopback), so per-address limits do not refuse the stream. */
export function visitorAddress(index: number): string {
  return `127.${10 + Math.floor(index / 62_500)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
}

export function post(url: string, origin: string, form: Record<string, string>, localAddress: string): Promise<{ status: number; body: string } | null> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        localAddress,
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Accept: "application/json" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", () => resolve(null));
      },
    );
    request.on("error", () => resolve(null));
    request.end(body);
  });
}

/** A public form's JSON answer says `ok: true`. */
function answeredOk(body: string): boolean {
  try {
    return (JSON.parse(body) as { ok?: unknown }).ok === true;
  } catch {
    return false;
  }
}

export async function runChaos(options: ChaosOptions): Promise<ChaosFigures> {
  const log = options.log ?? (() => {});
  const handle = await openTarget(options.target);
  setCurrentDatabase(handle);
  await handle.migrate();
  await seedReferenceData();
  const scene = await seedScene(handle, options);
  if (options.target.kind === "embedded") {
    // The embedded database serves one process: the app's, from here on.
    await handle.close();
    setCurrentDatabase(undefined);
  }

  const mail = await startMailReceiver();
  const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const environment = {
    ...(options.target.kind === "server" ? { DATABASE_URL: options.target.databaseUrl } : { DATABASE_URL: "", DATA_DIR: options.target.dataDir }),
    SMTP_URL: mail.url,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: "owner@chaos.test",
    ADMIN_PASSWORD: "chaos-admin-password",
  };
  const apps: AppProcess[] = [];
  try {
    // One after the other: the first migrates and makes the first admin alone.
    for (const [index, port] of ports.entries()) apps.push(await startAppProcess(`app ${index + 1}`, port, environment));
    log(`${apps.length} app process(es) on ${options.target.kind === "server" ? "PostgreSQL" : "the embedded database"}; SMTP at ${mail.url}`);

    const victim = apps[apps.length - 1];
    if (!victim) throw new Error("No app process");
    const submissions: Submission[] = [];
    const freeTokens = [...scene.tokens];
    let killedAt = 0;
    let restartedAt = 0;
    let restarting: Promise<void> | undefined;
    let next = 0;

    async function submitOne(index: number): Promise<Submission["outcome"]> {
      const app = apps[index % apps.length];
      if (!app) return "unanswered";
      const kinds: Kind[] = freeTokens.length > 0 ? ["promo", "inquiry", "contact", "booking"] : ["promo", "inquiry", "contact"];
      const kind = kinds[index % kinds.length] ?? "promo";
      const email = `${kind}${index}@chaos.test`;
      let submission: Submission;
      let answer: { status: number; body: string } | null;
      if (kind === "booking") {
        const token = freeTokens.shift() ?? "";
        const slotId = scene.slotIds[index % scene.slotIds.length] ?? "";
        submission = { kind, key: token, slotId, outcome: "unanswered" };
        answer = await post(`${app.url}/booking/${token}`, publicUrl, { intent: "book", slotId, timeZone: "UTC" }, visitorAddress(index));
      } else {
        submission = { kind, key: email, outcome: "unanswered" };
        const path = { promo: "/promo-claim", inquiry: "/inquiry", contact: "/contact-message" }[kind];
        const form: Record<string, string> = { name: `Chaos ${index}`, email };
        if (kind === "promo") Object.assign(form, { phone: "+1 555 010 0000", placement: "popup" });
        if (kind !== "promo") form.message = "Hello from the failure test";
        answer = await post(`${app.url}${path}`, publicUrl, form, visitorAddress(index));
      }
      if (answer) {
        const ok = answer.status === 200 && (kind === "booking" || answeredOk(answer.body));
        submission.outcome = ok ? "accepted" : "refused";
        if (!ok && answer.status >= 500) log(`${kind} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      }
      submissions.push(submission);
      return submission.outcome;
    }

    async function lane(): Promise<void> {
      while (next < options.submissions) {
        const index = next;
        next += 1;
        if (index === Math.floor(options.submissions / 2) && killedAt === 0) {
          await victim?.kill();
          killedAt = Date.now();
          log(`SIGKILLed ${victim?.name} after ${index} submissions; starting it again`);
          restarting = victim?.restart().then(() => {
            restartedAt = Date.now();
            log(`${victim.name} started again after ${restartedAt - killedAt} ms`);
          });
        }
        // A steady stream: a visitor who got no answer comes back a moment later, not at once.
        if ((await submitOne(index)) === "unanswered") await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await Promise.all(Array.from({ length: options.concurrency }, () => lane()));
    await restarting;
    log(`${submissions.length} submissions sent; waiting for the e-mail`);

    if (options.target.kind === "server") {
      await waitForOutbox(handle, killedAt);
    } else {
      await waitForQuiet(mail.arrivals, killedAt, restartedAt);
    }
    for (const app of apps) await app.stop();

    const verifier = options.target.kind === "server" ? handle : await openTarget(options.target);
    setCurrentDatabase(verifier);
    try {
      return {
        database: options.target.kind === "server" ? "PostgreSQL" : "embedded (PGlite)",
        processes: apps.length,
        submissions: submissions.length,
        accepted: submissions.filter((s) => s.outcome === "accepted").length,
        refused: submissions.filter((s) => s.outcome === "refused").length,
        unanswered: submissions.filter((s) => s.outcome === "unanswered").length,
        kills: killedAt ? 1 : 0,
        lost: await countLost(verifier, submissions),
        ...(await deliveryFigures(verifier, mail.arrivals, killedAt)),
        doubleBookedSlots: await countDoubleBooked(verifier),
      };
    } finally {
      await verifier.close();
      setCurrentDatabase(undefined);
    }
  } finally {
    for (const app of apps) await app.kill();
    await mail.stop();
  }
}

async function waitForOutbox(handle: DatabaseHandle, killedAt: number): Promise<void> {
  while (Date.now() < killedAt + DELIVERY_BOUND_MS + 30_000) {
    const [row] = await queryRows<{ waiting: number }>(handle.db, sql`select count(*)::int as waiting from ${emailOutbox} where status in ('pending', 'sending')`);
    if (row?.waiting === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function waitForQuiet(arrivals: Arrival[], killedAt: number, restartedAt: number): Promise<void> {
  // Mail a killed process held is taken over once its lease has run out and a process runs again.
  const earliest = Math.max(killedAt + LEASE_MS, restartedAt) + QUIET_MS;
  for (;;) {
    const last = arrivals.at(-1)?.at ?? 0;
    const now = Date.now();
    if ((now >= earliest && now - last >= QUIET_MS) || now > killedAt + DELIVERY_BOUND_MS + 30_000) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function countLost(handle: DatabaseHandle, submissions: Submission[]): Promise<number> {
  const accepted = submissions.filter((s) => s.outcome === "accepted");
  const emails = accepted.filter((s) => s.kind !== "booking").map((s) => s.key);
  const found = emails.length === 0 ? [] : await handle.db.select({ email: leads.email }).from(leads).where(inArray(leads.email, emails));
  const saved = new Set(found.map((row) => row.email));
  const bookings = accepted.filter((s) => s.kind === "booking");
  const booked = bookings.length === 0 ? [] : await handle.db.select().from(consultationBookings).where(inArray(consultationBookings.bookingToken, bookings.map((s) => s.key)));
  const bookedSlot = new Map(booked.filter((row) => row.status !== "cancelled").map((row) => [row.bookingToken, row.selectedSlotId]));
  return emails.filter((email) => !saved.has(email)).length + bookings.filter((s) => bookedSlot.get(s.key) !== s.slotId).length;
}

async function deliveryFigures(handle: DatabaseHandle, arrivals: Arrival[], killedAt: number) {
  const rows = await handle.db.select({ id: emailOutbox.id, createdAt: emailOutbox.createdAt, attempts: emailOutbox.attempts }).from(emailOutbox);
  const arrived = new Map<string, Arrival[]>();
  for (const arrival of arrivals) {
    const id = outboxIdOf(arrival.messageId);
    arrived.set(id, [...(arrived.get(id) ?? []), arrival]);
  }
  let maxDelay = 0;
  for (const row of rows) {
    const first = arrived.get(row.id)?.[0];
    if (first && killedAt && row.createdAt.getTime() < killedAt && first.at > killedAt) maxDelay = Math.max(maxDelay, first.at - killedAt);
  }
  return {
    emails: rows.length,
    takenOver: rows.filter((row) => row.attempts > 1).length,
    duplicated: rows.filter((row) => (arrived.get(row.id)?.length ?? 0) > 1).length,
    undelivered: rows.filter((row) => !arrived.has(row.id)).length,
    maxDeliveryDelayAfterKillMs: maxDelay,
  };
}

async function countDoubleBooked(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.db
    .select({ slotId: consultationBookings.selectedSlotId, bookings: sql<number>`count(*)::int` })
    .from(consultationBookings)
    .where(and(isNotNull(consultationBookings.selectedSlotId), ne(consultationBookings.status, "cancelled")))
    .groupBy(consultationBookings.selectedSlotId);
  return rows.filter((row) => row.bookings > 1).length + (await slotsHeldTwice(handle));
}

/** A slot row names one booking; a booking whose slot names another booking holds it twice over. */
async function slotsHeldTwice(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ crossed: number }>(
    handle.db,
    sql`select count(*)::int as crossed from ${consultationBookings} b join availability_slots s on s.id = b.selected_slot_id
        where b.status <> 'cancelled' and s.booking_id is distinct from b.id`,
  );
  return row?.crossed ?? 0;
}
