// `npm run bench:first-tap`: how long a new visitor on a slow phone waits after tapping each call to
// action of the public pages, from the tap to what it does on screen. Prints every run and the
// medians and writes docs/benchmarks/first-tap.md. FIRST_TAP_RUNS (default 5) sets the runs per call
// to action, FIRST_TAP_ONLY keeps the calls to action whose page or label contains it (e.g. "header", "/portfolio").
//
// The phone: 412×915 CSS px at 2.625, touch, a mobile user agent; the network slowed through the
// DevTools protocol to 150 ms latency, 1.6 Mbps down and 750 Kbps up, the CPU 4× slower; a fresh
// browser context per run (cold cache, no cookies). Debian's Chromium (/usr/bin/chromium, or
// CHROME_PATH) against the production build on an empty embedded database.
//
// Two scenarios per call to action, alternating run by run:
// - untouched: the page gets no input at all until the tap, 1.5 s after its `load` event. If the
//   call to action is not fully on screen the bench scrolls to it right after `load`, from script
//   (`scrollIntoView`), which is no touch and, unlike a visitor's scroll, does not start the app
//   (decision 014). Each run records the touches, key presses and focus changes the page saw
//   before the tap, and the bytes of JavaScript it had downloaded: a phone that only reads should
//   download none.
// - touched first: one tap on the page's heading (text, nothing interactive) 1.0 s after `load`,
//   as a reader's first scroll starts with a touch, then the tap on the call to action 3.0 s after
//   `load`.
// The header's offer button is hidden below 640 px: then the bench taps "Open menu" and, 1 s after
// the menu shows, the offer in the menu, each timed from its own tap (two rows).
// The tap is a real touch (`touchscreen.tap` at the element's centre, found by role and accessible
// name, a link or a button) and the time runs from the tap's own timestamp in the page
// (`event.timeStamp` of its `pointerdown`, the moment the touch was dispatched, so a busy main
// thread that handles it late counts) to the first frame that shows its effect:
// - dialog: a newly shown `[role=dialog]` or `dialog[open]` that holds the focus;
// - menu: a newly shown popover, or a dialog holding a `nav` (the mobile menu), visible;
// - scroll: for an in-page link, its target's top edge in the upper half of the screen;
// - page: a new document; the time runs to its `first-contentful-paint`. The tapped page stores the
//   tap's wall-clock time, `performance.timeOrigin + event.timeStamp`, in sessionStorage; the new
//   document reads it and subtracts it from `performance.timeOrigin + paint.startTime`. Both are
//   the same browser's wall clock in milliseconds, so the two documents' times compare even when
//   the new one runs in another renderer process (to within the processes' clock conversion,
//   about a millisecond);
// - page (in app): the app's router changed the address without a new document; the time runs to
//   the first frame with the new address (if no dialog shows within 0.5 s after it).
// A frame's time is taken after its rendering: each animation frame after the tap checks the
// page, and on the first that shows the effect a message posted from that callback runs after the
// frame's style, layout and paint steps and reads the clock. The watching runs in the page
// (installed before any of the page's scripts with addInitScript), so the figures do not depend on
// how often Node asks for them (one small task in the page every 150 ms).
/* global window, document, location, sessionStorage, performance, PerformanceObserver, MessageChannel, Element, addEventListener, getComputedStyle, requestAnimationFrame, scrollTo, scrollY, innerHeight, innerWidth -- the functions passed to the page run there */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, devices } from "playwright-core";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { startProductionApp } from "./support/production-app.mjs";

const RUNS = Number(process.env.FIRST_TAP_RUNS ?? 5);
const ONLY = (process.env.FIRST_TAP_ONLY ?? "").toLowerCase();
const GOAL_MS = 1000;
const UNTOUCHED_TAP_AFTER_LOAD_MS = 1500;
const FIRST_TOUCH_AFTER_LOAD_MS = 1000;
const TOUCHED_TAP_AFTER_LOAD_MS = 3000;
/** A visitor reads the opened menu before tapping in it. */
const MENU_READING_MS = 1000;
const OUTCOME_TIMEOUT_MS = 30_000;
const root = path.resolve(import.meta.dirname, "..");

const PHONE = {
  viewport: { width: 412, height: 915 },
  screen: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent: devices["Pixel 7"].userAgent,
};
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

