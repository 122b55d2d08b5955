import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/connection.server";
import { invoices } from "~/invoices/schema";
import { openClientProposal } from "~/proposals/client-proposal.server";
import { proposalEventsOf, verifyProposalRecord } from "~/proposals/proposal-events.server";
import { proposals } from "~/proposals/schema";
import { signProposal } from "~/proposals/sign-proposal.server";
import { openCheckout } from "../support/card-payment-scene";
import { aSentProposal, BROWSER, readAndFreeze } from "../support/proposal-scene";
import { withStripeStandIn } from "../support/stripe-test-file";

// Issue 44's deposit paid by card: 'Pay now' on the signed proposal's deposit invoice, the Stripe
// stand-in's page, its signed webhook; the proposal becomes paid with "deposit paid" in its record.

const standIn = await withStripeStandIn();

describe("a signed proposal's deposit paid by card", () => {
  it("offers 'Pay now' after signing, and the webhook's payment makes the proposal paid", async () => {
    const scene = await aSentProposal();
    const { contractSha256 } = await readAndFreeze(scene.token, { tierOptionId: scene.growth, addOnOptionIds: [scene.seo] });
    const signature = await signProposal({ token: scene.token, input: { versionId: scene.version.id, contractSha256, consent: "yes", signerName: "Jordan A. Rivera" }, origin: BROWSER });
    const signed = await openClientProposal({ token: scene.token, origin: BROWSER });
    expect(signed?.signed?.deposit).toMatchObject({ payByCard: true, balanceCents: 16_250 });

    const session = await openCheckout(standIn, signature.depositInvoiceId ?? "");
    const { delivery } = await standIn.pay(session.id);
    expect(await delivery).toMatchObject({ status: 200 });

    const [deposit] = await db().select().from(invoices).where(eq(invoices.id, signature.depositInvoiceId ?? ""));
    expect(deposit).toMatchObject({ status: "paid", paymentMethod: "stripe" });
    const [proposal] = await db().select().from(proposals).where(eq(proposals.id, scene.proposal.id));
    expect(proposal?.status).toBe("paid");
    expect((await proposalEventsOf(db(), scene.proposal.id)).at(-1)).toMatchObject({ kind: "deposit_paid", details: { invoiceId: deposit?.id } });
    expect(await verifyProposalRecord(db(), scene.proposal.id)).toEqual({ valid: true });
    const [remainder] = await db().select().from(invoices).where(eq(invoices.id, signature.remainderInvoiceId ?? ""));
    expect(remainder?.status).toBe("draft");
  });
});
