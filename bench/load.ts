// `npm run bench:load`: the site's throughput and latency under load, each page side by side
// with the floor: the same page of the same production build served by a bare node:http listener
// calling React Router's request handler and nothing else (bench/bare-listener.mjs). Both run on
// PostgreSQL (one bench database, made afresh) on this machine, with the load client.
//
// Pages: the home page, a lead POST (/inquiry, the inquiry dialog's form), /admin/leads signed in,
// a booking page on one hot link (kept in memory after its first view), and booking pages each on
// its own link (every request a link's first view). Per page: a warm-up on each server, then
// `--rounds` windows on each, alternating (ours, bare, then bare, ours, ...), `--duration` seconds
// each (first views: `--first-views` requests each, on links nobody opened yet).
//
// `--soak S`: instead, S seconds of steady load on the app alone (half the visitors on the home
// page, half posting leads), the server's resident memory sampled every 10 s; the goal is < 10%
// growth from the first sample (taken after a 60 s warm-up) to the last.
//
// Public posts are rate-limited per address (decision 023; the forms: 10 an hour per address,
// 500 an hour overall). The bench lets every post through without touching the app: each visitor
// (connection) comes from its own loopback address (127.0.0.2, .3, ...: the whole 127/8 is this
// machine), and the bench empties the rate-limit counters in its own database every 50 ms, as if
// each 50 ms were a new hour. Every post still counts itself in the database as in production.
//
// Visitors send their next request as soon as they have an answer (a closed loop: at saturation
// p95 is about concurrency / throughput), except on the lead POST's second row, where the 50
// visitors together offer `--lead-rate` posts a second: the latency of a post below saturation.
//
// Options: --duration S (10), --rounds N (3), --concurrency N (50), --first-views N (300), --lead-rate N (100),
// --soak S, --database URL (postgres://postgres@127.0.0.1:5432; the bench makes and drops its
// own database there), --pages home,lead,lead-rate,admin,booking,first-view (all), --jobs where ours
// runs the background jobs (decision 034): thread (its jobs thread, the default on PostgreSQL),
// process (a worker process beside it, `node worker.js`, and ours with JOBS=off) or main (its main
// thread, within the jobs' budget).
//
// --before DIR: a third server, `node server.js` of another checkout (main before a change, built
// there) on the same database, loaded in the same alternating windows: before/after rows in one run.
//
// The pieces, in load/: options, the bench's database and the data prepared in it, the pages, a
// window of load on one server, the side-by-side windows, their table, and the soak.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { freePort } from "../scripts/free-port.mjs";
import { startAppProcess } from "./support/app-process";
import { openBenchDatabase, recreateDatabase } from "./load/bench-database";
import { ADMIN, beforeDir, DATABASE_NAME, databaseUrl, firstViews, jobsWhere, pagesWanted, prepareFile, rounds, soakSeconds } from "./load/options";
import { pagesToLoad, signIn } from "./load/pages";
import { prepareData, prepareInChild } from "./load/prepare-data";
import { printComparison } from "./load/report";
import { FIRST_VIEW_WARM_UP, sideBySide } from "./load/side-by-side";
import { soak } from "./load/soak";

async function main(): Promise<void> {
  const root = path.resolve(".");
  buildIfStale(root);
  await recreateDatabase();
  const windowsWithFirstViews = pagesWanted.has("first-view") && soakSeconds === null ? 2 * (rounds * firstViews + FIRST_VIEW_WARM_UP) : 0;
  console.log(`Preparing ${DATABASE_NAME} (demo data, ${windowsWithFirstViews + 1} invitations)…`);
  const prepared = await prepareInChild(windowsWithFirstViews + 1);
  const [oursPort, barePort] = [await freePort(), await freePort()];
  const origin = `http://localhost:${oursPort}`;
  const env = { NODE_ENV: "production", DATABASE_URL: databaseUrl, PUBLIC_URL: origin, SMTP_URL: "", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const ours = await startAppProcess("ours", oursPort, { ...env, JOBS: jobsWhere === "process" ? "off" : jobsWhere });
  const servers = [ours];
  if (jobsWhere === "process") servers.push(await startAppProcess("worker", await freePort(), env, { file: "worker.js", readyLine: "background jobs running on" }));
  console.log(`Ours runs the background jobs ${jobsWhere === "process" ? "in a worker process beside it" : `on its ${jobsWhere} thread`}.`);
  const database = await openBenchDatabase();
  try {
    const cookie = await signIn(ours, origin);
    const loadBefore = os.loadavg();
    if (soakSeconds !== null) {
      await soak(ours, origin, prepared, cookie, soakSeconds);
    } else {
      const bare = await startAppProcess("bare", barePort, env, { file: "bench/bare-listener.mjs", readyLine: "bare ready" });
      servers.push(bare);
      const before = beforeDir
        ? await startAppProcess("before", await freePort(), { ...env, JOBS: jobsWhere === "process" ? "off" : jobsWhere }, { file: "server.js", readyLine: "ready at", cwd: path.resolve(beforeDir) })
        : undefined;
      if (before) servers.push(before);
      printComparison(await sideBySide(ours, bare, pagesToLoad(prepared, origin, cookie), database, before));
    }
    const load = (averages: number[]) => averages.map((value) => value.toFixed(1)).join(" / ");
    console.log(`Load average (1/5/15 min) before: ${load(loadBefore)}, after: ${load(os.loadavg())}; ${os.cpus().length} CPUs; ${new Date().toISOString()}`);
  } finally {
    await database.close();
    for (const server of servers) await server.stop();
  }
}

if (prepareFile) {
  fs.writeFileSync(prepareFile, JSON.stringify(await prepareData(firstViews)));
} else {
  await main();
}
