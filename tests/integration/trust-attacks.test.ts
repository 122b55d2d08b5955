import { and, eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "~/auth/admin-command.server";
import { acceptInvitation, inviteAdmin } from "~/auth/admin-invitations.server";
import * as authApi from "~/auth/auth-api-route";
import * as confirmPage from "~/auth/confirm-identity-page";
import * as invitationPage from "~/auth/invitation-page";
import { CONFIRM_FIRST } from "~/auth/recent-confirmation.server";
import { findUserByEmail, isAdmin } from "~/auth/roles.server";
import { adminInvitations } from "~/auth/schema";
import * as securityPage from "~/auth/security-settings-page";
import { limitBookingActions } from "~/booking/booking-rate-limit.server";
import { addClient } from "~/clients/add-client.server";
import { archiveClient } from "~/clients/archive-client.server";
import { deleteClient } from "~/clients/delete-client.server";
import { saveClientRows } from "~/clients/save-client-rows.server";
import { updateClient } from "~/clients/update-client.server";
import type { Client } from "~/clients/schema";
import * as feedRoute from "~/consultations/calendar-feed-route";
import * as consultationsPage from "~/consultations/consultations-page";
import { findCalendarFeed, makeCalendarFeed } from "~/consultations/calendar-feed.server";
import { addClientConsultation } from "~/consultations/client-consultations.server";
import { db, queryRows } from "~/db/connection.server";
import { deliverDueEmails } from "~/email/delivery.server";
import * as emailMessagePage from "~/email/email-message-page";
import { enqueueEmail } from "~/email/outbox.server";
import { emailOutbox } from "~/email/schema";
import * as inquiryRoute from "~/leads/inquiry-route";
import * as promoClaimRoute from "~/leads/promo-claim-route";
import { leads } from "~/leads/schema";
import { getOrganizationSettings, updateOrganizationSettings } from "~/organization/settings.server";
import * as portalCard from "~/portal/client-portal-card-route";
import * as portalHome from "~/portal/portal-home-page";
import { LINK_UNUSABLE } from "~/portal/portal-texts";
import { portalSessions, portalSignInLinks, portalSignInRequests } from "~/portal/schema";
import { redeemSignInLink, requestSignInLink, sendPortalLink, sendRequestedSignInLinks } from "~/portal/sign-in.server";
import { PUBLIC_FORM_LIMITS } from "~/request-safety/public-form-limits.server";
import { countPublicPost, PUBLIC_POSTS_PER_HOUR } from "~/request-safety/public-post-limit.server";
import * as schema from "~/schema";
import { testActor } from "../support/actors";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { latestSignInSecret, portalCookie } from "../support/portal-scene";
import { callRoute, RouteBrowser, type RouteHandler } from "../support/route-calls";
import { makeAdmin, signedInCookie, type TestAccount } from "../support/sessions";
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

  it("refuses the portal sign-in's eleventh request from one /64", async () => {
    const answers = [];
    for (const [index, address] of sameNetwork(12).entries()) {
      answers.push(await status(callRoute(handler(portalHome.action), "/portal?index", { form: { intent: "request-link", email: `someone${index}@example.test` }, address })));
    }
    expect(answers).toEqual([...Array<number>(PUBLIC_FORM_LIMITS.perAddress.limit).fill(200), 429, 429]);
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

const PASSWORD = "correct horse battery";
const SECURITY = "/admin/settings/security";

let accounts = 0;
/** A new admin, as an accepted invitation leaves one. */
async function newAdmin(name: string): Promise<TestAccount & { id: string }> {
  accounts += 1;
  const account = { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}.${accounts}@studio.test`, password: PASSWORD };
  await makeAdmin(account);
  const found = await findUserByEmail(account.email);
  if (!found) throw new Error("The admin was not made");
  return { ...account, id: found.id };
}

/** A browser of `account` signed in over better-auth's API (as scripts and the browser tests do): it holds a session and a device cookie. */
async function signedInBrowser(account: TestAccount, address = "198.51.100.10"): Promise<RouteBrowser> {
  const browser = new RouteBrowser(address);
  expect((await browser.call(handler(authApi.action), "/api/auth/sign-in/email", { json: { email: account.email, password: account.password } })).status).toBe(200);
  expect([...browser.cookies.keys()].some((name) => name.endsWith("sign_in_device"))).toBe(true);
  return browser;
}

function signIn(browser: RouteBrowser, email: string, password: string) {
  return browser.call(handler(authApi.action), "/api/auth/sign-in/email", { json: { email, password } });
}

/** The calendar feed's answer to a calendar app polling `url`. */
async function poll(url: string): Promise<{ status: number; text: string }> {
  const file = url.split("/calendar/")[1] ?? "";
  try {
    const answer = (await feedRoute.loader({ params: { file }, request: new Request(url), context: {} } as never)) as Response;
    return { status: answer.status, text: await answer.text() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { status, text: "" };
    throw thrown;
  }
}

describe("2. revoking an admin revokes their calendar feed", () => {
  it("answers 404 once the owner's role is taken, even for calls added after", async () => {
    await newAdmin("Dana Owner");
    const removed = await newAdmin("Rex Removed");
    const feed = await makeCalendarFeed({ ...testActor(), userId: removed.id });
    const { client } = await addClient({ actor: testActor(), input: { name: "Mesa Verde Cafe", email: "rosa@mesaverde.test", phone: null, tier: "1", notes: null } });
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const call = { consultType: "follow-up" as const, status: "scheduled" as const, scheduledDate: day, scheduledStartTime: "10:00", scheduledEndTime: "10:30", projectId: null, notes: null };
    await addClientConsultation(testActor(), client.id, { ...call, meetingLink: "https://meet.example.test/before" });
    expect((await poll(feed)).text).toContain("Mesa Verde Cafe");

    expect(await runAdminCommand(["revoke", removed.email])).toMatchObject({ ok: true });
    await addClientConsultation(testActor(), client.id, { ...call, meetingLink: "https://meet.example.test/after-the-removal" });
    const answer = await poll(feed);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain("Mesa Verde Cafe");
    expect(answer.text).not.toContain("after-the-removal");
    // Made an admin again, by a new invitation: the old address stays dead.
    const again = await inviteAdmin({ console: true }, { email: removed.email, name: removed.name });
    await acceptInvitation(again.link.split("/").at(-1) ?? "", "a brand new passphrase", "198.51.100.5");
    expect(await isAdmin(removed.id)).toBe(true);
    expect((await poll(feed)).status).toBe(404);
  });

  it("cannot be left behind by a stolen session: making one asks for a recent 'confirm it's you'", async () => {
    const owner = await newAdmin("Fay Feed");
    const stolen = (await signedInBrowser(owner)).elsewhere("203.0.113.98");
    const made = await stolen.call(handler(consultationsPage.action), "/admin/consultations", { form: { intent: "make-calendar-feed" } });
    expect([made.status, (made.body as { formError?: string }).formError]).toEqual([403, CONFIRM_FIRST]);
    expect(await findCalendarFeed(owner.id)).toBeNull();
    const own = await signedInBrowser(owner);
    await confirmItsMe(own);
    expect((await own.call(handler(consultationsPage.action), "/admin/consultations", { form: { intent: "make-calendar-feed" } })).body).toMatchObject({ ok: true, feedUrl: expect.stringMatching(/\/calendar\/[\w-]{43}\.ics$/) });
  });

  it("answers 404 after 'sign out everywhere' and after a password change, and the admin's page says it stopped", async () => {
    const signsOut = await newAdmin("Sam Signsout");
    const feed = await makeCalendarFeed({ ...testActor(), userId: signsOut.id });
    expect((await poll(feed)).status).toBe(200);
    const browser = await signedInBrowser(signsOut);
    await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "sign-out-everywhere", userId: signsOut.id } });
    expect((await poll(feed)).status).toBe(404);
    expect(await findCalendarFeed(signsOut.id)).toMatchObject({ live: false });

    const again = await makeCalendarFeed({ ...testActor(), userId: signsOut.id });
    expect((await poll(again)).status).toBe(200);
    const changed = await browser.call(handler(securityPage.action), SECURITY, {
      form: { intent: "change-password", currentPassword: PASSWORD, newPassword: "a new long passphrase", confirmPassword: "a new long passphrase" },
    });
    expect(changed.status).toBe(302);
    expect((await poll(again)).status).toBe(404);
  });
});

describe("4. known-device allowances end with the password", () => {
  it("treats the cookies of browsers signed in before a password change as unknown: the account's 5 failures stop them, and its owner is told", async () => {
    const owner = await newAdmin("Olga Owner");
    const oldBrowsers = [];
    for (let browser = 0; browser < 4; browser += 1) oldBrowsers.push(await signedInBrowser(owner, `198.51.100.${20 + browser}`));
    const changed = await oldBrowsers[0]!.call(handler(securityPage.action), SECURITY, {
      form: { intent: "change-password", currentPassword: PASSWORD, newPassword: "olga's new passphrase", confirmPassword: "olga's new passphrase" },
    });
    expect(changed.status).toBe(302);

    // The attacker holds the four old browsers' cookies and guesses five times through each.
    const statuses = [];
    for (const old of oldBrowsers.slice(1)) {
      const attacker = old.elsewhere("203.0.113.66");
      attacker.cookies.delete([...attacker.cookies.keys()].find((name) => name.endsWith("session_token")) ?? "");
      for (let guess = 0; guess < 5; guess += 1) statuses.push((await signIn(attacker, owner.email, `guess ${guess}`)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((code) => code === 429)).toBe(true);
    const warned = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toEmail, owner.email), eq(emailOutbox.emailType, "sign_in_paused")));
    expect(warned).toHaveLength(1);
  }, 60_000);

  it("ends a browser's allowance when its account is signed out everywhere", async () => {
    const owner = await newAdmin("Una User");
    const other = await newAdmin("Ivo Other");
    const usual = await signedInBrowser(owner, "198.51.100.30");
    const others = await signedInBrowser(other, "198.51.100.31");
    // Confirmed-it's-you is not needed to sign another admin out: it protects.
    await others.call(handler(securityPage.action), SECURITY, { form: { intent: "sign-out-everywhere", userId: owner.id } });
    const attacker = usual.elsewhere("203.0.113.67");
    const statuses = [];
    for (let guess = 0; guess < 6; guess += 1) statuses.push((await signIn(attacker, owner.email, `guess ${guess}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);

  it("counts a known device's failures against its network: 4 valid cookies from one place meet the network's 20", async () => {
    const owner = await newAdmin("Kai Known");
    const browsers = [];
    for (let browser = 0; browser < 5; browser += 1) browsers.push(await signedInBrowser(owner, "203.0.113.80"));
    const statuses = [];
    for (const browser of browsers.slice(0, 4)) for (let guess = 0; guess < 5; guess += 1) statuses.push((await signIn(browser, owner.email, `guess ${guess}`)).status);
    expect(statuses.every((code) => code === 401)).toBe(true);
    // The twenty-first attempt from that network is refused, whichever known browser sends it, the right password too.
    expect((await signIn(browsers[4]!, owner.email, PASSWORD)).status).toBe(429);
    // The owner's usual browser elsewhere is not held back by it.
    expect((await signIn(browsers[4]!.elsewhere("198.51.100.99"), owner.email, PASSWORD)).status).toBe(200);
  }, 60_000);
});

/** Confirms it's the admin on this browser's session, as the Security tab's card posts it. */
async function confirmItsMe(browser: RouteBrowser, password = PASSWORD) {
  const answer = await browser.call(handler(confirmPage.action), "/admin/confirm", { form: { intent: "confirm-identity", password, returnTo: SECURITY } });
  expect(answer.location).toBe(SECURITY);
}

async function adminMail(to: string) {
  return db().select().from(emailOutbox).where(and(eq(emailOutbox.toEmail, to), eq(emailOutbox.emailType, "admin_team_changed")));
}

describe("1. every privileged change asks who you are", () => {
  it("refuses a session that never confirmed: no admin invited or removed, two-factor still required, the timeout not lengthened", async () => {
    const owner = await newAdmin("Dana Owner");
    const colleague = await newAdmin("Cy Colleague");
    await updateOrganizationSettings(testActor(), { action: "settings.security", summary: "Set by a test" }, { require2fa: false, sessionTimeoutMinutes: 30 });
    // The attacker has the owner's session cookie, not the password.
    const stolen = (await signedInBrowser(owner)).elsewhere("203.0.113.99");

    const invite = await stolen.call(handler(securityPage.action), SECURITY, { form: { intent: "invite-admin", name: "Mallory", email: "mallory@evil.test" } });
    expect(invite.status).toBe(403);
    expect(invite.body).toMatchObject({ ok: false, formError: CONFIRM_FIRST, values: { email: "mallory@evil.test" } });
    expect(await db().select().from(adminInvitations)).toEqual([]);
    expect(await db().select().from(emailOutbox)).toEqual([]);

    const remove = await stolen.call(handler(securityPage.action), SECURITY, { form: { intent: "revoke-admin", userId: colleague.id } });
    expect([remove.status, (remove.body as { formError?: string }).formError]).toEqual([403, CONFIRM_FIRST]);
    expect(await isAdmin(colleague.id)).toBe(true);

    // Nor can it confirm without the password.
    const guessed = await stolen.call(handler(confirmPage.action), "/admin/confirm", { form: { intent: "confirm-identity", password: "a guess", returnTo: SECURITY } });
    expect(guessed.status).toBe(400);
    expect((await stolen.call(handler(securityPage.action), SECURITY, { form: { intent: "invite-admin", name: "Mallory", email: "mallory@evil.test" } })).status).toBe(403);

    const longer = await stolen.call(handler(securityPage.action), SECURITY, { form: { intent: "save-settings", sessionTimeoutMinutes: "1440" } });
    expect(longer.status).toBe(403);
    // Tightening the rules asks nothing: two-factor required, a shorter timeout.
    expect((await stolen.call(handler(securityPage.action), SECURITY, { form: { intent: "save-settings", require2fa: "on", sessionTimeoutMinutes: "15" } })).status).toBe(302);
    const off = await stolen.call(handler(securityPage.action), SECURITY, { form: { intent: "save-settings", sessionTimeoutMinutes: "15" } });
    expect(off.status).toBe(403);
    expect(await getOrganizationSettings()).toMatchObject({ require2fa: true, sessionTimeoutMinutes: 15 });
  });

  it("lets the admin do each once confirmed, and tells every admin when one is invited, added or removed", async () => {
    const owner = await newAdmin("Dana Owner");
    const colleague = await newAdmin("Cy Colleague");
    const leaving = await newAdmin("Lee Leaving");
    const leavingFeed = await makeCalendarFeed({ ...testActor(), userId: leaving.id });
    const browser = await signedInBrowser(owner);
    await confirmItsMe(browser);

    const invited = await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "invite-admin", name: "Nia Hire", email: "nia@studio.test" } });
    expect(invited.status).toBe(302);
    for (const admin of [owner, colleague, leaving]) {
      expect((await adminMail(admin.email)).map((message) => message.subject), admin.email).toEqual([expect.stringContaining("Dana Owner invited nia@studio.test to be an admin")]);
    }
    // The invited address is no admin yet, and not told as one.
    expect(await adminMail("nia@studio.test")).toEqual([]);

    const removed = await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "revoke-admin", userId: leaving.id } });
    expect(removed.status).toBe(302);
    expect(await isAdmin(leaving.id)).toBe(false);
    expect((await poll(leavingFeed)).status).toBe(404);
    for (const admin of [owner, colleague, leaving]) {
      expect((await adminMail(admin.email)).map((message) => message.subject).at(-1), admin.email).toContain("Dana Owner removed " + leaving.email + " from the admins");
    }

    expect((await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "save-settings", sessionTimeoutMinutes: "240" } })).status).toBe(302);
    expect((await getOrganizationSettings()).sessionTimeoutMinutes).toBe(240);
  });

  it("tells every admin when an invitation is accepted", async () => {
    const owner = await newAdmin("Dana Owner");
    const browser = await signedInBrowser(owner);
    await confirmItsMe(browser);
    await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "invite-admin", name: "Nia Hire", email: "nia@studio.test" } });
    await deliverDueEmails({ transport: nodemailer.createTransport(mail.url) });
    const invitation = await mail.waitFor((message) => message.envelopeTo.includes("nia@studio.test"));
    const token = /\/auth\/invitation\/([\w-]{43})/.exec(invitation.text ?? "")?.[1] ?? "";
    const accepted = await callRoute(handler(invitationPage.action), `/auth/invitation/${token}`, { params: { token }, form: { password: "nias own passphrase", confirmPassword: "nias own passphrase" } });
    expect(accepted.status).toBe(302);
    for (const to of [owner.email, "nia@studio.test"]) {
      expect((await adminMail(to)).map((message) => message.subject).at(-1), to).toContain("nia@studio.test accepted an invitation and is now an admin");
    }
  });
});