const SCENARIOS = [
  { key: "untouched", title: "untouched", headingTouchAtMs: null, tapAtMs: UNTOUCHED_TAP_AFTER_LOAD_MS },
  { key: "touched", title: "touched first", headingTouchAtMs: FIRST_TOUCH_AFTER_LOAD_MS, tapAtMs: TOUCHED_TAP_AFTER_LOAD_MS },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Runs in every document of a run before its own scripts. Counts the page's input, and from each
 * measured tap (the n-th `pointerdown`, n in `measuredTaps`) watches the frames for its effect;
 * a new document reports the first paint after a tap that left the previous one.
 */
function watchTaps({ measuredTaps, storageKey }) {
  const state = { touches: 0, keys: 0, focusChanges: 0, touched: [], results: {} };
  window.__firstTapBench = state;

  const pending = sessionStorage.getItem(storageKey);
  if (pending) {
    sessionStorage.removeItem(storageKey);
    const tap = JSON.parse(pending);
    new PerformanceObserver((list, observer) => {
      const paint = list.getEntries().find((entry) => entry.name === "first-contentful-paint");
      if (!paint) return;
      observer.disconnect();
      state.results[tap.index] = {
        ...tap.facts,
        outcome: "page",
        ms: performance.timeOrigin + paint.startTime - tap.at,
        url: location.pathname + location.search + location.hash,
      };
    }).observe({ type: "paint", buffered: true });
  }

  const isShown = (element) => {
    if (element.hasAttribute("popover") && !element.matches(":popover-open")) return false;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1 || rect.bottom <= 0 || rect.right <= 0 || rect.top >= innerHeight || rect.left >= innerWidth) return false;
    const style = getComputedStyle(element);
    return style.visibility !== "hidden" && Number(style.opacity) > 0;
  };
  const shownLayers = () => [...document.querySelectorAll("[role=dialog], [role=alertdialog], dialog[open], [popover]")].filter(isShown);
  const address = () => location.pathname + location.search;
  const describe = (element) =>
    element
      ? {
          tag: element.tagName.toLowerCase(),
          href: element.getAttribute("href"),
          text: (element.getAttribute("aria-label") || element.textContent || "").replace(/\s+/g, " ").trim().slice(0, 80),
        }
      : null;

  function watch(index, tapTime, facts, control) {
    const before = new Set(shownLayers());
    const startAddress = address();
    const href = control?.getAttribute("href");
    const scrollTarget = href?.startsWith("#") ? document.getElementById(decodeURIComponent(href.slice(1))) : null;
    let addressChangedAt = null;
    let done = false;
    const finish = (outcome, extra = {}) => {
      done = true;
      const frameMs = performance.now() - tapTime;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.results[index] = { ...facts, outcome, ms: performance.now() - tapTime, frameMs, ...extra };
        const stored = sessionStorage.getItem(storageKey);
        if (stored && JSON.parse(stored).index === index) sessionStorage.removeItem(storageKey);
      };
      channel.port2.postMessage(null);
    };
    const check = () => {
      if (done || state.results[index] || performance.now() - tapTime > 30_000) return;
      for (const layer of shownLayers()) {
        if (before.has(layer)) continue;
        if (layer.hasAttribute("popover") || layer.querySelector("nav")) return finish("menu");
        if (layer.contains(document.activeElement)) return finish("dialog");
      }
      if (scrollTarget) {
        const rect = scrollTarget.getBoundingClientRect();
        if (rect.top <= innerHeight / 2 && rect.bottom > 0) return finish("scroll", { url: href });
      }
      if (addressChangedAt === null && address() !== startAddress) addressChangedAt = performance.now();
      if (addressChangedAt !== null && performance.now() - addressChangedAt > 500) {
        done = true;
        state.results[index] = { ...facts, outcome: "page (in app)", ms: addressChangedAt - tapTime, url: address() };
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }

  addEventListener(
    "pointerdown",
    (event) => {
      if (!event.isTrusted) return;
      state.touches += 1;
      const index = state.touches;
      const target = event.target instanceof Element ? event.target : null;
      state.touched.push(describe(target));
      if (!measuredTaps.includes(index)) return;
      const control = target?.closest("a[href], button, [role=button], summary") ?? null;
      const navigation = performance.getEntriesByType("navigation")[0];
      const facts = {
        tapAfterLoadMs: navigation && navigation.loadEventStart > 0 ? event.timeStamp - navigation.loadEventStart : null,
        touchesBefore: index - 1,
        keysBefore: state.keys,
        focusChangesBefore: state.focusChanges,
        tapped: describe(control ?? target),
      };
      sessionStorage.setItem(storageKey, JSON.stringify({ index, at: performance.timeOrigin + event.timeStamp, facts }));
      watch(index, event.timeStamp, facts, control);
    },
    { capture: true, passive: true },
  );
  addEventListener("keydown", () => (state.keys += 1), { capture: true, passive: true });
  addEventListener("focusin", () => (state.focusChanges += 1), { capture: true, passive: true });
}

/** Bytes of JavaScript the run's page has received so far (encoded, headers included), from the DevTools protocol. */
function scriptBytesCounter(cdp) {
  const scripts = new Set();
  const received = new Map();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.add(event.requestId);
  });
  cdp.on("Network.dataReceived", (event) => received.set(event.requestId, (received.get(event.requestId) ?? 0) + event.encodedDataLength));
  cdp.on("Network.loadingFinished", (event) => received.set(event.requestId, event.encodedDataLength));
  return () => [...scripts].reduce((sum, id) => sum + (received.get(id) ?? 0), 0);
}

