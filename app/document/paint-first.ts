import { WIDE_SCREEN_QUERY } from "./wide-screen";
import { APP_HYDRATED_EVENT } from "./app-hydrated";

/**
 * Paint first, then load the scripts. React Router writes a `<link rel="modulepreload">` for every
 * script a page needs (React hoists them into the head) and a module script that starts the app.
 * On a phone's connection those ~110 KB of scripts compete with the page itself, and the first
 * paint waited for them. The HTML is rewritten as it streams out: each preload and the start
 * script are parked in a `<template>` (whose content the browser neither fetches nor runs, and
 * which is valid HTML where they stand), and a small inline script puts them back after the first
 * paint (on a phone, only at the visitor's first touch: see below), so the scripts then load in
 * parallel, as before. React Router has no option for this. Only the public site is read before
 * it is used, and its forms also work without JavaScript; the back-office, sign-in, booking and
 * proposal pages are tools (a proposal's total follows the client's picks), so they keep the scripts first.
 */
const SCRIPTS_FIRST = ["/admin", "/auth", "/booking", "/api", "/proposal"];

export function paintsFirst(pathname: string): boolean {
  return !SCRIPTS_FIRST.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const PARKED = "data-after-paint";

/**
 * Runs as the page is parsed (the source of an inline script; constants are spliced in).
 * - On a screen wide enough for the offer popup, which needs the app, it restores the parked
 *   preloads right after the first paint, a few milliseconds' worth at a time (each starts a
 *   fetch, which can cost a slow phone several milliseconds, and one long task here would hold up
 *   the visitor's first click or scroll), then the start script, the last one parked.
 * - On a narrower one (a phone) it does the same, but only at the visitor's first touch (a
 *   scroll starts with one; a tap on a link, which leaves the page, does not count), key press or
 *   focus: until then the page loads and shows with nothing competing for the phone's CPU and
 *   connection, neither the scripts' download nor their compiling (decision 011).
 * - Until the app has taken over (`APP_HYDRATED_EVENT`), a click on a button that needs the
 *   scripts (one that submits no form) is kept and made again then, so an early tap is not lost.
 * A parked script is put back as a copy (`importNode`): a copy keeps the start script's nonce, and
 * runs once in the page.
 */
const RESTORE_AFTER_PAINT = `(function () {
  var early = null;
  function keep(event) {
    var button = event.target.closest && event.target.closest("button");
    // A popover's button works without the app (the mobile menu): the browser handles it now.
    if (button && !button.hasAttribute("popovertarget") && (button.type === "button" || !button.form)) { event.preventDefault(); early = button; }
  }
  document.addEventListener("click", keep, true);
  addEventListener("${APP_HYDRATED_EVENT}", function () {
    document.removeEventListener("click", keep, true);
    if (early && early.isConnected) early.click();
    early = null;
  }, { once: true });

  var painted = false;
  var loading = false;
  var wanted = matchMedia(${JSON.stringify(WIDE_SCREEN_QUERY)}).matches;
  var firstUse = ["pointerdown", "keydown", "focusin"];
  function use(event) {
    // A tap on a link leaves the page (the app is not running to route it), and a popover's button
    // (the mobile menu) works without the app: nothing to load for, and a download now would slow
    // the next page. The tap focuses what it lands on, hence focusin too.
    if (event.type !== "keydown" && event.target.closest && event.target.closest("a[href], [popovertarget]")) return;
    firstUse.forEach(function (type) { removeEventListener(type, use, true); });
    wanted = true;
    load();
  }
  if (!wanted) firstUse.forEach(function (type) { addEventListener(type, use, true); });
  function load() {
    if (!painted || !wanted || loading) return;
    loading = true;
    setTimeout(restore, 0, document.querySelectorAll("template[${PARKED}]"), 0);
  }
  function restore(parked, next) {
    var began = performance.now();
    while (next < parked.length && performance.now() - began < 4) {
      var template = parked[next++];
      template.replaceWith(document.importNode(template.content, true));
    }
    if (next < parked.length) setTimeout(restore, 0, parked, next);
  }
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () {
      painted = true;
      load();
    });
  });
})();`;

const park = (tag: string) => `<template ${PARKED}>${tag}</template>`;

/** The tags parked, by the start of their opening tag; `end` closes what is parked. */
const PARKS = [
  { start: "<link", parks: (openingTag: string) => / rel="modulepreload"/.test(openingTag), end: "" },
  { start: "<script", parks: (openingTag: string) => / type="module"/.test(openingTag) && !/ src=/.test(openingTag), end: "</script>" },
];

/** Whether `tail` could be the start of a tag that a rewrite looks for. */
function mayStartRewrite(tail: string): boolean {
  return PARKS.some(({ start }) => tail.length <= start.length && start.startsWith(tail));
}

/**
 * Rewrites one chunk of a stream of HTML. `carry` is what the last chunk held back because it
 * might be the start of a tag split across chunks, or a tag to park whose end has not come yet;
 * the answer says what to hold back now. `nonce` is the answer's CSP nonce, for the restoring
 * script (the start script carries its own, written by React Router).
 */
export function rewriteForPaintFirst(carry: string, chunk: string, nonce?: string): { output: string; carry: string } {
  let rest = carry + chunk;
  let output = "";
  for (;;) {
    let first: { at: number; park: (typeof PARKS)[number] } | undefined;
    for (const park of PARKS) {
      const at = rest.indexOf(park.start);
      if (at !== -1 && (!first || at < first.at)) first = { at, park };
    }
    if (!first) break;
    const { at, park: kind } = first;
    const openingEnd = rest.indexOf(">", at);
    if (openingEnd === -1) return { output: output + rest.slice(0, at), carry: rest.slice(at) };
    const openingTag = rest.slice(at, openingEnd + 1);
    if (!kind.parks(openingTag)) {
      output += rest.slice(0, openingEnd + 1);
      rest = rest.slice(openingEnd + 1);
      continue;
    }
    let tagEnd = openingEnd + 1;
    if (kind.end) {
      const end = rest.indexOf(kind.end, tagEnd);
      if (end === -1) return { output: output + rest.slice(0, at), carry: rest.slice(at) };
      tagEnd = end + kind.end.length;
    }
    const tag = rest.slice(at, tagEnd);
    const restorer = kind.end ? `<script${nonce ? ` nonce="${nonce}"` : ""}>${RESTORE_AFTER_PAINT}</script>` : "";
    output += rest.slice(0, at) + restorer + park(tag);
    rest = rest.slice(tagEnd);
  }
  const tagStart = rest.lastIndexOf("<");
  if (tagStart !== -1 && mayStartRewrite(rest.slice(tagStart))) {
    return { output: output + rest.slice(0, tagStart), carry: rest.slice(tagStart) };
  }
  return { output: output + rest, carry: "" };
}