/** Whether the portal session of `cookie` still opens the client's home. */
async function portalSignedIn(cookie: string): Promise<boolean> {
  return ((await callRoute(handler(portalHome.loader), "/portal", { cookie })).body as { signedIn: boolean }).signedIn;
}

async function newClient(name: string, email: string): Promise<Client> {
  return (await addClient({ actor: testActor(), input: { name, email, phone: null, tier: "1", notes: null } })).client;
}

function edited(client: Client, change: Partial<Client>) {
  const { name, email, phone, businessName, tier, status, paymentStatus, projectLink } = { ...client, ...change };
  return { name, email, phone, businessName, tier, status, paymentStatus, projectLink };
}

describe("3. a portal session ends with the client's right to it", () => {
  it("ends when the client's address changes, and a link sent to the old address no longer signs in", async () => {
    const client = await newClient("Rosa Delgado", "rosa@mesaverde.test");
    const cookie = await portalCookie(client.email);
    await requestSignInLink({ email: client.email }, { clientAddress: "198.51.100.40" });
    const unused = await latestSignInSecret(client.email);
    // Only the case of the address changed: the same address, the same person, still signed in.
    await updateClient({ actor: testActor(), clientId: client.id, input: edited(client, { email: "Rosa@MesaVerde.test" }) });
    expect(await portalSignedIn(cookie)).toBe(true);

    await updateClient({ actor: testActor(), clientId: client.id, input: edited(client, { email: "rosa@new-owner.test" }) });
    expect(await portalSignedIn(cookie)).toBe(false);
    expect(await db().select().from(portalSessions)).toEqual([]);
    await expect(redeemSignInLink(unused)).rejects.toThrow(LINK_UNUSABLE);
  });

  it("ends when the client is archived, from the client's page or the clients list, and an archived client gets no new link", async () => {
    const archived = await newClient("Ada Archived", "ada@archived.test");
    const listed = await newClient("Lee Listed", "lee@listed.test");
    const cookies = [await portalCookie(archived.email), await portalCookie(listed.email)];
    await archiveClient({ actor: testActor(), clientId: archived.id });
    await saveClientRows({ actor: testActor(), rows: [{ clientId: listed.id, status: "archived" }] });
    for (const cookie of cookies) expect(await portalSignedIn(cookie)).toBe(false);
    expect(await db().select().from(portalSessions)).toEqual([]);

    await requestSignInLink({ email: archived.email }, { clientAddress: "198.51.100.41" });
    await sendRequestedSignInLinks();
    // Only the link used to sign in before: none for the request made since.
    expect(await db().select().from(portalSignInLinks).where(eq(portalSignInLinks.clientId, archived.id))).toHaveLength(1);
    await expect(sendPortalLink(testActor(), archived.id)).rejects.toThrow("archived");
  });

  it("ends when the client is deleted", async () => {
    const client = await newClient("Del Gone", "del@gone.test");
    const cookie = await portalCookie(client.email);
    await deleteClient({ actor: testActor(), clientId: client.id });
    expect(await portalSignedIn(cookie)).toBe(false);
  });

  it("lets the agency sign the client out of the portal from the client's page, and a link still in the mailbox no longer signs in", async () => {
    const client = await newClient("Sol Signed", "sol@signed.test");
    const cookies = [await portalCookie(client.email, "198.51.100.42"), await portalCookie(client.email, "198.51.100.43")];
    await requestSignInLink({ email: client.email }, { clientAddress: "198.51.100.44" });
    const unused = await latestSignInSecret(client.email);
    const { cookie: admin } = await signedInCookie({ admin: true });
    const card = await callRoute(handler(portalCard.loader), `/admin/clients/${client.id}`, { cookie: admin, params: { clientId: client.id } });
    expect(card.body).toMatchObject({ enabled: true, signedIn: 2 });
    const out = await callRoute(handler(portalCard.action), `/admin/clients/${client.id}?index`, { cookie: admin, params: { clientId: client.id }, form: { intent: "sign-out-of-portal" } });
    expect(out.status).toBe(302);
    for (const cookie of cookies) expect(await portalSignedIn(cookie)).toBe(false);
    await expect(redeemSignInLink(unused)).rejects.toThrow(LINK_UNUSABLE);
    expect((await callRoute(handler(portalCard.loader), `/admin/clients/${client.id}`, { cookie: admin, params: { clientId: client.id } })).body).toMatchObject({ signedIn: 0 });
  });
});