/** A call to action by its accessible name, as a link or a button (the first one shown). */
function callToAction(scope, name, exact = true) {
  return scope.getByRole("link", { name, exact }).or(scope.getByRole("button", { name, exact }));
}

/**
 * The first of the matches that is shown. One below the first screen may be in a section the
 * browser has not drawn yet (content-visibility), so a match not shown is scrolled to from script
 * and looked at again.
 */
async function firstShown(locator) {
  const count = await locator.count();
  for (let index = 0; index < count; index += 1) {
    const match = locator.nth(index);
    if (await match.isVisible()) return match;
    await match.evaluate((element) => {
      element.scrollIntoView({ block: "center", behavior: "instant" });
      return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    if (await match.isVisible()) return match;
  }
  return null;
}

/** Scrolls from script until the element is wholly on screen (below the sticky header unless in it). */
async function bringIntoView(locator) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const inView = await locator.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const header = document.querySelector("header");
      const top = header && !header.contains(element) ? header.getBoundingClientRect().bottom : 0;
      if (rect.top >= top && rect.bottom <= innerHeight) return true;
      element.scrollIntoView({ block: "center", behavior: "instant" });
      return false;
    });
    if (inView) return;
    // Sections drawn only near the viewport (content-visibility) take their real height once drawn.
    await locator.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
}

/** The element's centre in the viewport, taken before a wait so that the tap itself comes on time. */
async function centreOf(locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element to tap has no box");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function tap(page, point) {
  await page.touchscreen.tap(point.x, point.y);
}

async function msSinceLoad(page) {
  return page.evaluate(() => performance.now() - performance.getEntriesByType("navigation")[0].loadEventStart);
}

async function waitUntilAfterLoad(page, ms) {
  await sleep(ms - (await msSinceLoad(page)));
}

/** A tap that landed on something else (the page moved under the finger) measures nothing. */
function checkTapped(result, name) {
  if (result.tapped && !result.tapped.text.includes(name)) {
    throw new Error(`The tap meant for '${name}' landed on ${result.tapped.tag} '${result.tapped.text}'`);
  }
}

/** The measured tap's result, once the page (or the next one) has it. */
async function outcomeOf(page, index) {
  const deadline = Date.now() + OUTCOME_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const result = await page.evaluate((tap) => window.__firstTapBench?.results[tap] ?? null, index).catch(() => null);
    if (result) return result;
    await sleep(150);
  }
  return { outcome: "none", ms: null };
}

