// The submissions of the failure test (bench/chaos/run.ts): the scene they need (open slots, leads
// invited to book), the public posts each from an address of its own, and the stream with its kill.
import http from "node:http";
import { createBookingInvitation } from "~/consultations/create-booking-invitation.server";
import { addSlot } from "~/availability/availability-editing.server";
import { slotKeyOf } from "~/availability/offered-days";
import { addDaysToDate } from "~/availability/slot-time";
import type { DatabaseHandle } from "~/db/connection.server";
import { leads } from "~/leads/schema";
import { getOrganizationSettings } from "~/organization/settings.server";
import { dayIn } from "~/formatting/dates";
import type { AppProcess } from "../support/app-process";
import { systemActor } from "~/audit/actor";
import { OUTAGE_RETRY_AFTER_SECONDS } from "~/http/database-outage";

type Kind = "promo" | "inquiry" | "contact" | "booking";
/**
 * What became of a submission: accepted (saved), refused (a 4xx: a slot just taken), unavailable
 * (503: the database was away; nothing saved, try again), unanswered (no answer: the process was
 * killed), or failed (any other 5xx: a fault, which the failure test counts against the app).
 */
export type Submission = {
  kind: Kind;
  key: string;
  slotId?: string;
  outcome: "accepted" | "refused" | "unavailable" | "unanswered" | "failed";
  /** The answer showed internals (a stack, SQL, a driver's words). */
  showedInternals?: boolean;
};

/** What the failure test does halfway through the stream. */
export type ChaosFault = { kind: "kill" } | { kind: "restart-database"; restart: DatabaseRestart };

/**
 * A way to restart the database the app processes use: a proxy in front of it that cuts every
 * connection for a few seconds (tests/support/database-proxy.ts), or the PostgreSQL cluster itself.
 */
export type DatabaseRestart = {
  /** What the figures call it. */
  name: string;
  /** The DATABASE_URL the app processes get for the run's database (through the proxy, or as it is). */
  appUrl(databaseUrl: string): string;
  /** Restarts it; resolves once it takes connections again. */
  restart(): Promise<void>;
};

/** Words of an answer that show what it should not: a stack line, SQL, the driver's or the network's words. */
const INTERNALS = /Failed query|\n\s+at |node_modules|ECONNREFUSED|ECONNRESET|Connection terminated|not queryable|\b(select|insert into|update) .+ (from|values|set) /i;

export function showsInternals(body: string): boolean {
  return INTERNALS.test(body);
}

type Scene = { tokens: string[]; slots: { id: string; key: string }[] };

