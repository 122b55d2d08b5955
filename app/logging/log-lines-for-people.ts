/**
 * One JSON log line as a person at a terminal reads it: `13:04:05 INFO  request method=GET …`.
 * Used when standard output is a terminal (`npm start` by hand); anywhere else the JSON lines
 * go out as they are, for journald or a log shipper.
 */
const LEFT_OUT = new Set(["time", "level", "msg", "pid", "hostname", "err"]);

export function lineForPeople(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === "string" ? entry.time.slice(11, 19) : "";
  const level = String(entry.level ?? "").toUpperCase().padEnd(5);
  const fields = Object.entries(entry)
    .filter(([name]) => !LEFT_OUT.has(name))
    .map(([name, value]) => `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const head = [time, level, String(entry.msg ?? ""), ...fields].filter((part) => part !== "").join(" ");
  const error = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const detail = error ? `\n  ${String(error.stack ?? error.message ?? "").replaceAll("\n", "\n  ")}` : "";
  return `${head}${detail}\n`;
}
