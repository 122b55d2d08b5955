import { describe, expect, it } from "vitest";
import { lineForPeople } from "./log-lines-for-people";

describe("log lines for a terminal", () => {
  it("show the time, the level, the message and the fields", () => {
    const line = JSON.stringify({ level: "info", time: "2026-11-24T13:04:05.123Z", pid: 7, hostname: "h", msg: "request", method: "GET", status: 200, duration_ms: 3.2 });
    expect(lineForPeople(line)).toBe("13:04:05 INFO  request method=GET status=200 duration_ms=3.2\n");
  });

  it("put an error's stack under its line", () => {
    const line = JSON.stringify({ level: "error", time: "2026-11-24T13:04:05.123Z", msg: "job failed", job: "deliver e-mail", err: { message: "boom", stack: "Error: boom\n    at x" } });
    expect(lineForPeople(line)).toBe('13:04:05 ERROR job failed job=deliver e-mail\n  Error: boom\n      at x\n');
  });

  it("pass through what is not JSON", () => {
    expect(lineForPeople("plain words\n")).toBe("plain words\n");
  });
});