describe("9. one portal link used retires the client's other unused links", () => {
  it("refuses the older and the newer unused link once one is used", async () => {
    const client = await newClient("Max Many", "max@many.test");
    const secrets = [];
    for (let request = 0; request < 3; request += 1) {
      await requestSignInLink({ email: client.email }, { clientAddress: "198.51.100.44" });
      secrets.push(await latestSignInSecret(client.email));
    }
    expect(new Set(secrets).size).toBe(3);
    await redeemSignInLink(secrets[1]);
    for (const other of [secrets[0], secrets[2]]) await expect(redeemSignInLink(other)).rejects.toThrow(LINK_UNUSABLE);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

describe("7. asking for a portal link takes as long for a client's address as for a stranger's", () => {
  const ask = (email: string, address: string) => callRoute(handler(portalHome.action), "/portal?index", { form: { intent: "request-link", email }, address });

  it("does the same work for both before answering: one queued request each, no link and no mail until the worker", async () => {
    const client = await newClient("Rosa Delgado", "rosa@mesaverde.test");
    const answers = [await ask(client.email, "198.51.100.50"), await ask("stranger@example.test", "198.51.100.51")];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, { ok: true, intent: "request-link", sentTo: client.email }],
      [200, { ok: true, intent: "request-link", sentTo: "stranger@example.test" }],
    ]);
    expect((await db().select().from(portalSignInRequests)).map((request) => request.email).sort()).toEqual([client.email, "stranger@example.test"]);
    expect(await db().select().from(portalSignInLinks)).toEqual([]);
    expect(await db().select().from(emailOutbox)).toEqual([]);

    expect(await sendRequestedSignInLinks()).toBe(2);
    expect(await db().select().from(portalSignInRequests)).toEqual([]);
    expect((await db().select().from(emailOutbox)).map((message) => message.toEmail)).toEqual([client.email]);
    // Taken once: a second run (another process's) finds nothing.
    expect(await sendRequestedSignInLinks()).toBe(0);
  });

  it("answers in the same time: over many tries, a client's address takes no longer than a stranger's (it used to take twice as long)", async () => {
    const clients: Client[] = [];
    for (let index = 0; index < 8; index += 1) clients.push(await newClient(`Client ${index}`, `client${index}@timing.test`));
    const timed = async (email: string, address: string) => {
      const began = performance.now();
      expect((await ask(email, address)).status).toBe(200);
      return performance.now() - began;
    };
    // Eight addresses of each kind, asked for alike (each from a visitor of its own, so the limits,
    // which are not what is measured, never refuse). Both paths warmed up, then taken in turn.
    const strangers = clients.map((_, index) => `stranger${index}@nobody.test`);
    for (let index = 0; index < 4; index += 1) {
      await timed(clients[index]!.email, `192.0.2.${index + 1}`);
      await timed(strangers[index]!, `192.0.2.${index + 101}`);
    }
    // Each try: a client's address and a stranger's, one right after the other (each going first in
    // turn), so whatever load the machine is under weighs on both alike; the median of the 40
    // differences, against the median answer for a stranger. Answering a client's address used to
    // take about twice as long (its look-up, link and mail in the request); now it does the same work.
    const differences: number[] = [];
    const forStrangers: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const client = () => timed(clients[attempt % 8]!.email, `198.18.${attempt}.1`);
      const stranger = () => timed(strangers[attempt % 8]!, `198.18.${attempt}.2`);
      const [forClient = 0, forStranger = 0] = attempt % 2 ? [await client(), await stranger()] : [await stranger(), await client()].reverse();
      differences.push(forClient - forStranger);
      forStrangers.push(forStranger);
    }
    const later = median(differences) / median(forStrangers);
    console.info(`portal link requests: a client's address answered ${median(differences).toFixed(2)} ms later than a stranger's (median of 40 pairs), whose median answer took ${median(forStrangers).toFixed(2)} ms`);
    expect(Math.abs(later)).toBeLessThan(0.4);
  }, 60_000);
});

