// The two scenarios of `npm run bench:first-tap`, run once per call to action in a fresh context:
// - untouched: the page gets no input at all until the tap, 1.5 s after its `load` event. If the
//   call to action is not fully on screen the bench scrolls to it right after `load`, from script
//   (`scrollIntoView`), which is no touch and, unlike a visitor's scroll, does not start the app
//   (decision 011). Each run records the touches, key presses and focus changes the page saw
//   before the tap, and the bytes of JavaScript it had downloaded: a phone that only reads should
//   download none.
// - touched first: one tap on the page's heading (text, nothing interactive) 1.0 s after `load`,
//   as a reader's first scroll starts with a touch, then the tap on the call to action 3.0 s after
//   `load`.
// The header's offer button is hidden below 640 px: then the bench taps "Open menu" and, 1 s after
// the menu shows, the offer in the menu, each timed from its own tap (two rows).
/* global window, scrollTo, scrollY -- the functions passed to the page run there */
import { PHONE, slowDown } from "./phone.mjs";
import { bringIntoView, callToAction, centreOf, firstShown, sleep, tap, waitUntilAfterLoad } from "./tapping.mjs";
import { checkTapped, outcomeOf, watchTaps } from "./watch-taps.mjs";

export const UNTOUCHED_TAP_AFTER_LOAD_MS = 1500;
export const FIRST_TOUCH_AFTER_LOAD_MS = 1000;
export const TOUCHED_TAP_AFTER_LOAD_MS = 3000;
/** A visitor reads the opened menu before tapping in it. */
export const MENU_READING_MS = 1000;

export const SCENARIOS = [
  { key: "untouched", title: "untouched", headingTouchAtMs: null, tapAtMs: UNTOUCHED_TAP_AFTER_LOAD_MS },
  { key: "touched", title: "touched first", headingTouchAtMs: FIRST_TOUCH_AFTER_LOAD_MS, tapAtMs: TOUCHED_TAP_AFTER_LOAD_MS },
];

/**
 * One run of one call to action in one scenario, in a fresh context. Returns a measurement per
 * measured tap: one, or two for the header's offer on a screen that hides it (the menu's opening
 * and the offer in the menu, each from its own tap).
 */
export async function runOnce(browser, baseUrl, flow, scenario) {
  const context = await browser.newContext(PHONE);
  const firstMeasuredTap = scenario.headingTouchAtMs === null ? 1 : 2;
  await context.addInitScript(watchTaps, { measuredTaps: [firstMeasuredTap, firstMeasuredTap + 1], storageKey: "first-tap-bench" });
  const page = await context.newPage();
  const scriptBytes = await slowDown(context, page);
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