/** The calls to action of the public pages; the tier and portfolio cards are read from the pages. */
async function callsToAction(browser, baseUrl) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: "load" });
  const tierNames = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("#packages li :is(a[href], button)")].map((element) => element.textContent.replace(/\s+/g, " ").trim())),
  ]);
  await page.goto(`${baseUrl}/portfolio`, { waitUntil: "load" });
  const cardNames = await page.evaluate(() =>
    [...document.querySelectorAll('main section[aria-label="Projects"] li:has(> :is(a[href], button))')].map((card) =>
      (card.querySelector("h2, h3, .text-xl")?.textContent ?? card.textContent).replace(/\s+/g, " ").trim().slice(0, 60),
    ),
  );
  await context.close();

  const inMain = (page, place, name) => ({ page, label: `${place}${name}`, name, find: (tab) => callToAction(tab.locator("main"), name) });
  return [
    inMain("/", "Hero · ", "Claim $99 Offer"),
    inMain("/", "Hero · ", "View Packages"),
    inMain("/", "Hero · ", "Get a Custom Quote"),
    { page: "/", label: "Header · Claim $99 Offer", name: "Claim $99 Offer", header: true },
    inMain("/", "Catering · ", "Get a Catering Website"),
    inMain("/", "Party rentals · ", "Get a Rental Website"),
    ...tierNames.map((name) => inMain("/", "Tier card · ", name)),
    inMain("/", "Bottom band · ", "Claim Your $99 Website"),
    inMain("/", "Bottom band · ", "Request a Quote"),
    inMain("/how-it-works", "", "Start Your Project"),
    inMain("/about", "", "Start Your Project"),
    ...cardNames.map((name) => ({ page: "/portfolio", label: `Card · ${name}`, name, find: (tab) => callToAction(tab.locator("main"), name, false) })),
  ].filter((flow) => `${flow.page} ${flow.label}`.toLowerCase().includes(ONLY));
}

/**
 * One run of one call to action in one scenario, in a fresh context. Returns a measurement per
 * measured tap: one, or two for the header's offer on a screen that hides it (the menu's opening
 * and the offer in the menu, each from its own tap).
 */
