import { describe, expect, it } from "vitest";
import { paintsFirst, rewriteForPaintFirst } from "./paint-first";

function rewrite(chunks: string[]): string {
  let carry = "";
  let output = "";
  for (const chunk of chunks) {
    const step = rewriteForPaintFirst(carry, chunk);
    output += step.output;
    carry = step.carry;
  }
  return output + carry;
}

const html =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/page.js"/></head><body><p>a < b</p>' +
  '<script>window.__context = {};</script><script type="module" async="">import "/assets/page.js";</script></body><';

describe("paint first", () => {
  const whole = rewrite([html]);

  it("parks every module preload and the start script, and nothing else", () => {
    expect(whole).not.toContain('<link rel="modulepreload"');
    expect(whole.match(/rel="x-modulepreload-after-paint" href="\/assets\/(entry|page)\.js"/g)).toHaveLength(2);
    expect(whole).toContain('<script type="x-module-after-paint">import "/assets/page.js";</script>');
    expect(whole).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(whole).toContain("<script>window.__context = {};</script>");
  });

  it("puts the restoring script before the parked start script", () => {
    const restorer = whole.indexOf("DOMContentLoaded");
    expect(restorer).toBeGreaterThan(-1);
    expect(restorer).toBeLessThan(whole.indexOf('<script type="x-module-after-paint">'));
  });

  it("writes a restoring script that a browser can parse", () => {
    const source = /<script>(\(function \(\) \{[\s\S]*?\}\)\(\);)<\/script>/.exec(whole)?.[1];
    expect(source).toBeDefined();
    expect(() => new Function(source ?? "")).not.toThrow();
    expect(source).toContain('matchMedia("(min-width: 768px)")');
  });

  it("finds a tag split across two chunks, wherever the split falls", () => {
    for (let split = 0; split <= html.length; split += 1) {
      expect(rewrite([html.slice(0, split), html.slice(split)])).toBe(whole);
    }
  });

  it("gives back a held-back tag start when the stream ends", () => {
    expect(rewrite(["<p>x</p><link rel="])).toBe("<p>x</p><link rel=");
  });
});

describe("which pages paint first", () => {
  it("is the public site, not the back-office, sign-in or booking pages", () => {
    for (const path of ["/", "/packages", "/contact", "/thank-you", "/administration-tips"]) expect(paintsFirst(path)).toBe(true);
    for (const path of ["/admin", "/admin/leads", "/auth", "/booking/abc", "/api/auth/session"]) expect(paintsFirst(path)).toBe(false);
  });
});
