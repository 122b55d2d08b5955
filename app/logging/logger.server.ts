import { destination as pinoDestination, pino, stdTimeFunctions, type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "~/config.server";
import { lineForPeople } from "./log-lines-for-people";
import { maskEmailAddresses } from "./log-redaction";

/**
 * The process's one logger: JSON lines on standard output (one per request, per background job
 * run, per failure), for journald or a log shipper; readable lines when a person watches a
 * terminal. Passwords, tokens, cookies and authorization headers in logged objects are replaced,
 * and e-mail addresses in every logged text are masked (log-redaction.ts).
 *
 * Made at import with a level by NODE_ENV (tests log nothing: the runner's output is theirs);
 * startApplication sets the configured LOG_LEVEL.
 */
export const logger: Logger = pino(
  {
    level: process.env.NODE_ENV === "test" ? "silent" : "info",
    timestamp: stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: maskAddressesInFields,
    },
    hooks: {
      logMethod(args, method) {
        const masked = args.map((argument: unknown) => (typeof argument === "string" ? maskEmailAddresses(argument) : argument));
        method.apply(this, masked as Parameters<typeof method>);
      },
    },
    redact: {
      paths: ["password", "token", "cookie", "authorization", "*.password", "*.token", "*.cookie", "*.authorization", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  },
  destination(),
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

/**
 * Written synchronously: lines keep their order and none is lost when the process exits right after
 * its last one (a stop's "stopped"); pino's default buffers and writes later.
 */
function destination(): DestinationStream {
  if (!process.stdout.isTTY || process.env.NODE_ENV === "test") return pinoDestination({ dest: 1, sync: true });
  return { write: (line: string) => void process.stdout.write(lineForPeople(line)) };
}

/** The fields of one line with e-mail addresses masked, an error's message and stack included. */
function maskAddressesInFields(fields: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") masked[name] = maskEmailAddresses(value);
    else if (value instanceof Error) masked[name] = { type: value.name, message: maskEmailAddresses(value.message), stack: maskEmailAddresses(value.stack ?? "") };
    else masked[name] = value;
  }
  return masked;
}
