import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/connection.server";
import { proposalEvents, proposalSignatures } from "~/proposals/schema";
import { sendProposal } from "~/proposals/send-proposal.server";
import { aSentProposal, readAndFreeze } from "../support/proposal-scene";
import { serveProposalLink } from "../support/proposal-link-server";
import { HttpVisitor } from "../support/http-visitor";
import { withTestDatabase } from "../support/test-database";

// Issue 44's capability link attacked over real HTTP through the one request stack: a guessed or
// altered token finds nothing, a replaced version's link cannot sign, another site's page cannot
// post a signature, and a refused signature keeps what was typed. Each refusal is proven by what
// it did not write.

withTestDatabase();

let app: Awaited<ReturnType<typeof serveProposalLink>>;
beforeAll(async () => {
  app = await serveProposalLink();
});
afterAll(async () => {
  await app?.stop();
});

/** A post from the site's own page: its Origin is the site's public address. */
const fromOurPage = (visitor: HttpVisitor, path: string, form: Record<string, string>) => visitor.send(path, { form, origin: false, headers: { Origin: config().publicUrl } });

const signatures = async () => (await db().select().from(proposalSignatures)).length;
const events = async () => (await db().select().from(proposalEvents)).length;

async function readyToSign() {
  const scene = await aSentProposal();
  const { contractSha256 } = await readAndFreeze(scene.token, { tierOptionId: scene.growth, addOnOptionIds: [] });
  const form = { intent: "sign", versionId: scene.version.id, contractSha256, consent: "yes", signerName: "Jordan A. Rivera" };
  return { scene, form };
}

describe("the proposal link under attack", () => {
  it("answers a guessed, altered or malformed token with 404 and records nothing", async () => {
    const { scene, form } = await readyToSign();
    const visitor = new HttpVisitor(app.url, "198.51.100.7");
    const before = await events();
    const guessed = randomBytes(32).toString("base64url");
    const altered = `${scene.token.slice(0, -1)}${scene.token.endsWith("A") ? "B" : "A"}`;
    for (const token of [guessed, altered, "short", `${scene.token}x`]) {
      expect((await visitor.send(`/proposal/${token}`)).status).toBe(404);
      expect((await fromOurPage(visitor, `/proposal/${token}`, form)).status).toBe(404);
    }
    expect(await events()).toBe(before);
    expect(await signatures()).toBe(0);
  });

  it("refuses a signature posted from another site's page (403) before it is read", async () => {
    const { scene, form } = await readyToSign();
    const before = await events();
    const forged = await new HttpVisitor(app.url, "198.51.100.8").send(`/proposal/${scene.token}`, { form, origin: false, headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(forged.status).toBe(403);
    expect(await signatures()).toBe(0);
    expect(await events()).toBe(before);
  });

  it("refuses without the consent box or a name, or with a name that would smuggle a header (400, what was typed kept), and with a replaced version's link", async () => {
    const { scene, form } = await readyToSign();
    const visitor = new HttpVisitor(app.url, "198.51.100.9");
    const noConsent = await fromOurPage(visitor, `/proposal/${scene.token}`, { ...form, consent: "" });
    expect(noConsent.status).toBe(400);
    expect(JSON.parse(noConsent.text)).toMatchObject({ ok: false, fieldErrors: { consent: "Tick the box to agree to electronic records and signatures" }, values: { signerName: "Jordan A. Rivera" } });
    const noName = await fromOurPage(visitor, `/proposal/${scene.token}`, { ...form, signerName: "  " });
    expect(noName.status).toBe(400);
    expect(JSON.parse(noName.text)).toMatchObject({ fieldErrors: { signerName: "Type your full legal name" } });

    // The name goes into the agency's mail Subject: one written as an encoded word, which a mail
    // program would decode into a line break and a header, or holding a line break, signs nothing (issue 41).
    const smuggled = `=?UTF-8?B?${Buffer.from("Jordan\r\nBcc: victim@example.test").toString("base64")}?=`;
    for (const [signerName, problem] of [
      [smuggled, "Write the name as it reads, without encoded text (=?…?=)"],
      ["Jordan\nBcc: victim@example.test", "Use letters, spaces and punctuation only"],
    ]) {
      const refused = await fromOurPage(visitor, `/proposal/${scene.token}`, { ...form, signerName });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({ fieldErrors: { signerName: problem } });
    }

    await sendProposal({ actor: scene.actor, proposalId: scene.proposal.id });
    const replaced = await fromOurPage(visitor, `/proposal/${scene.token}`, form);
    expect(replaced.status).toBe(400);
    expect(JSON.parse(replaced.text)).toMatchObject({ formError: "This proposal was replaced." });
    expect(await signatures()).toBe(0);
  });

  it("signs once when the same signature is posted again", async () => {
    const { scene, form } = await readyToSign();
    const visitor = new HttpVisitor(app.url, "198.51.100.10");
    const first = await fromOurPage(visitor, `/proposal/${scene.token}`, form);
    const replay = await fromOurPage(visitor, `/proposal/${scene.token}`, form);
    expect([first.status, replay.status]).toEqual([302, 302]);
    expect(await signatures()).toBe(1);
    const signed = (await db().select().from(proposalEvents)).filter((event) => event.kind === "signed");
    expect(signed).toHaveLength(1);
    // The address the request came from (the loopback here: no proxy is trusted) and the browser it named.
    expect(signed[0]).toMatchObject({ ipAddress: "127.0.0.1", userAgent: expect.any(String) });
  });
});
