// What `npm run bench:first-tap` taps: every call to action of the public pages, by page and place.
/* global document -- the functions passed to the page run there */
import { PHONE } from "./phone.mjs";
import { callToAction } from "./tapping.mjs";

/**
 * The calls to action of the public pages; the tier and portfolio cards are read from the pages.
 * `only` keeps those whose page or label contains it (lower case; empty keeps all).
 */
export async function callsToAction(browser, baseUrl, only) {
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
  ].filter((flow) => `${flow.page} ${flow.label}`.toLowerCase().includes(only));
}
