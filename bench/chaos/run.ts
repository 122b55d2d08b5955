import { openEmbeddedDatabase } from "~/db/embedded-database.server";
import { openServerDatabase } from "~/db/server-database.server";
import { setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { seedReferenceData } from "~/reference-data.server";
import { freePort } from "../../scripts/free-port.mjs";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { startMailReceiver } from "../support/mail-receiver";
import { countDoubleBooked, countLost, DELIVERY_BOUND_MS, deliveryFigures, waitForOutbox, waitForQuiet } from "./checks";
import { seedScene, submitStream, type ChaosFault } from "./submissions";
import { composeDomainEvents } from "~/domain-event-handlers.server";

export type { ChaosFault, DatabaseRestart } from "./submissions";

/**
 * The failure test (`npm run chaos`, and small in tests/integration/multi-process.test.ts): a steady
 * stream of public submissions (promo claims, inquiries, contact messages, booking confirmations)
 * spread over the app processes; halfway, one of them SIGKILLed and started again, or (PostgreSQL)
 * the database restarted under them; then the checks: every submission answered with success is in
 * the database, every e-mail in the outbox arrived exactly once at a real SMTP server, no slot is
 * booked twice, no process died, and no answer was a fault or showed internals.
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
  /** What strikes halfway: a process killed (the default), or the database restarted (PostgreSQL). */
  fault?: ChaosFault;
  /** The app processes' outbox lease (OUTBOX_LEASE_MS), when not the default 30 s. */
  leaseMs?: number;
  log?: (line: string) => void;
};

export type ChaosFigures = {
  database: string;
  processes: number;
  submissions: number;
  accepted: number;
  /** Answered with a refusal (e.g. a slot someone else just booked). */
  refused: number;
  /** Answered 503: the database was away; nothing was saved. */
  unavailable: number;
  /** No answer: the process was killed, or not started again yet. */
  unanswered: number;
  /** Answered with another 5xx: a fault. */
  failed: number;
  /** Answers that showed internals (a stack, SQL, a driver's words). */
  showedInternals: number;
  kills: number;
  databaseRestarts: number;
  /** App processes found not running at the end (that died on their own; a killed one was started again). */
  died: number;
  /** App processes that did not stop within a minute of SIGTERM at the end. */
  stuck: number;
  /** After a database restart: how long until every process answered /readyz 200 by itself (null: not within 2 minutes). */
  readyAgainMs: number | null;
  /** E-mails the SMTP server had accepted while the database was away, whose outcome their sender kept and wrote once it answered. */
  outcomesKept: number;
  /** Accepted submissions not in the database. */
  lost: number;
  emails: number;
  /** Outbox messages claimed more than once: those the killed process held, sent by the next claim after its lease ran out. */
  takenOver: number;
  /** Outbox messages that arrived more than once. */
  duplicated: number;
  /** Outbox messages that never arrived. */
  undelivered: number;
  /** Messages queued before the fault and delivered after it: the latest of them, after the fault. */
  maxDeliveryDelayAfterFaultMs: number;
  /** The longest any message took from its queueing to its arrival. */
  maxDeliveryMs: number;
  doubleBookedSlots: number;
};

/** Whether the figures fail the test: anything lost, doubled, undelivered or late; a process dead, not ready again within 60 s, a fault or internals shown; a slot booked twice. */
export function failedChecks(figures: ChaosFigures): string[] {
  const failures: string[] = [];
  if (figures.lost > 0) failures.push(`${figures.lost} accepted submission(s) lost`);
  if (figures.duplicated > 0) failures.push(`${figures.duplicated} e-mail(s) delivered twice`);
  if (figures.undelivered > 0) failures.push(`${figures.undelivered} e-mail(s) never delivered`);
  if (figures.maxDeliveryDelayAfterFaultMs > DELIVERY_BOUND_MS) failures.push("e-mail delivered more than 2 minutes after the fault");
  if (figures.died > 0) failures.push(`${figures.died} process(es) died`);
  if (figures.stuck > 0) failures.push(`${figures.stuck} process(es) did not stop on SIGTERM`);
  if (figures.databaseRestarts > 0 && (figures.readyAgainMs === null || figures.readyAgainMs > 60_000)) failures.push("a process was not ready again within 60 s");
  if (figures.failed > 0) failures.push(`${figures.failed} answer(s) were faults (5xx other than 503)`);
  if (figures.showedInternals > 0) failures.push(`${figures.showedInternals} answer(s) showed internals`);
  if (figures.doubleBookedSlots > 0) failures.push(`${figures.doubleBookedSlots} slot(s) booked twice`);
  return failures;
}

