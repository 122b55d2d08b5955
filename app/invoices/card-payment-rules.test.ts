import { describe, expect, it } from "vitest";
import { checkoutIdempotencyKey, payableByCard, refundToRecord } from "./card-payment-rules";

describe("payable by card", () => {
  it("is a sent or overdue invoice with a balance; never a draft, a paid one or one owing nothing", () => {
    expect(payableByCard({ status: "sent", balanceCents: 1 })).toBe(true);
    expect(payableByCard({ status: "overdue", balanceCents: 49_900 })).toBe(true);
    expect(payableByCard({ status: "draft", balanceCents: 49_900 })).toBe(false);
    expect(payableByCard({ status: "paid", balanceCents: 49_900 })).toBe(false);
    expect(payableByCard({ status: "sent", balanceCents: 0 })).toBe(false);
  });
});

describe("the checkout's idempotency key", () => {
  const checkout = { invoiceId: "6f1c", amountCents: 49_900, currency: "usd", returnsTo: "link" as const, attempt: 1 };
  it("is the same for the same invoice, amount, page and attempt, and differs when any of them does", () => {
    expect(checkoutIdempotencyKey(checkout)).toBe(checkoutIdempotencyKey({ ...checkout }));
    const others = [{ invoiceId: "7a2d" }, { amountCents: 20_000 }, { returnsTo: "portal" as const }, { attempt: 2 }].map((change) => checkoutIdempotencyKey({ ...checkout, ...change }));
    expect(new Set([checkoutIdempotencyKey(checkout), ...others]).size).toBe(5);
  });
});

describe("a refund to record", () => {
  it("adds what Stripe refunded beyond what is recorded, never twice, never more than was paid", () => {
    expect(refundToRecord({ amountCents: 49_900, refundedCents: 0 }, 10_000)).toBe(10_000);
    expect(refundToRecord({ amountCents: 49_900, refundedCents: 10_000 }, 30_000)).toBe(20_000);
    // The same event again, or an earlier one arriving after a later one.
    expect(refundToRecord({ amountCents: 49_900, refundedCents: 30_000 }, 30_000)).toBe(0);
    expect(refundToRecord({ amountCents: 49_900, refundedCents: 30_000 }, 10_000)).toBe(0);
    expect(refundToRecord({ amountCents: 49_900, refundedCents: 0 }, 60_000)).toBe(49_900);
  });
});
