import { afterEach, beforeEach, vi } from "vitest";
import { logger } from "~/logging/logger.server";

// An unexpected console.error, or error logged through the app's logger, fails the test that caused it.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  const record = (...args: unknown[]) => {
    errors.push(args);
  };
  vi.spyOn(console, "error").mockImplementation(record);
  vi.spyOn(logger, "error").mockImplementation(record);
  vi.spyOn(logger, "fatal").mockImplementation(record);
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  vi.mocked(logger.error).mockRestore();
  vi.mocked(logger.fatal).mockRestore();
  if (errors.length > 0) {
    const first = errors[0]?.map(describe).join(" ");
    throw new Error(`an error was logged ${errors.length} time(s); first: ${first}`);
  }
});

/** A logged part as text: an error by its message, the logger's fields with their error's message. */
function describe(part: unknown): string {
  if (part instanceof Error) return part.message;
  if (typeof part !== "object" || part === null) return String(part);
  return JSON.stringify(part, (_name, value: unknown) => (value instanceof Error ? value.message : value));
}
