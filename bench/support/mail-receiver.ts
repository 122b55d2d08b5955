import { SMTPServer } from "smtp-server";

/** A message as it arrived: its Message-ID (the outbox row's id, see app/email/message-sending.server.ts) and when. */
export type Arrival = { messageId: string; to: string[]; at: number };

/** A real SMTP server in this process that notes every message it accepts. */
export type MailReceiver = { url: string; arrivals: Arrival[]; stop(): Promise<void> };

export async function startMailReceiver(): Promise<MailReceiver> {
  const arrivals: Arrival[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const headers = Buffer.concat(chunks).toString("utf8").split(/\r?\n\r?\n/)[0] ?? "";
        const messageId = /^message-id:\s*<([^>]+)>/im.exec(headers)?.[1] ?? "";
        arrivals.push({ messageId, to: session.envelope.rcptTo.map((to) => to.address), at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, arrivals, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The outbox id a Message-ID names (`<id@outbox.domain>`). */
export function outboxIdOf(messageId: string): string {
  return messageId.split("@")[0] ?? messageId;
}
