import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBookingActions } from "~/booking/booking-rate-limit.server";
import { db } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import { enqueueEmail } from "~/email/outbox.server";
import * as inquiryRoute from "~/leads/inquiry-route";
import * as promoClaimRoute from "~/leads/promo-claim-route";
import { leads } from "~/leads/schema";
import { countPublicPost, PUBLIC_POSTS_PER_HOUR } from "~/request-safety/public-post-limit.server";
import { PUBLIC_FORM_LIMITS } from "~/request-safety/public-form-limits.server";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { callRoute, type RouteHandler } from "../support/route-calls";
import { withTestDatabase } from "../support/test-database";

// Issue 41's attacks ("Trust, second pass"), sent as the attacker sent them, in process: each must
// be refused, and what held before must still hold.

withTestDatabase();

const handler = (fn: unknown) => fn as RouteHandler;

let mail: TestMailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail?.stop();
});

/** Addresses of one IPv6 /64, each a different host, as one visitor picks them at will. */
const sameNetwork = (count: number) => Array.from({ length: count }, (_, host) => `2001:db8:41:7:${(host + 1).toString(16)}:cafe:0:${host + 1}`);

async function status(answer: Promise<{ status: number }>): Promise<number> {
  return (await answer).status;
}

describe("5. IPv6 visitors are counted by their /64", () => {
  it("refuses the public forms' eleventh post from one /64, whatever host address each comes from", async () => {
    const answers = [];
    for (const [index, address] of sameNetwork(12).entries()) {
      const form = { name: `Visitor ${index}`, email: `visitor${index}@example.test`, phone: "214-555-0100", placement: "popup" };
      answers.push(await status(callRoute(handler(promoClaimRoute.action), "/promo-claim", { form, address })));
    }
    expect(answers).toEqual([...Array<number>(PUBLIC_FORM_LIMITS.perAddress.limit).fill(200), 429, 429]);
    // Another network is not held back by it.
    expect(await status(callRoute(handler(promoClaimRoute.action), "/promo-claim", { form: { name: "Other", email: "other@example.test", phone: "214-555-0100", placement: "popup" }, address: "2001:db8:41:8::1" }))).toBe(200);
  });

  it("counts public posts and booking attempts of one /64 together", async () => {
    const addresses = sameNetwork(PUBLIC_POSTS_PER_HOUR + 1);
    const verdicts = [];
    for (const address of addresses) verdicts.push((await countPublicPost(address)).allowed);
    expect(verdicts.filter((allowed) => allowed)).toHaveLength(PUBLIC_POSTS_PER_HOUR);
    expect(verdicts.at(-1)).toBe(false);

    const outcomes = [];
    for (const [index, address] of sameNetwork(31).entries()) {
      outcomes.push(await limitBookingActions(address, `lead-${"t".repeat(40)}-${index}`).then(() => "allowed", (refused: Error) => refused.message));
    }
    expect(outcomes.filter((outcome) => outcome === "allowed")).toHaveLength(30);
    expect(outcomes.at(-1)).toMatch(/^Too many attempts/);
  });
});

describe("12. names cannot smuggle encoded words into mail headers", () => {
  const smuggled = `=?UTF-8?B?${Buffer.from("Bob\r\nBcc: victim@example.test").toString("base64")}?=`;

  it("refuses a name written as an encoded word where a visitor types one, and saves nothing", async () => {
    const answer = await callRoute(handler(inquiryRoute.action), "/inquiry", { form: { name: smuggled, email: "bob@example.test", promo: "false" } });
    expect(answer.status).toBe(400);
    const body = (await (answer.body as Response).json()) as { fieldErrors?: Record<string, string> };
    expect(body.fieldErrors?.name).toBe("Write the name as it reads, without encoded text (=?…?=)");
    expect(await db().select().from(leads)).toEqual([]);
  });

  it("sends one that came in before as the text it is: the Subject and the To name decode to what was written, with no line break", async () => {
    await db().transaction((tx) =>
      enqueueEmail(tx, { to: "agency@example.test", toName: smuggled, subject: `New inquiry from ${smuggled}`, html: "<p>Hi</p>", text: "Hi", emailType: "admin_notification" }),
    );
    await deliverDueEmails({ transport: nodemailer.createTransport(mail.url) });
    const received = await mail.waitFor((message) => message.envelopeTo.includes("agency@example.test"));
    expect(received.subject).toBe(`New inquiry from ${smuggled}`);
    expect(received.to && !Array.isArray(received.to) ? received.to.value[0]?.name : null).toBe(smuggled);
    expect(received.envelopeTo).toEqual(["agency@example.test"]);
    expect(received.headers.has("bcc")).toBe(false);
    expect(received.raw.toString("latin1")).not.toMatch(/^Bcc:/im);
  });
});
