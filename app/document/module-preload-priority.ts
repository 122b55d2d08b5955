/**
 * React Router writes a `<link rel="modulepreload">` for every script a page needs, and React
 * hoists them into the head, where they start at high priority and share the phone's bandwidth
 * with the stylesheet: on a slow connection the first paint waited for ~125 KB of scripts.
 * Marked `fetchpriority="low"`, they still start at once, in parallel, but after what the page
 * needs to paint. React Router has no option for this, so the streamed HTML is rewritten.
 */
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Rewrites one chunk of a stream of HTML. `carry` is what the last chunk held back because it
 * might be the start of a preload tag split across chunks; the answer says what to hold back now.
 */
export function lowerModulePreloadPriority(carry: string, chunk: string): { output: string; carry: string } {
  const text = (carry + chunk).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
  const tagStart = text.lastIndexOf("<");
  const tail = tagStart === -1 ? "" : text.slice(tagStart);
  if (tail.length < PRELOAD.length && PRELOAD.startsWith(tail)) {
    return { output: text.slice(0, tagStart), carry: tail };
  }
  return { output: text, carry: "" };
}
