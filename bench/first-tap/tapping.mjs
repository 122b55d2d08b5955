// How `npm run bench:first-tap` finds a call to action on the phone's page, brings it into view
// from script (no touch) and taps it on time.
/* global document, performance, requestAnimationFrame, innerHeight -- the functions passed to the page run there */

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A call to action by its accessible name, as a link or a button (the first one shown). */
export function callToAction(scope, name, exact = true) {
  return scope.getByRole("link", { name, exact }).or(scope.getByRole("button", { name, exact }));
}

/**
 * The first of the matches that is shown. One below the first screen may be in a section the
 * browser has not drawn yet (content-visibility), so a match not shown is scrolled to from script
 * and looked at again.
 */
export async function firstShown(locator) {
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
export async function bringIntoView(locator) {
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
export async function centreOf(locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element to tap has no box");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function tap(page, point) {
  await page.touchscreen.tap(point.x, point.y);
}

async function msSinceLoad(page) {
  return page.evaluate(() => performance.now() - performance.getEntriesByType("navigation")[0].loadEventStart);
}

export async function waitUntilAfterLoad(page, ms) {
  await sleep(ms - (await msSinceLoad(page)));
}
