import { POPUP_SCREEN_QUERY } from "~/site/promo-offer-state";
import { APP_HYDRATED_EVENT } from "./app-hydrated";

/**
 * Paint first, then load the scripts. React Router writes a `<link rel="modulepreload">` for every
 * script a page needs (React hoists them into the head) and a module script that starts the app.
 * On a phone's connection those ~110 KB of scripts compete with the page itself, and the first
 * paint waited for them. The HTML is rewritten as it streams out: the preloads are parked under
 * another `rel`, the start script under another `type`, and a small inline script restores both
 * after the first paint (on a phone, only at the visitor's first touch: see below), so the
 * scripts then load in parallel, as before. React Router has no
 * option for this. Only the public site is read before it is used, and its forms also work
 * without JavaScript; the back-office, sign-in and booking pages are tools, so they keep the
 * scripts first.
 */
const SCRIPTS_FIRST = ["/admin", "/auth", "/booking", "/api"];

export function paintsFirst(pathname: string): boolean {
  return !SCRIPTS_FIRST.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const PARKED_PRELOAD = "x-modulepreload-after-paint";
const PARKED_MODULE = "x-module-after-paint";

/**
 * Runs as the page is parsed (the source of an inline script; constants are spliced in).
 * - On a screen wide enough for the offer popup, which needs the app, it restores the preloads
 *   right after the first paint, a few milliseconds' worth at a time (each starts a fetch, which
 *   can cost a slow phone several milliseconds, and one long task here would hold up the
 *   visitor's first click or scroll), then starts the app.
 * - On a narrower one (a phone) it does the same, but only at the visitor's first touch (a
 *   scroll starts with one; a tap on a link, which leaves the page, does not count), key press or
 *   focus: until then the page loads and shows with nothing competing for the phone's CPU and
 *   connection, neither the scripts' download nor their compiling (decision 014).
 * - Until the app has taken over (`APP_HYDRATED_EVENT`), a click on a button that needs the
 *   scripts (one that submits no form) is kept and made again then, so an early tap is not lost.
 */
const RESTORE_AFTER_PAINT = `<script>(function () {
  var early = null;
  function keep(event) {
    var button = event.target.closest && event.target.closest("button");
    if (button && (button.type === "button" || !button.form)) { event.preventDefault(); early = button; }
  }
  document.addEventListener("click", keep, true);
  addEventListener("${APP_HYDRATED_EVENT}", function () {
    document.removeEventListener("click", keep, true);
    if (early && early.isConnected) early.click();
    early = null;
  }, { once: true });

  var painted = false;
  var loading = false;
  var wanted = matchMedia(${JSON.stringify(POPUP_SCREEN_QUERY)}).matches;
  var firstUse = ["pointerdown", "keydown", "focusin"];
  function use(event) {
    // A tap on a link leaves the page (the app is not running to route it): nothing to load for.
    if (event.type === "pointerdown" && event.target.closest && event.target.closest("a[href]")) return;
    firstUse.forEach(function (type) { removeEventListener(type, use, true); });
    wanted = true;
    load();
  }
  if (!wanted) firstUse.forEach(function (type) { addEventListener(type, use, true); });
  function load() {
    if (!painted || !wanted || loading) return;
    loading = true;
    setTimeout(restore, 0, document.querySelectorAll('link[rel="${PARKED_PRELOAD}"]'), 0);
  }
  function restore(links, next) {
    var began = performance.now();
    while (next < links.length && performance.now() - began < 4) links[next++].rel = "modulepreload";
    if (next < links.length) return setTimeout(restore, 0, links, next);
    start();
  }
  function start() {
    document.querySelectorAll('script[type="${PARKED_MODULE}"]').forEach(function (parked) {
      var script = document.createElement("script");
      script.type = "module";
      script.textContent = parked.textContent;
      parked.replaceWith(script);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    requestAnimationFrame(function () {
      painted = true;
      load();
    });
  });
})();</script>`;

const REWRITES: [string, string][] = [
  ['<link rel="modulepreload"', `<link rel="${PARKED_PRELOAD}"`],
  ['<script type="module" async="">', `${RESTORE_AFTER_PAINT}<script type="${PARKED_MODULE}">`],
];

/** Whether `tail` could be the start of a tag that a rewrite looks for. */
function mayStartRewrite(tail: string): boolean {
  return REWRITES.some(([from]) => tail.length < from.length && from.startsWith(tail));
}

/**
 * Rewrites one chunk of a stream of HTML. `carry` is what the last chunk held back because it
 * might be the start of a tag split across chunks; the answer says what to hold back now.
 */
export function rewriteForPaintFirst(carry: string, chunk: string): { output: string; carry: string } {
  let text = carry + chunk;
  for (const [from, to] of REWRITES) text = text.replaceAll(from, to);
  const tagStart = text.lastIndexOf("<");
  if (tagStart !== -1 && mayStartRewrite(text.slice(tagStart))) {
    return { output: text.slice(0, tagStart), carry: text.slice(tagStart) };
  }
  return { output: text, carry: "" };
}