/** Open slots on weekdays from three days on, and leads each invited to book one of them. */
export async function seedScene(handle: DatabaseHandle, options: { invitations: number; slots: number }): Promise<Scene> {
  const settings = await getOrganizationSettings();
  const today = dayIn(new Date(), settings.timezone);
  const slots: Scene["slots"] = [];
  for (let index = 0; index < options.slots; index += 1) {
    const date = addDaysToDate(today, 3 + Math.floor(index / 8));
    const hour = 9 + (index % 8);
    const slot = await addSlot(systemActor("console"), { date, startTime: `${String(hour).padStart(2, "0")}:00`, endTime: `${String(hour).padStart(2, "0")}:30`, status: "open" });
    slots.push({ id: slot.id, key: slotKeyOf(slot) });
  }
  const tokens: string[] = [];
  for (let index = 0; index < options.invitations; index += 1) {
    const [lead] = await handle.db.insert(leads).values({ name: `Visitor ${index}`, email: `visitor${index}@chaos.test`, source: "manual" }).returning();
    if (!lead) throw new Error("The lead was not saved");
    tokens.push((await createBookingInvitation({ actor: systemActor("console"), leadId: lead.id, windowDays: 14 })).bookingToken);
  }
  return { tokens, slots };
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

/**
 * What the stream did: each submission and its outcome; when the fault struck (the victim killed,
 * or the database restarted) and when it was over (the victim ready again, or the database
 * taking connections again); and, after a database restart, how long the processes took to be
 * ready again (`/readyz` 200) by themselves, counted from the database's return.
 */
export type Stream = { submissions: Submission[]; faultAt: number; recoveredAt: number; readyAgainMs: number | null };

/** How long every process takes to answer `/readyz` with 200, at most `limitMs` (then null). */
async function untilReady(apps: AppProcess[], limitMs = 120_000): Promise<number | null> {
  const started = Date.now();
  const ready = await Promise.all(
    apps.map(async (app) => {
      while (Date.now() - started < limitMs) {
        const answer = await fetch(`${app.url}/readyz`).catch(() => null);
        if (answer?.status === 200) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return null;
    }),
  );
  return ready.some((ms) => ms === null) ? null : Math.max(...(ready as number[]));
}

/**
 * A steady stream of submissions spread over the app processes, `concurrency` in flight at once;
 * halfway through, the fault: the last process SIGKILLed and started again, or the database restarted.
 */
export async function submitStream(
  apps: AppProcess[],
  scene: Scene,
  publicUrl: string,
  plan: { submissions: number; concurrency: number; fault: ChaosFault },
  log: (line: string) => void,
): Promise<Stream> {
  const victim = apps[apps.length - 1];
  if (!victim) throw new Error("No app process");
  const submissions: Submission[] = [];
  const freeTokens = [...scene.tokens];
  let faultAt = 0;
  let recoveredAt = 0;
  let readyAgainMs: number | null = null;
  let recovering: Promise<void> | undefined;
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
      const slot = scene.slots[index % scene.slots.length];
      submission = { kind, key: token, slotId: slot?.id, outcome: "unanswered" };
      answer = await post(`${app.url}/booking/${token}`, publicUrl, { intent: "book", slot: slot?.key ?? "", timeZone: "UTC" }, visitorAddress(index));
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
      submission.outcome = ok ? "accepted" : answer.status === 503 ? "unavailable" : answer.status >= 500 ? "failed" : "refused";
      submission.showedInternals = showsInternals(answer.body);
      if (submission.outcome === "failed") log(`${kind} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    submissions.push(submission);
    return submission.outcome;
  }

  async function strike(index: number): Promise<void> {
    if (plan.fault.kind === "kill") {
      await victim?.kill();
      faultAt = Date.now();
      log(`SIGKILLed ${victim?.name} after ${index} submissions; starting it again`);
      recovering = victim?.restart().then(() => {
        recoveredAt = Date.now();
        log(`${victim.name} started again after ${recoveredAt - faultAt} ms`);
      });
      return;
    }
    // The restart goes on beside the stream, as a failover does beside the visitors.
    const { restart } = plan.fault;
    faultAt = Date.now();
    log(`restarting ${restart.name} after ${index} submissions`);
    recovering = restart.restart().then(async () => {
      recoveredAt = Date.now();
      log(`${restart.name} back after ${recoveredAt - faultAt} ms; waiting for every process to be ready again`);
      readyAgainMs = await untilReady(apps);
      log(readyAgainMs === null ? "a process was not ready again within 2 minutes" : `every process ready again ${readyAgainMs} ms after the database's return`);
    });
  }

  async function lane(): Promise<void> {
    while (next < plan.submissions) {
      const index = next;
      next += 1;
      if (index === Math.floor(plan.submissions / 2)) await strike(index);
      // A steady stream: a visitor who got no answer comes back a moment later, not at once; one
      // asked to wait (503, Retry-After) when told, as a browser's retry or a proxy would.
      const outcome = await submitOne(index);
      if (outcome === "unanswered") await new Promise((resolve) => setTimeout(resolve, 250));
      if (outcome === "unavailable") await new Promise((resolve) => setTimeout(resolve, OUTAGE_RETRY_AFTER_SECONDS * 1000));
    }
  }
  await Promise.all(Array.from({ length: plan.concurrency }, () => lane()));
  await recovering;
  return { submissions, faultAt, recoveredAt, readyAgainMs };
}
