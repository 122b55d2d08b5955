import { describe, expect, it } from "vitest";
import { paintsFirst, rewriteForPaintFirst } from "./paint-first";

function rewrite(chunks: string[], nonce?: string): string {
  let carry = "";
  let output = "";
  for (const chunk of chunks) {
    const step = rewriteForPaintFirst(carry, chunk, nonce);
    output += step.output;
    carry = step.carry;
  }
  return output + carry;
}

const html =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/page.js"/></head><body><p>a < b</p>' +
  '<script nonce="n0nce">window.__context = {};</script><script nonce="n0nce" type="module" async="">import "/assets/page.js";</script></body><';

describe("paint first", () => {
  const whole = rewrite([html], "n0nce");

  it("parks every module preload and the start script in a template, and nothing else", () => {
    expect(whole.match(/<template data-after-paint><link rel="modulepreload" href="\/assets\/(entry|page)\.js"\/><\/template>/g)).toHaveLength(2);
    expect(whole).toContain('<template data-after-paint><script nonce="n0nce" type="module" async="">import "/assets/page.js";</script></template>');
    expect(whole).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(whole).toContain('<script nonce="n0nce">window.__context = {};</script>');
    expect(whole.replace(/<template data-after-paint>[\s\S]*?<\/template>/g, "")).not.toMatch(/modulepreload|type="module"/);
  });

  it("puts the restoring script, with the answer's nonce, before the parked start script", () => {
    const restorer = whole.indexOf('<script nonce="n0nce">(function () {');
    expect(restorer).toBeGreaterThan(-1);
    expect(restorer).toBeLessThan(whole.indexOf('<template data-after-paint><script'));
  });

  it("writes a restoring script that a browser can parse", () => {
    const source = /<script nonce="n0nce">(\(function \(\) \{[\s\S]*?\}\)\(\);)<\/script>/.exec(whole)?.[1];
    expect(source).toBeDefined();
    expect(() => new Function(source ?? "")).not.toThrow();
    expect(source).toContain('matchMedia("(min-width: 768px)")');
  });

  it("finds a tag split across two chunks, wherever the split falls", () => {
    for (let split = 0; split <= html.length; split += 1) {
      expect(rewrite([html.slice(0, split), html.slice(split)], "n0nce")).toBe(whole);
    }
  });

  it("gives back a held-back tag start when the stream ends", () => {
    expect(rewrite(["<p>x</p><link rel="])).toBe("<p>x</p><link rel=");
  });
});

describe("which pages paint first", () => {
  it("is the public site, not the back-office, sign-in, booking or proposal pages", () => {
    for (const path of ["/", "/packages", "/contact", "/thank-you", "/administration-tips"]) expect(paintsFirst(path)).toBe(true);
    for (const path of ["/admin", "/admin/leads", "/auth", "/booking/abc", "/api/auth/session", "/proposal/abc"]) expect(paintsFirst(path)).toBe(false);
  });
});
