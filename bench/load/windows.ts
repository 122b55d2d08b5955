// A window of `npm run bench:load`: the visitors load one server for a while, and what it answered.
import http from "node:http";
import type { AppProcess } from "../support/app-process";
import { percentile } from "../support/figures.mjs";
import { cpuMsOf } from "../support/process-usage";

const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** One request of a page's load; `expect` is the status every answer must have. */
export type Call = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string; expect: number };
type Answer = { status: number; bytes: number };

/**
 * The load's visitors: one keep-alive connection each, each from its own loopback address, so
 * per-address limits count each visitor apart as they would on the Internet.
 */
export function visitorAgents(count: number): http.Agent[] {
  return Array.from({ length: count }, (_, index) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${Math.floor((index + 2) / 250)}.${((index + 2) % 250) + 1}` }));
}

function send(port: number, agent: http.Agent, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: call.method, path: call.path, agent, headers: { "Accept-Encoding": ACCEPT_ENCODING, ...call.headers } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(call.body);
  });
}

export type Window = { requests: number; errors: number; firstError: string | null; rps: number; p50: number; p95: number; serverCpuMs: number | null };

/**
 * Loads one server: `concurrency` visitors, each sending its next call as soon as the previous
 * answer is in, until the time is up (`until`) or the calls run out (`next` answers null).
 */
export async function load(server: AppProcess, agents: http.Agent[], next: (visitor: number) => Call | null, untilMs: number | null, ratePerSecond?: number): Promise<Window> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const cpuBefore = cpuMsOf(server.pid());
  const started = performance.now();
  const deadline = untilMs === null ? Infinity : started + untilMs;
  await Promise.all(
    agents.map(async (agent, visitor) => {
      // Paced: each visitor sends on its own schedule, so that together they offer `ratePerSecond`.
      const interval = ratePerSecond ? (agents.length / ratePerSecond) * 1000 : 0;
      let due = started + (interval * visitor) / agents.length;
      for (let call = next(visitor); call && performance.now() < deadline; call = next(visitor)) {
        if (interval) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
          due += interval;
          if (performance.now() >= deadline) break;
        }
        const begin = performance.now();
        try {
          const answer = await send(server.port, agent, call);
          latencies.push(performance.now() - begin);
          if (answer.status !== call.expect || answer.bytes === 0) {
            errors += 1;
            firstError ??= `${call.method} ${call.path}: HTTP ${answer.status}, ${answer.bytes} bytes`;
          }
        } catch (error) {
          errors += 1;
          firstError ??= `${call.method} ${call.path}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMsOf(server.pid());
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    firstError,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    serverCpuMs: cpuBefore !== null && cpuAfter !== null && latencies.length > 0 ? (cpuAfter - cpuBefore) / latencies.length : null,
  };
}
