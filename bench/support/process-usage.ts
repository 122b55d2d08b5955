import fs from "node:fs";

/** CPU time (user + system, ms) a process has used so far; null when it cannot be read (Linux only). */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of the file, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** A process's resident memory, in KB (Linux only). */
export function residentKbOf(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}