async function runOnce(browser, baseUrl, flow, scenario) {
  const context = await browser.newContext(PHONE);
  const firstMeasuredTap = scenario.headingTouchAtMs === null ? 1 : 2;
  await context.addInitScript(watchTaps, { measuredTaps: [firstMeasuredTap, firstMeasuredTap + 1], storageKey: "first-tap-bench" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  const scriptBytes = scriptBytesCounter(cdp);
  const measurements = [];
  try {
    await page.goto(`${baseUrl}${flow.page}`, { waitUntil: "load", timeout: 60_000 });
    const header = page.locator("header").first();
    let target = flow.header ? await firstShown(callToAction(header, "Claim $99 Offer")) : await firstShown(flow.find(page));
    const viaMenu = flow.header && !target;
    if (viaMenu) target = await firstShown(callToAction(header, "Open menu"));
    if (!target) throw new Error(`${flow.page} ${flow.label}: no such link or button is shown`);

    let jsBeforeFirstTouch;
    if (scenario.headingTouchAtMs !== null) {
      // The reader is at the top of the page when she first touches it.
      await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
      const heading = await centreOf(page.locator("main h1").first());
      await waitUntilAfterLoad(page, scenario.headingTouchAtMs);
      jsBeforeFirstTouch = scriptBytes();
      await tap(page, heading);
      const touched = await page.evaluate(() => window.__firstTapBench.touched[0]);
      if (touched?.tag !== "h1") throw new Error(`The first touch meant for the heading landed on ${JSON.stringify(touched)}`);
    }
    await bringIntoView(target);
    const scrolledByBench = await page.evaluate(() => scrollY > 0);
    const point = await centreOf(target);
    await waitUntilAfterLoad(page, scenario.tapAtMs);
    const jsBeforeTap = scriptBytes();
    jsBeforeFirstTouch ??= jsBeforeTap;
    await tap(page, point);
    const first = await outcomeOf(page, firstMeasuredTap);
    checkTapped(first, viaMenu ? "Open menu" : flow.name);
    measurements.push({
      label: viaMenu ? "Header · Open menu (its offer button is hidden at 412 px)" : flow.label,
      ...first,
      scrolledByBench,
      jsBeforeFirstTouch,
      jsBeforeTap,
    });

    if (viaMenu && first.outcome === "menu") {
      await sleep(MENU_READING_MS);
      const inMenu = await firstShown(callToAction(page.locator("[popover], [role=dialog], dialog"), "Claim $99 Offer"));
      if (!inMenu) throw new Error("The open menu shows no 'Claim $99 Offer'");
      const jsBeforeMenuTap = scriptBytes();
      await tap(page, await centreOf(inMenu));
      const second = await outcomeOf(page, firstMeasuredTap + 1);
      checkTapped(second, "Claim $99 Offer");
      measurements.push({
        label: "Header menu · Claim $99 Offer",
        ...second,
        scrolledByBench: false,
        jsBeforeFirstTouch,
        jsBeforeTap: jsBeforeMenuTap,
      });
    }
  } finally {
    await context.close();
  }
  return measurements;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const formatMs = (ms) => (ms === null || !Number.isFinite(ms) ? "—" : String(Math.round(ms)));
const formatKb = (bytes) => (bytes / 1024).toFixed(1);
const outcomeText = (result) => (result.url ? `${result.outcome} ${result.url}` : result.outcome);

/** The runs of one row in one scenario, summed up. */
function summary(results) {
  const times = results.map((result) => result.ms ?? Infinity);
  const medianMs = median(times);
  return {
    medianMs,
    runs: results.map((result) => formatMs(result.ms)),
    outcome: [...new Set(results.map(outcomeText))].join(" / "),
    within: Number.isFinite(medianMs) && medianMs <= GOAL_MS,
    runsOver: times.filter((ms) => ms > GOAL_MS).length,
    jsBeforeTapKb: formatKb(median(results.map((result) => result.jsBeforeTap))),
    touchesBefore: Math.max(...results.map((result) => result.touchesBefore ?? 0)),
    otherInputBefore: Math.max(...results.map((result) => (result.keysBefore ?? 0) + (result.focusChangesBefore ?? 0))),
    tapAfterLoadMs: formatMs(median(results.map((result) => result.tapAfterLoadMs ?? Infinity))),
    scrolledByBench: results.some((result) => result.scrolledByBench),
  };
}

function loadAverage() {
  return os.loadavg().map((value) => value.toFixed(2)).join(" / ");
}

buildIfStale(root);
const app = await startProductionApp(root);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
const loadBefore = loadAverage();
/** row key → { page, label, untouched: results[], touched: results[] } */
const rows = new Map();
/** page → bytes of JavaScript downloaded before the first touch, every run */
const jsBeforeFirstTouchByPage = new Map();
try {
  const flows = await callsToAction(browser, app.url);
  console.log(`${flows.length} calls to action, ${RUNS} runs each in two scenarios; goal ≤ ${GOAL_MS} ms from the tap.\n`);
  for (const flow of flows) {
    const flowRows = new Set();
    for (let run = 0; run < RUNS; run += 1) {
      for (const scenario of SCENARIOS) {
        let measurements;
        try {
          measurements = await runOnce(browser, app.url, flow, scenario);
        } catch (error) {
          console.log(`  ${flow.page} ${flow.label}, ${scenario.title}, run ${run + 1}: ${error.message.split("\n")[0]}`);
          measurements = [{ label: flow.label, outcome: "failed", ms: null, jsBeforeFirstTouch: 0, jsBeforeTap: 0 }];
        }
        for (const measurement of measurements) {
          const key = `${flow.page} ${measurement.label}`;
          if (!rows.has(key)) rows.set(key, { page: flow.page, label: measurement.label, untouched: [], touched: [] });
          rows.get(key)[scenario.key].push(measurement);
          flowRows.add(key);
        }
        if (scenario.key === "untouched") {
          jsBeforeFirstTouchByPage.set(flow.page, [...(jsBeforeFirstTouchByPage.get(flow.page) ?? []), measurements[0].jsBeforeFirstTouch]);
        }
      }
    }
    for (const key of flowRows) {
      const row = rows.get(key);
      console.log(`${row.page} · ${row.label}`);
      for (const scenario of SCENARIOS) {
        const sum = summary(row[scenario.key]);
        console.log(
          `  ${scenario.title.padEnd(13)} median ${formatMs(sum.medianMs).padStart(5)} ms ${sum.within ? "✓" : "✗"} goal ≤ ${GOAL_MS} ms  ${sum.outcome}  (runs ${sum.runs.join(", ")}; tap ${sum.tapAfterLoadMs} ms after load, ${sum.touchesBefore} touches and ${sum.otherInputBefore} key presses or focus changes before it${sum.scrolledByBench ? ", scrolled to by the bench" : ""}, ${sum.jsBeforeTapKb} KB JS before it)`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await app.stop();
}

const allRows = [...rows.values()];
const summaries = allRows.flatMap((row) => SCENARIOS.map((scenario) => summary(row[scenario.key])));
const allWithin = summaries.length > 0 && summaries.every((sum) => sum.within);
const runsOver = summaries.reduce((sum, row) => sum + row.runsOver, 0);
const runCount = allRows.reduce((sum, row) => sum + row.untouched.length + row.touched.length, 0);

/** What the untouched runs of a page downloaded before the tap: most runs show the same figure. */
const jsBeforeFirstTouchText = (bytes) =>
  `${formatKb(Math.max(...bytes))} KB at most in ${bytes.length} runs (median ${formatKb(median(bytes))} KB)`;
console.log("\nJavaScript downloaded before the first touch (untouched runs):");
for (const [page, bytes] of jsBeforeFirstTouchByPage) {
  console.log(`  ${page.padEnd(14)} ${jsBeforeFirstTouchText(bytes)}`);
}
console.log(
  `\nall within 1.0 s: ${allWithin ? "yes" : "no"} (${summaries.length} medians: ${allRows.length} rows × ${SCENARIOS.length} scenarios; ${runsOver} of ${runCount} runs over ${GOAL_MS} ms)`,
);

const table = [
  "| Page | Call to action | Untouched: median (ms) | runs (ms) | what it did | JS before the tap (KB) | Touched first: median (ms) | runs (ms) | what it did | JS before the tap (KB) |",
  "| --- | --- | ---: | --- | --- | ---: | ---: | --- | --- | ---: |",
  ...allRows.map((row) => {
    const untouched = summary(row.untouched);
    const touched = summary(row.touched);
    const cell = (sum) => `${formatMs(sum.medianMs)} ${sum.within ? "✓" : "✗"}`;
    return `| \`${row.page}\` | ${row.label.replaceAll("|", "\\|")} | ${cell(untouched)} | ${untouched.runs.join(", ")} | ${untouched.outcome} | ${untouched.jsBeforeTapKb} | ${cell(touched)} | ${touched.runs.join(", ")} | ${touched.outcome} | ${touched.jsBeforeTapKb} |`;
  }),
].join("\n");
const pagesTable = [
  "| Page | JS downloaded before the first touch, untouched runs |",
  "| --- | --- |",
  ...[...jsBeforeFirstTouchByPage].map(([page, bytes]) => `| \`${page}\` | ${jsBeforeFirstTouchText(bytes)} |`),
].join("\n");
const inputBeforeText =
  allRows
    .filter((row) => row.untouched.some((result) => result.touchesBefore || result.keysBefore || result.focusChangesBefore))
    .map((row) => {
      const sum = summary(row.untouched);
      return `${row.page} ${row.label}: up to ${sum.touchesBefore} touches and ${sum.otherInputBefore} key presses or focus changes`;
    })
    .join("; ") || "none";
const report = `# First tap on a slow phone

Measured with \`npm run bench:first-tap\` on ${new Date().toISOString().slice(0, 10)}: the time from a new visitor's tap on each
call to action of the public pages to the first frame that shows what it does (goal ≤ ${GOAL_MS} ms, ✓ / ✗ beside each
median). The phone: 412×915 at 2.625, touch, a mobile user agent, 150 ms latency, 1.6 Mbps down and 750 Kbps up, the
CPU 4× slower (DevTools protocol), a fresh browser context per run (cold cache, no cookies); Debian's Chromium, the
production build served by \`node server.js\` on an empty embedded database; ${RUNS} runs per call to action and scenario.

- **Untouched**: the page gets no input until the tap, ${UNTOUCHED_TAP_AFTER_LOAD_MS / 1000} s after its \`load\` event (a call to action
  below the first screen is brought into view from script, which is not a touch).
- **Touched first**: a tap on the page's heading ${FIRST_TOUCH_AFTER_LOAD_MS / 1000} s after \`load\` (a reader's scroll starts with a
  touch, which starts the app's download, decision 014), then the tap on the call to action ${TOUCHED_TAP_AFTER_LOAD_MS / 1000} s after \`load\`.

What it did: *dialog* (a dialog shown with the focus in it), *menu* (the mobile menu shown), *scroll* (the in-page
target's top in the upper half of the screen), *page* (a new document: to its first contentful paint, with its address).
The header's offer button is hidden at 412 px, so its rows are the menu's opening and the offer in the open menu (tapped
${MENU_READING_MS / 1000} s after the menu showed), each timed from its own tap. Load average (1 / 5 / 15 min) before the runs
${loadBefore}, after ${loadAverage()}.

All within 1.0 s (every median): **${allWithin ? "yes" : "no"}** (${runsOver} of ${runCount} runs over ${GOAL_MS} ms).

${table}

Input the page saw before the tap, in the untouched runs: ${inputBeforeText}.

A phone that only reads downloads no JavaScript:

${pagesTable}
`;
fs.mkdirSync(path.join(root, "docs/benchmarks"), { recursive: true });
fs.writeFileSync(path.join(root, "docs/benchmarks/first-tap.md"), report);
console.log("Written to docs/benchmarks/first-tap.md");