/** Every row of every table as text: where a secret must not be. */
async function everyRowAsText(): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const rows = await queryRows<{ row: string }>(db(), sql`select row_to_json(t)::text as row from ${sql.identifier(getTableName(table))} t`);
    parts.push(...rows.map((row) => row.row));
  }
  return parts.join("\n");
}

describe("8. no live capability link in the e-mail log or a backup", () => {
  it("keeps a portal sign-in link masked in the outbox and the log, sends it whole, and keeps nothing of it once delivered", async () => {
    const client = await newClient("Rosa Delgado", "rosa@mesaverde.test");
    await requestSignInLink({ email: client.email }, { clientAddress: "198.51.100.60" });
    await sendRequestedSignInLinks();
    const [queued] = await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, client.email));
    expect(queued?.text).toContain("http://localhost:3000/portal/sign-in/[one-time link withheld]");
    const { cookie: admin } = await signedInCookie({ admin: true });
    const logged = await callRoute(handler(emailMessagePage.loader), `/admin/emails/${queued!.id}`, { cookie: admin, params: { messageId: queued!.id } });
    expect(JSON.stringify(logged.body)).toContain("[one-time link withheld]");
    expect(JSON.stringify(logged.body)).not.toMatch(/portal\/sign-in\/[A-Za-z0-9_-]{43}/);

    await deliverDueEmails({ transport: nodemailer.createTransport(mail.url) });
    const received = await mail.waitFor((message) => message.envelopeTo.includes(client.email));
    const secret = /\/portal\/sign-in\/([A-Za-z0-9_-]{43})/.exec(received.text ?? "")?.[1] ?? "";
    expect(received.html).toContain(`/portal/sign-in/${secret}`);
    // Nothing the admins read or a backup holds has the secret: only its hash, to check it against.
    expect(await everyRowAsText()).not.toContain(secret);
    await expect(redeemSignInLink(secret)).resolves.toMatch(/^portal_session=/);
  });

  it("keeps no usable link in a message stored without SMTP or given up, and will not send it again", async () => {
    await newAdmin("Dana Owner");
    const browser = await signedInBrowser(await newAdmin("Ivy Inviter"));
    await confirmItsMe(browser);
    await browser.call(handler(securityPage.action), SECURITY, { form: { intent: "invite-admin", name: "Nia Hire", email: "nia@studio.test" } });
    await deliverDueEmails({ transport: null });
    const [stored] = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "admin_invitation"));
    expect(stored).toMatchObject({ status: "stored", sealed: null });
    expect(stored?.text).toContain("/auth/invitation/[one-time link withheld]");
    expect(await everyRowAsText()).not.toMatch(/auth\/invitation\/[A-Za-z0-9_-]{43}/);
    const again = await browser.call(handler(emailMessagePage.action), `/admin/emails/${stored!.id}`, { params: { messageId: stored!.id }, form: { intent: "send-again" } });
    expect(again.status).toBe(409);
    expect((again.body as { formError?: string }).formError).toMatch(/^This message carried a one-time link/);
  });
});
