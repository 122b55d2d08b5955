import type http from "node:http";
import { eq } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { encodeFirstTouch } from "~/attribution/attribution";
import { db } from "~/db/connection.server";
import { getOrganizationSettings, listPackageTiers } from "~/organization/settings.server";
import { organizationSettings, packageTiers } from "~/organization/schema";
import { portfolioItems } from "~/site/schema";
import { listPortfolioItems } from "~/site/portfolio.server";
import { KEPT_PUBLIC_PATHS, serveKeptPublicPages } from "~/site/kept-public-pages.server";
import { mountRequestStack } from "../../server/request-stack";
import { heard } from "../support/change-heard";
import { browserGet, closeServer, listenOnLoopback } from "../support/stack-server";
import { withTestDatabase } from "../support/test-database";

// The kept public pages (decision 037), served as server.js mounts them (behind the one request
// stack, in front of React Router), with a stand-in for React Router's render that shows what the
// real pages read: the settings (the layout), the tiers (home, packages) and the portfolio.

withTestDatabase();

let renders = 0;
let server: http.Server | undefined;
let origin = "";

async function render(path: string): Promise<Response> {
  renders += 1;
  const [settings, tiers, items] = await Promise.all([getOrganizationSettings(), listPackageTiers(), listPortfolioItems()]);
  if (path === "/portfolio/unknown") return new Response("Not found", { status: 404, headers: { "Content-Type": "text/html" } });
  const html =
    `<!DOCTYPE html><html><body><h1>${settings.companyName ?? ""}</h1><p>${tiers.map((tier) => tier.name).join(", ")}</p>` +
    `<p>${items.map((item) => item.name).join(", ")}</p><script>window.__path = ${JSON.stringify(path)};</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html" } });
}

async function serve(): Promise<void> {
  const pages = express.Router();
  pages.get(KEPT_PUBLIC_PATHS, serveKeptPublicPages(render));
  pages.use((_request, response) => void response.status(299).send("passed to React Router"));
  const app = express();
  mountRequestStack(app, { files: (_request, _response, next) => next(), pages });
  renders = 0;
  ({ server, origin } = await listenOnLoopback(app));
}

afterEach(async () => {
  await closeServer(server);
  server = undefined;
});

function get(path: string, headers?: Record<string, string>) {
  return browserGet(`${origin}${path}`, headers);
}

describe("a kept public page", () => {
  it("is rendered once for many visitors, compressed, its inline scripts named by hash, not by a nonce", async () => {
    await serve();
    const answers = await Promise.all([get("/", { "Accept-Encoding": "br" }), get("/", { "Accept-Encoding": "br" }), get("/"), get("/", {})]);
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.headers["content-encoding"])).toEqual(["br", "br", "gzip", undefined]);
    expect(new Set(answers.map((answer) => answer.html)).size).toBe(1);
    const policy = String(answers[0]?.headers["content-security-policy"]);
    expect(policy).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain("nonce-");
    // The request stack's other headers are there too.
    expect(answers[0]?.headers["x-content-type-options"]).toBe("nosniff");
    await get("/about");
    expect(renders).toBe(2);
  });

  it("changes with the settings, the tiers and the portfolio it shows", async () => {
    await serve();
    const first = await get("/");
    const [tier] = await listPackageTiers();
    const [item] = await listPortfolioItems();
    await db().update(organizationSettings).set({ companyName: "Renamed Studio" });
    await heard();
    expect((await get("/")).html).toContain("<h1>Renamed Studio</h1>");
    await db().update(packageTiers).set({ name: "A Renamed Tier" }).where(eq(packageTiers.tier, tier!.tier));
    await heard();
    expect((await get("/")).html).toContain("A Renamed Tier");
    await db().update(portfolioItems).set({ name: "A Renamed Project" }).where(eq(portfolioItems.id, item!.id));
    await heard();
    const last = await get("/");
    expect(last.html).toContain("A Renamed Project");
    expect(last.html).not.toBe(first.html);
    expect(renders).toBe(4);
  });

  it("is not used for a query string, a pending toast, a visitor who came through a campaign, or an answer that is not a plain page", async () => {
    await serve();
    expect((await get("/?campaign=spring")).status).toBe(299);
    expect((await get("/", { Cookie: "flash=x" })).status).toBe(299);
    // The campaign's visitor is told the campaign's promo days, which the page kept for everyone does not say.
    expect((await get("/packages", { Cookie: `first_touch=${encodeFirstTouch({ campaign: "spring", ref: null, at: new Date() })}` })).status).toBe(299);
    // A client's referral alone changes nothing the page says.
    expect((await get("/packages", { Cookie: `first_touch=${encodeFirstTouch({ campaign: null, ref: "K7M2QX9P", at: new Date() })}` })).status).toBe(200);
    expect((await get("/portfolio/unknown")).status).toBe(299);
    expect((await get("/portfolio/unknown")).status).toBe(299);
    expect(renders).toBe(2);
    expect((await get("/contact")).status).toBe(299);
  });
});
