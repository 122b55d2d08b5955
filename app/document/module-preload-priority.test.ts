import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./module-preload-priority";

function rewrite(chunks: string[]): string {
  let carry = "";
  let output = "";
  for (const chunk of chunks) {
    const step = lowerModulePreloadPriority(carry, chunk);
    output += step.output;
    carry = step.carry;
  }
  return output + carry;
}

const html =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/page.js"/></head><body><p>a < b</p></body><';

const expected =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/page.js"/></head><body><p>a < b</p></body><';

describe("module preloads at low priority", () => {
  it("marks every module preload, and nothing else", () => {
    expect(rewrite([html])).toBe(expected);
  });

  it("finds a tag split across two chunks, wherever the split falls", () => {
    for (let split = 0; split <= html.length; split += 1) {
      expect(rewrite([html.slice(0, split), html.slice(split)])).toBe(expected);
    }
  });

  it("gives back a held-back tag start when the stream ends", () => {
    expect(rewrite(["<p>x</p><link rel="])).toBe("<p>x</p><link rel=");
  });
});
