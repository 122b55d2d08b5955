// How `npm run bench:first-tap` times a tap. The tap is a real touch (`touchscreen.tap` at the
// element's centre, found by role and accessible name, a link or a button) and the time runs from
// the tap's own timestamp in the page (`event.timeStamp` of its `pointerdown`, the moment the touch
// was dispatched, so a busy main thread that handles it late counts) to the first frame that shows
// its effect:
// - dialog: a newly shown `[role=dialog]` or `dialog[open]` that holds the focus;
// - menu: a newly shown popover, or a dialog holding a `nav` (the mobile menu), visible;
// - scroll: for an in-page link, its target's top edge in the upper half of the screen;
// - page: a new document; the time runs to its `first-contentful-paint`, or, on a page with a form
//   (the inquiry's), to the first frame in which its first field can be typed into (shown on
//   screen, enabled, not inert), if later. The tapped page stores the
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
/* global window, document, location, sessionStorage, performance, PerformanceObserver, MessageChannel, Element, addEventListener, getComputedStyle, requestAnimationFrame, innerHeight, innerWidth -- the functions passed to the page run there */
import { sleep } from "./tapping.mjs";

const OUTCOME_TIMEOUT_MS = 30_000;

/**
 * Runs in every document of a run before its own scripts. Counts the page's input, and from each
 * measured tap (the n-th `pointerdown`, n in `measuredTaps`) watches the frames for its effect;
 * a new document reports the first paint after a tap that left the previous one.
 */
export function watchTaps({ measuredTaps, storageKey }) {
  const state = { touches: 0, keys: 0, focusChanges: 0, touched: [], results: {} };
  window.__firstTapBench = state;

  const isShown = (element) => {
    if (element.hasAttribute("popover") && !element.matches(":popover-open")) return false;
    const rect = element.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1 || rect.bottom <= 0 || rect.right <= 0 || rect.top >= innerHeight || rect.left >= innerWidth) return false;
    const style = getComputedStyle(element);
    return style.visibility !== "hidden" && Number(style.opacity) > 0;
  };
  // A form's first field a visitor can type into: shown on screen, enabled, not inert, not the honeypot.
  const typeableField = () =>
    [...document.querySelectorAll("form input, form textarea")].find(
      (field) =>
        !["hidden", "submit", "button", "checkbox", "radio"].includes(field.type) &&
        !field.disabled &&
        field.tabIndex >= 0 &&
        !field.closest("[inert], [aria-hidden=true]") &&
        isShown(field),
    );

  const pending = sessionStorage.getItem(storageKey);
  if (pending) {
    sessionStorage.removeItem(storageKey);
    const tap = JSON.parse(pending);
    const url = location.pathname + location.search + location.hash;
    // A page with a form (the inquiry's) counts until its first field can be typed into: shown and
    // focusable, checked after each frame; other pages until their first contentful paint.
    let paintAt = null;
    let fieldAt = null;
    let parsed = false;
    const report = () => {
      if (paintAt === null || !parsed || state.results[tap.index]) return;
      const hasForm = document.querySelector("form input, form textarea") !== null;
      if (hasForm && fieldAt === null) return;
      const at = hasForm ? Math.max(paintAt, fieldAt) : paintAt;
      state.results[tap.index] = { ...tap.facts, outcome: hasForm ? "page, field typeable" : "page", ms: performance.timeOrigin + at - tap.at, paintMs: performance.timeOrigin + paintAt - tap.at, url };
    };
    new PerformanceObserver((list, observer) => {
      const paint = list.getEntries().find((entry) => entry.name === "first-contentful-paint");
      if (!paint) return;
      observer.disconnect();
      paintAt = paint.startTime;
      report();
    }).observe({ type: "paint", buffered: true });
    const watchField = () => {
      if (fieldAt !== null || performance.now() > 30_000) return;
      if (typeableField()) {
        // Read after the frame's rendering, like the taps' effects below.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          fieldAt = performance.now();
          report();
        };
        channel.port2.postMessage(null);
        return;
      }
      requestAnimationFrame(watchField);
    };
    requestAnimationFrame(watchField);
    document.addEventListener("DOMContentLoaded", () => {
      parsed = true;
      report();
    });
  }

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
        // A dialog counts once its first field can be typed into (its code in, rendered, focus in it).
        if (layer.contains(document.activeElement) && (!layer.querySelector("form") || typeableField())) return finish("dialog");
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

/** A tap that landed on something else (the page moved under the finger) measures nothing. */
export function checkTapped(result, name) {
  if (result.tapped && !result.tapped.text.includes(name)) {
    throw new Error(`The tap meant for '${name}' landed on ${result.tapped.tag} '${result.tapped.text}'`);
  }
}

/** The measured tap's result, once the page (or the next one) has it. */
export async function outcomeOf(page, index) {
  const deadline = Date.now() + OUTCOME_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const result = await page.evaluate((tap) => window.__firstTapBench?.results[tap] ?? null, index).catch(() => null);
    if (result) return result;
    await sleep(150);
  }
  return { outcome: "none", ms: null };
}
