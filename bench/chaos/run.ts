import { openEmbeddedDatabase, openServerDatabase, setCurrentDatabase, type DatabaseHandle } from "~/db/connection.server";
import { seedReferenceData } from "~/reference-data.server";
import { freePort } from "../../scripts/free-port.mjs";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { startMailReceiver } from "../support/mail-receiver";
import { countDoubleBooked, countLost, deliveryFigures, waitForOutbox, waitForQuiet } from "./checks";
import { seedScene, submitStream } from "./submissions";

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

export async function openTarget(target: ChaosTarget): Promise<DatabaseHandle> {
  return target.kind === "server" ? openServerDatabase(target.databaseUrl, 2) : openEmbeddedDatabase(target.dataDir);
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

    const stream = await submitStream(apps, scene, publicUrl, options, log);
    log(`${stream.submissions.length} submissions sent; waiting for the e-mail`);

    if (options.target.kind === "server") {
      await waitForOutbox(handle, stream.killedAt);
    } else {
      await waitForQuiet(mail.arrivals, stream.killedAt, stream.restartedAt);
    }
    for (const app of apps) await app.stop();

    const verifier = options.target.kind === "server" ? handle : await openTarget(options.target);
    setCurrentDatabase(verifier);
    try {
      return {
        database: options.target.kind === "server" ? "PostgreSQL" : "embedded (PGlite)",
        processes: apps.length,
        submissions: stream.submissions.length,
        accepted: stream.submissions.filter((s) => s.outcome === "accepted").length,
        refused: stream.submissions.filter((s) => s.outcome === "refused").length,
        unanswered: stream.submissions.filter((s) => s.outcome === "unanswered").length,
        kills: stream.killedAt ? 1 : 0,
        lost: await countLost(verifier, stream.submissions),
        ...(await deliveryFigures(verifier, mail.arrivals, stream.killedAt)),
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
