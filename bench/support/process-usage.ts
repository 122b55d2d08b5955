import fs from "node:fs";

/** CPU time (user + system, ms) a process has used so far, all its threads; null when it cannot be read (Linux only). */
export function cpuMsOf(pid: number | undefined): number | null {
  return cpuMsIn(`/proc/${pid}/stat`);
}

/**
 * CPU time (ms) of a process's main thread alone: for Node, the JavaScript. The rest of
 * `cpuMsOf` is its other threads' (V8's garbage-collection helpers, libuv's pool: zlib, files).
 */
export function mainThreadCpuMsOf(pid: number | undefined): number | null {
  return cpuMsIn(`/proc/${pid}/task/${pid}/stat`);
}

function cpuMsIn(statFile: string): number | null {
  try {
    const fields = fs.readFileSync(statFile, "utf8").split(") ")[1]?.split(" ") ?? [];
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

/**
 * The process that listens on a local TCP port (Linux only): the socket's inode from
 * /proc/net/tcp{,6}, then the process holding it among /proc/PID/fd. The server itself, not the
 * `npm` or shell that started it, whose CPU time would read 0.
 */
export function listenerPidOf(port: number): number | undefined {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let rows: string[] = [];
    try {
      rows = fs.readFileSync(table, "utf8").trim().split("\n").slice(1);
    } catch {
      continue;
    }
    for (const row of rows) {
      const fields = row.trim().split(/\s+/);
      // local_address is field 2 ("ADDR:PORT" in hex), st field 4 ("0A" is LISTEN), inode field 10.
      if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === "0A" && fields[9]) inodes.add(`socket:[${fields[9]}]`);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let descriptors: string[] = [];
    try {
      descriptors = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const descriptor of descriptors) {
      try {
        if (inodes.has(fs.readlinkSync(`/proc/${entry}/fd/${descriptor}`))) return Number(entry);
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return undefined;
}
