import { EventEmitter } from "node:events";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** `raw`: the message exactly as it arrived (headers and MIME body), e.g. for a spam filter. */
export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: Buffer };

/**
 * A real SMTP server in the test process. `refuse` makes it answer every
 * message with a temporary failure (an outage) until it is switched off.
 */
export type TestMailServer = {
  port: number;
  url: string;
  messages: ReceivedMail[];
  refuse(mode: "temporary" | "permanent" | false): void;
  /** Answers RCPT TO for this address with 550 (no such mailbox), as a real server does. */
  refuseRecipient(address: string): void;
  /** Holds every message's final answer (a slow server) until the returned release is called. */
  hold(): () => void;
  /** Messages whose data has arrived and whose answer is not given yet: a sender has them in hand. */
  inHand(): number;
  /**
   * The first message, received or to come, that matches: awaited on the server's own arrival
   * event, with no clock of its own (the test's timeout bounds it), so a slow machine delays the
   * answer but never fails it.
   */
  waitFor(predicate: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

export async function startMailServer(): Promise<TestMailServer> {
  const messages: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  let refusing: "temporary" | "permanent" | false = false;
  const unknownRecipients = new Set<string>();
  let held: Promise<void> = Promise.resolve();
  let inHand = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!unknownRecipients.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => (inHand += 1));
      stream.on("end", () => void held.then(() => {
        inHand -= 1;
        if (refusing) {
          const error = Object.assign(new Error(refusing === "temporary" ? "Try again later" : "Mailbox unavailable"), {
            responseCode: refusing === "temporary" ? 451 : 550,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            const received = Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((to) => to.address), raw });
            messages.push(received);
            callback();
            arrivals.emit("message", received);
          })
          .catch(callback);
      }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(mode) {
      refusing = mode;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = Promise.resolve();
        release();
      };
    },
    inHand: () => inHand,
    refuseRecipient(address) {
      unknownRecipients.add(address.toLowerCase());
    },
    waitFor(predicate) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve) => {
        const onMessage = (received: ReceivedMail) => {
          if (!predicate(received)) return;
          arrivals.off("message", onMessage);
          resolve(received);
        };
        arrivals.on("message", onMessage);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
