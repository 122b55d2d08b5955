// The soak of `npm run bench:load -- --soak S` (see bench/load.ts): steady load on the app alone and
// its resident memory over time.
import type { AppProcess } from "../support/app-process";
import { residentKbOf } from "../support/process-usage";
import { concurrency } from "./options";
import { pagesToLoad } from "./pages";
import type { Prepared } from "./prepare-data";
import { load, visitorAgents } from "./windows";

/**
 * Before the soak's first memory sample: the heap grows to its working size first (a run with 20 s
 * of warm-up grew 31% in its first 20 s, then 4% in the 280 s after).
 */
const SOAK_WARM_UP_MS = 60_000;

export async function soak(ours: AppProcess, origin: string, prepared: Prepared, cookie: string, seconds: number): Promise<void> {
  const [home, lead] = pagesToLoad(prepared, origin, cookie);
  if (!home || !lead) throw new Error("The soak needs the home page and the lead post");
  const agents = visitorAgents(concurrency);
  const homeCalls = home.calls(ours);
  const leadCalls = lead.calls(ours);
  const mixed = (visitor: number) => (visitor % 2 === 0 ? homeCalls(visitor) : leadCalls(visitor));
  console.log(`Soak warm-up (${SOAK_WARM_UP_MS / 1000} s)…`);
  await load(ours, agents, mixed, SOAK_WARM_UP_MS);
  const samples: { at: number; kb: number }[] = [];
  const started = Date.now();
  samples.push({ at: 0, kb: residentKbOf(ours.pid()) });
  const sampler = setInterval(() => {
    const sample = { at: Math.round((Date.now() - started) / 1000), kb: residentKbOf(ours.pid()) };
    samples.push(sample);
    console.log(`  ${sample.at} s: RSS ${(sample.kb / 1024).toFixed(1)} MB`);
  }, 10_000);
  const window = await load(ours, agents, mixed, seconds * 1000);
  clearInterval(sampler);
  samples.push({ at: Math.round((Date.now() - started) / 1000), kb: residentKbOf(ours.pid()) });
  for (const agent of agents) agent.destroy();
  const first = samples[0]?.kb ?? 0;
  const last = samples.at(-1)?.kb ?? 0;
  const peak = Math.max(...samples.map((sample) => sample.kb));
  const growth = ((last - first) / first) * 100;
  console.log(
    `\nSoak: ${seconds} s, ${concurrency} visitors (half on /, half posting /inquiry): ${window.rps.toFixed(0)} req/s, p50 ${window.p50.toFixed(1)} ms, p95 ${window.p95.toFixed(1)} ms, ` +
      `${window.requests} requests, ${window.errors} errors${window.firstError ? ` (first: ${window.firstError})` : ""}`,
  );
  console.log(
    `RSS ${(first / 1024).toFixed(1)} MB → ${(last / 1024).toFixed(1)} MB (peak ${(peak / 1024).toFixed(1)} MB), growth ${growth.toFixed(1)}%: goal < 10% ${growth < 10 ? "met" : "NOT met"}`,
  );
}
