// The comparison of `npm run bench:load`: each page on the site and on the bare listener
// (bench/bare-listener.mjs), window by window.
import type { AppProcess } from "../support/app-process";
import type { BenchDatabase } from "./bench-database";
import { concurrency, durationMs, rounds } from "./options";
import type { Page } from "./pages";
import { load, visitorAgents, type Window } from "./windows";

const WARM_UP_MS = 3000;
export const FIRST_VIEW_WARM_UP = 50;

/** A page's windows on each server. */
export type Row = { page: string; ours: Window[]; bare: Window[]; before: Window[] };

/**
 * Each page on both servers: a warm-up on each, then `--rounds` windows on each, alternating (ours,
 * bare, then bare, ours, ...); prints each window as it ends.
 */
export async function sideBySide(ours: AppProcess, bare: AppProcess, pages: Page[], database: BenchDatabase, before?: AppProcess): Promise<Row[]> {
  const rows: Row[] = [];
  const servers = before ? [ours, bare, before] : [ours, bare];
  for (const page of pages) {
    const row: Row = { page: page.name, ours: [], bare: [], before: [] };
    const agents = new Map(servers.map((server) => [server, visitorAgents(concurrency)]));
    const windowOf = (server: AppProcess, warmUp: boolean) => {
      const next = page.calls(server);
      if (page.requestsPerWindow === undefined) return load(server, agents.get(server) ?? [], next, warmUp ? WARM_UP_MS : durationMs, page.ratePerSecond);
      let left = warmUp ? FIRST_VIEW_WARM_UP : page.requestsPerWindow;
      return load(server, agents.get(server) ?? [], () => (left-- > 0 ? next(0) : null), null);
    };
    for (const server of servers) await windowOf(server, true);
    for (let round = 0; round < rounds; round += 1) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        await database.outboxDrained();
        const window = await windowOf(server, false);
        (server === ours ? row.ours : server === bare ? row.bare : row.before).push(window);
        const cpu = window.serverCpuMs === null ? "" : `, server CPU ${window.serverCpuMs.toFixed(2)} ms/request`;
        console.log(
          `  ${page.name} — ${server.name}: ${window.rps.toFixed(0)} req/s, p50 ${window.p50.toFixed(1)} ms, p95 ${window.p95.toFixed(1)} ms, ${window.requests} requests${cpu}` +
            (window.errors ? `, ${window.errors} ERRORS (first: ${window.firstError})` : ""),
        );
      }
    }
    for (const agent of agents.values()) for (const each of agent) each.destroy();
    rows.push(row);
  }
  return rows;
}