/** How long a process may take to stop on SIGTERM at the end of the run (its shutdown deadline is 10 s). */
const STOP_LIMIT_MS = 60_000;

export async function openTarget(target: ChaosTarget): Promise<DatabaseHandle> {
  // Its scenes are written by the app's services, which publish their events as in the app.
  composeDomainEvents();
  return target.kind === "server" ? openServerDatabase(target.databaseUrl, 2) : openEmbeddedDatabase(target.dataDir);
}

export async function runChaos(options: ChaosOptions): Promise<ChaosFigures> {
  const log = options.log ?? (() => {});
  const fault: ChaosFault = options.fault ?? { kind: "kill" };
  if (fault.kind === "restart-database" && options.target.kind !== "server") throw new Error("Only a PostgreSQL server restarts under the app: the embedded database lives in its process");
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
  // The processes reach a restarted database by its own address, or through the proxy that plays the restart.
  const serverUrl = options.target.kind === "server" ? options.target.databaseUrl : "";
  const environment = {
    ...(options.target.kind === "server"
      ? { DATABASE_URL: fault.kind === "restart-database" ? fault.restart.appUrl(serverUrl) : serverUrl }
      : { DATABASE_URL: "", DATA_DIR: options.target.dataDir }),
    SMTP_URL: mail.url,
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: "owner@chaos.test",
    ADMIN_PASSWORD: "chaos-admin-password",
    ...(options.leaseMs ? { OUTBOX_LEASE_MS: String(options.leaseMs) } : {}),
  };
  const apps: AppProcess[] = [];
  try {
    // One after the other: the first migrates and makes the first admin alone.
    for (const [index, port] of ports.entries()) apps.push(await startAppProcess(`app ${index + 1}`, port, environment));
    log(`${apps.length} app process(es) on ${options.target.kind === "server" ? "PostgreSQL" : "the embedded database"}; SMTP at ${mail.url}`);

    const stream = await submitStream(apps, scene, publicUrl, { ...options, fault }, log);
    log(`${stream.submissions.length} submissions sent; waiting for the e-mail`);

    if (options.target.kind === "server") {
      await waitForOutbox(handle, stream.faultAt);
    } else {
      await waitForQuiet(mail.arrivals, stream.faultAt, stream.recoveredAt, options.leaseMs);
    }
    const died = apps.filter((app) => !app.running()).length;
    // Each outcome a sender kept through the outage and wrote once the database answered (app/email/delivery-outcome.server.ts) says so in its log.
    const outcomesKept = apps.reduce((count, app) => count + (app.output().match(/e-mail outcome written once the database answered again/g)?.length ?? 0), 0);
    let stuck = 0;
    for (const app of apps) {
      // A stop that hangs (a connection never returned to its pool) is a failure, not a wait forever.
      const stopped = await Promise.race([app.stop().then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_LIMIT_MS))]);
      if (!stopped) {
        stuck += 1;
        log(`${app.name} did not stop within ${STOP_LIMIT_MS / 1000} s of SIGTERM; killed`);
        await app.kill();
      }
    }

    const verifier = options.target.kind === "server" ? handle : await openTarget(options.target);
    setCurrentDatabase(verifier);
    try {
      return {
        database: options.target.kind === "server" ? "PostgreSQL" : "embedded (PGlite)",
        processes: apps.length,
        submissions: stream.submissions.length,
        accepted: stream.submissions.filter((s) => s.outcome === "accepted").length,
        refused: stream.submissions.filter((s) => s.outcome === "refused").length,
        unavailable: stream.submissions.filter((s) => s.outcome === "unavailable").length,
        unanswered: stream.submissions.filter((s) => s.outcome === "unanswered").length,
        failed: stream.submissions.filter((s) => s.outcome === "failed").length,
        showedInternals: stream.submissions.filter((s) => s.showedInternals).length,
        kills: fault.kind === "kill" && stream.faultAt ? 1 : 0,
        databaseRestarts: fault.kind === "restart-database" && stream.faultAt ? 1 : 0,
        died,
        stuck,
        readyAgainMs: stream.readyAgainMs,
        outcomesKept,
        lost: await countLost(verifier, stream.submissions),
        ...(await deliveryFigures(verifier, mail.arrivals, stream.faultAt)),
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
