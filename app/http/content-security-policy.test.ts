import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, newNonce } from "./content-security-policy";

function directives(policy: string): Map<string, string> {
  return new Map(policy.split("; ").map((directive) => [directive.split(" ")[0] ?? "", directive.split(" ").slice(1).join(" ")]));
}

describe("the Content-Security-Policy", () => {
  it("allows the app's own scripts and those carrying this answer's nonce, never inline ones or eval", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123" }));
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123'");
    expect(policy.get("default-src")).toBe("'self'");
    expect([...policy.values()].join(" ")).not.toMatch(/unsafe-eval/);
    expect(policy.get("script-src")).not.toContain("unsafe-inline");
  });

  it("names a kept page's inline scripts by their hashes instead", () => {
    const policy = directives(contentSecurityPolicy({ hashes: ["sha256-AAA=", "sha256-BBB="] }));
    expect(policy.get("script-src")).toBe("'self' 'sha256-AAA=' 'sha256-BBB='");
  });

  it("locks framing, plugins, the base address, form targets and connections to the site", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n" }));
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("object-src")).toBe("'self'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("connect-src")).toBe("'self'");
    expect(policy.get("img-src")).toBe("'self' data:");
    expect(policy.get("style-src")).toBe("'self' 'unsafe-inline'");
  });

  it("lets a form be answered with a redirect to the origins given, and no others (the invoice's Pay now, to Stripe's Checkout)", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n" }, { formActions: ["https://checkout.stripe.com"] })).get("form-action")).toBe("'self' https://checkout.stripe.com");
  });

  it("lets the site frame only the one answer it embeds (the invoice PDF)", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n" }, { framedBySelf: true })).get("frame-ancestors")).toBe("'self'");
  });

  it("lets Vite's hot reload connect in development only", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n" }, { development: true })).get("connect-src")).toBe("'self' ws:");
  });

  it("makes a new 128-bit nonce every time", () => {
    // Over several draws of the pool the nonces are drawn from.
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("the hashes of a document's inline scripts", () => {
  const sha = (source: string) => `sha256-${createHash("sha256").update(source).digest("base64")}`;

  it("hashes every inline script's exact text, and no script with a src", () => {
    const html =
      '<head><script src="/a.js"></script><script>var a = 1;</script></head>' +
      '<body><script nonce="x" type="module" async="">import "/b.js";\n</script><script>var a = 1;</script><script type="application/json">{"é":1}</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha("var a = 1;"), sha('import "/b.js";\n'), sha('{"é":1}')]);
  });
});
