import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients } from "~/clients/schema";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { invoiceLineItems, invoices } from "~/invoices/schema";
import { recordPayment } from "~/invoices/record-payment.server";
import { projectAddOns } from "~/add-ons/schema";
import { projects, projectTasks } from "~/projects/schema";
import { sha256Hex } from "~/signing/contract-hash";
import { declineProposal } from "~/proposals/decline-proposal.server";
import { openClientProposal } from "~/proposals/client-proposal.server";
import { proposalEventsOf, verifyProposalRecord } from "~/proposals/proposal-events.server";
import { remindAndExpireProposals, remindersDue } from "~/proposals/remind-and-expire-proposals.server";
import { proposalEvents, proposals, proposalSignatures, proposalVersions } from "~/proposals/schema";
import { sendProposal } from "~/proposals/send-proposal.server";
import { signProposal } from "~/proposals/sign-proposal.server";
import { updateProposal } from "~/proposals/update-proposal.server";
import { Refusal } from "~/refusal/refusal";
import { aSentProposal, BROWSER, readAndFreeze } from "../support/proposal-scene";
import { pdfPages, pdfSignatures } from "../support/pdf-tools";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const signer = "Jordan A. Rivera";

async function statusOf(proposalId: string) {
  const [row] = await db().select({ status: proposals.status }).from(proposals).where(eq(proposals.id, proposalId));
  return row?.status;
}

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  if (!(error instanceof Refusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("a proposal from sending to the signed deposit", () => {
  it("e-mails the link, records the opening, and signing makes the client, the project, the invoices and the sealed PDF in one go", async () => {
    const scene = await aSentProposal();
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "proposal"));
    expect(mail?.text).toContain(scene.link);
    expect(mail?.toEmail).toBe("jordan@example.com");
    // The agency's personal note comes with the link, as on the proposal's page.
    expect(mail?.text).toContain("Hi Jordan,\n\nLooking forward to it!\n\nHere is your proposal");
    expect(mail?.html).toContain("<p>Looking forward to it!</p>");

    const view = await openClientProposal({ token: scene.token, origin: BROWSER });
    expect(view?.state).toBe("open");
    expect(view?.offer.options.map((option) => option.name)).toEqual(["Tier 1 – Starter", "Tier 2 – Growth Site", "Logo refresh", "SEO setup"]);
    expect(await statusOf(scene.proposal.id)).toBe("viewed");

    const { contractSha256 } = await readAndFreeze(scene.token, { tierOptionId: scene.growth, addOnOptionIds: [scene.seo] });
    const [frozen] = await db().select().from(proposalVersions).where(eq(proposalVersions.id, scene.version.id));
    expect(frozen?.contractText).toContain("Tier 2 – Growth Site");
    expect(frozen?.contractText).toContain("- SEO setup");
    // $249 + $50 + $75 − $49 = $325; half of it on signing.
    expect(frozen?.contractText).toContain("The total price is $325.00. A deposit of $162.50");
    expect(sha256Hex(frozen?.contractText ?? "")).toBe(contractSha256);

    const signature = await signProposal({ token: scene.token, input: { versionId: scene.version.id, contractSha256, consent: "yes", signerName: signer }, origin: BROWSER });
    expect(signature).toMatchObject({ signerName: signer, totalCents: 32_500, depositCents: 16_250, contractSha256 });
    // The sealed PDF: its signature valid by pdfsig, its certificate page naming the signer, the address and the hash.
    const pdf = Buffer.from(signature.pdf, "base64");
    expect(await pdfSignatures(pdf)).toMatch(/Signature Validation: Signature is Valid/);
    const text = (await pdfPages(pdf)).join("\n");
    expect(text).toContain(signer);
    expect(text).toContain(BROWSER.ipAddress);
    expect(text.replace(/\s+/g, "")).toContain(contractSha256);
    expect(await statusOf(scene.proposal.id)).toBe("signed");

    const [client] = await db().select().from(clients).where(eq(clients.leadId, scene.lead.id));
    expect(client).toMatchObject({ id: signature.clientId, name: "Jordan Rivera" });
    const [project] = await db().select().from(projects).where(eq(projects.clientId, signature.clientId));
    expect(project).toMatchObject({ id: signature.projectId, tier: "2" });
    expect((await db().select().from(projectTasks).where(eq(projectTasks.projectId, project?.id ?? ""))).length).toBeGreaterThan(0);
    expect(await db().select({ price: projectAddOns.customPriceCents }).from(projectAddOns).where(eq(projectAddOns.projectId, project?.id ?? ""))).toHaveLength(2);

    const clientInvoices = await db().select().from(invoices).where(eq(invoices.clientId, signature.clientId));
    // The conversion's first draft became the remainder: two invoices, not three.
    expect(clientInvoices).toHaveLength(2);
    const deposit = clientInvoices.find((invoice) => invoice.id === signature.depositInvoiceId);
    const remainder = clientInvoices.find((invoice) => invoice.id === signature.remainderInvoiceId);
    expect(deposit).toMatchObject({ status: "sent", totalCents: 16_250, projectId: project?.id });
    expect(deposit?.viewToken).toBeTruthy();
    expect(remainder).toMatchObject({ status: "draft", totalCents: 16_250 });
    expect(await db().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, remainder?.id ?? ""))).toEqual([expect.objectContaining({ totalCents: 16_250 })]);

    const sealedMail = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "proposal_signed"));
    expect(sealedMail).toHaveLength(1);
    expect(sealedMail[0]?.attachments[0]).toMatchObject({ contentType: "application/pdf", content: signature.pdf });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "proposal_signed_notification"))).toHaveLength(1);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "invoice"))).toHaveLength(1);

    const events = await proposalEventsOf(db(), scene.proposal.id);
    expect(events.map((event) => event.kind)).toEqual(["sent", "opened", "viewed_version", "consented", "signed"]);
    expect(events.at(-1)).toMatchObject(BROWSER);
    expect(await verifyProposalRecord(db(), scene.proposal.id)).toEqual({ valid: true });

    const after = await openClientProposal({ token: scene.token, origin: BROWSER });
    expect(after?.signed?.deposit).toMatchObject({ invoiceNumber: deposit?.invoiceNumber, balanceCents: 16_250 });
    expect(after?.signed?.deposit?.bankTransfer).toContain(deposit?.invoiceNumber);

    // The deposit paid: recorded on the proposal, chained.
    await recordPayment({ actor: scene.actor, invoiceId: deposit?.id ?? "", input: { amount: 16_250, paidOn: "2026-11-29", method: "cash", note: null } });
    expect(await statusOf(scene.proposal.id)).toBe("paid");
    expect((await proposalEventsOf(db(), scene.proposal.id)).at(-1)?.kind).toBe("deposit_paid");
    expect(await verifyProposalRecord(db(), scene.proposal.id)).toEqual({ valid: true });
  });

  it("makes the lead a client at the package chosen, not the one the lead asked about", async () => {
    const scene = await aSentProposal();
    expect(scene.lead.tier).toBe("2");
    const { contractSha256 } = await readAndFreeze(scene.token, { tierOptionId: scene.starter, addOnOptionIds: [] });
    const signature = await signProposal({ token: scene.token, input: { versionId: scene.version.id, contractSha256, consent: "yes", signerName: signer }, origin: BROWSER });
    const [client] = await db().select().from(clients).where(eq(clients.id, signature.clientId));
    expect(client?.tier).toBe("1");
    const [project] = await db().select().from(projects).where(eq(projects.id, signature.projectId ?? ""));
    expect(project?.tier).toBe("1");
  });

  it("signs once when the same signature is posted twice, and when two tabs sign at the same moment", async () => {
    const scene = await aSentProposal();
    const { contractSha256 } = await readAndFreeze(scene.token, { tierOptionId: scene.starter, addOnOptionIds: [] });
    const sign = () => signProposal({ token: scene.token, input: { versionId: scene.version.id, contractSha256, consent: "yes", signerName: signer }, origin: BROWSER });
    const [first, second] = await Promise.all([sign(), sign()]);
    const third = await sign();
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await db().select().from(proposalSignatures)).toHaveLength(1);
    expect(await db().select().from(projects)).toHaveLength(1);
    expect(await db().select().from(clients)).toHaveLength(1);
    expect(await db().select().from(invoices)).toHaveLength(2);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "proposal_signed"))).toHaveLength(1);
    expect((await proposalEventsOf(db(), scene.proposal.id)).filter((event) => event.kind === "signed")).toHaveLength(1);
  });
});

describe("signing refused", () => {
  it("refuses a hash other than the one frozen, and a choice the offer does not hold", async () => {
    const scene = await aSentProposal();
    const { contractSha256 } = await readAndFreeze(scene.token, { tierOptionId: scene.growth, addOnOptionIds: [] });
    const wrongHash = await refusalOf(signProposal({ token: scene.token, input: { versionId: scene.version.id, contractSha256: "0".repeat(64), consent: "yes", signerName: signer }, origin: BROWSER }));
    expect(wrongHash.status).toBe(400);
    expect(wrongHash.message).toMatch(/read it again/);
    const notOffered = await refusalOf(readAndFreeze(scene.token, { tierOptionId: scene.seo, addOnOptionIds: [] }));
    expect(notOffered.status).toBe(400);
    expect(await db().select().from(proposalSignatures)).toHaveLength(0);
    expect(contractSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a replaced version's link; the new link signs", async () => {
    const scene = await aSentProposal();
    const old = await readAndFreeze(scene.token, { tierOptionId: scene.growth, addOnOptionIds: [] });
    const { version: newer } = await sendProposal({ actor: scene.actor, proposalId: scene.proposal.id });
    expect(newer.token).not.toBe(scene.token);
    const refused = await refusalOf(signProposal({ token: scene.token, input: { versionId: scene.version.id, contractSha256: old.contractSha256, consent: "yes", signerName: signer }, origin: BROWSER }));
    expect(refused.message).toBe("This proposal was replaced.");
    expect((await openClientProposal({ token: scene.token, origin: BROWSER }))?.state).toBe("replaced");
    const tier = newer.offer.options.find((option) => option.kind === "tier")?.id ?? "";
    const fresh = await readAndFreeze(newer.token, { tierOptionId: tier, addOnOptionIds: [] });
    await signProposal({ token: newer.token, input: { versionId: newer.id, contractSha256: fresh.contractSha256, consent: "yes", signerName: signer }, origin: BROWSER });
    expect(await statusOf(scene.proposal.id)).toBe("signed");
  });

  it("refuses a declined or an expired proposal, and a signed one never changes", async () => {
    const declined = await aSentProposal();
    const frozen = await readAndFreeze(declined.token, { tierOptionId: declined.growth, addOnOptionIds: [] });
    await declineProposal({ token: declined.token, reason: "Over budget", origin: BROWSER });
    expect(await statusOf(declined.proposal.id)).toBe("declined");
    const refused = await refusalOf(signProposal({ token: declined.token, input: { versionId: declined.version.id, contractSha256: frozen.contractSha256, consent: "yes", signerName: signer }, origin: BROWSER }));
    expect(refused.message).toBe("This proposal was declined.");

    const expired = await aSentProposal({ expiresOn: "2026-01-01" });
    const late = await refusalOf(readAndFreeze(expired.token, { tierOptionId: expired.growth, addOnOptionIds: [] }));
    expect(late.message).toBe("This proposal has expired.");
  });
});

describe("reminders and expiry", () => {
  it("counts the reminders due from the day it was sent", () => {
    expect(remindersDue("2026-11-01", [3, 7, 14], "2026-11-08")).toEqual([3, 7]);
    expect(remindersDue("2026-11-01", [3], "2026-11-02")).toEqual([]);
  });

  it("reminds an open proposal once per day of the schedule, expires it on its date, and stops once it is signed or declined", async () => {
    const open = await aSentProposal({ expiresOn: "2099-12-31" });
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await remindAndExpireProposals({ now: later })).toEqual({ reminded: 2, expired: 0 });
    expect(await remindAndExpireProposals({ now: later })).toEqual({ reminded: 0, expired: 0 });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "proposal_reminder"))).toHaveLength(2);

    await declineProposal({ token: open.token, reason: null, origin: BROWSER });
    expect(await remindAndExpireProposals({ now: new Date("2100-06-01T12:00:00Z") })).toEqual({ reminded: 0, expired: 0 });

    const expiring = await aSentProposal({ expiresOn: "2099-12-31", reminderDays: [] });
    expect(await remindAndExpireProposals({ now: new Date("2100-01-02T12:00:00Z") })).toEqual({ reminded: 0, expired: 1 });
    expect(await statusOf(expiring.proposal.id)).toBe("expired");
    expect((await db().select().from(proposalEvents).where(eq(proposalEvents.proposalId, expiring.proposal.id))).at(-1)?.kind).toBe("expired");
  });

  it("sends a new version with a new link when a sent proposal is edited", async () => {
    const scene = await aSentProposal();
    const [template] = await db().select({ id: proposals.contractTemplateId }).from(proposals).where(eq(proposals.id, scene.proposal.id));
    const { resent } = await updateProposal({
      actor: scene.actor,
      proposalId: scene.proposal.id,
      input: { title: "Website for Jordan, v2", tiers: ["2"], includedAddOns: [], optionalAddOns: [], discount: 0, depositRule: "fixed", depositPercent: 0, depositFixed: 10_000, expiresOn: "2099-12-31", note: null, contractTemplateId: template?.id ?? "", reminderDays: [] },
    });
    expect(resent).toBe(true);
    const versions = await db().select().from(proposalVersions).where(eq(proposalVersions.proposalId, scene.proposal.id));
    expect(versions).toHaveLength(2);
    expect(versions.filter((version) => version.replacedAt === null)).toEqual([expect.objectContaining({ number: 2 })]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "proposal"))).toHaveLength(2);
  });
});
