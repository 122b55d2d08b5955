import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import * as adminDashboard from "~/admin/dashboard-page";
import { addClient } from "~/clients/add-client.server";
import { updateClient } from "~/clients/update-client.server";
import { clients } from "~/clients/schema";
import * as feedRoute from "~/consultations/calendar-feed-route";
import { makeCalendarFeed } from "~/consultations/calendar-feed.server";
import { MAX_UPCOMING_CALLS } from "~/consultations/client-calls.server";
import { confirmBooking } from "~/consultations/confirm-booking.server";
import { listBookings } from "~/consultations/booking-lists.server";
import { addClientConsultation } from "~/consultations/client-consultations.server";
import { addDaysToDate } from "~/availability/slot-time";
import { dayIn } from "~/formatting/dates";
import { calendarFeeds, consultationBookings } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { PORTAL_LINE } from "~/email/template-rendering";
import { auditLog } from "~/audit/schema";
import { user, userRoles } from "~/auth/schema";
import { sendInvoice } from "~/invoices/send-invoice.server";
import { erasePerson } from "~/personal-data/person-data.server";
import * as card from "~/portal/client-portal-card-route";
import * as bookPage from "~/portal/portal-booking-page";
import * as callCalendar from "~/portal/portal-call-calendar-route";
import * as callPage from "~/portal/portal-call-page";
import * as emailPage from "~/portal/portal-email-page";
import * as home from "~/portal/portal-home-page";
import * as invoicePage from "~/portal/portal-invoice-page";
import * as invoicePdf from "~/portal/portal-invoice-pdf-route";
import type { PortalHome } from "~/portal/portal-home.server";
import { findPortalClient } from "~/portal/portal-session.server";
import { LINK_UNUSABLE, PORTAL_UNAVAILABLE } from "~/portal/portal-texts";
import { portalEvents, portalSessions, portalSignInLinks, portalSignInRequests } from "~/portal/schema";
import * as signInLink from "~/portal/sign-in-link-page";
import { redeemSignInLink, requestSignInLink, sendPortalLink, sendRequestedSignInLinks } from "~/portal/sign-in.server";
import { PUBLIC_FORM_LIMITS } from "~/request-safety/public-form-limits.server";
import { HONEYPOT_REFUSAL } from "~/request-safety/honeypot";
import { updateOrganizationSettings } from "~/organization/settings.server";
import { testActor } from "../support/actors";
import { latestSignInSecret, makePortalClient, openSlot, portalCookie } from "../support/portal-scene";
import { answerText, callRoute, type RouteHandler } from "../support/route-calls";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

const handler = (fn: unknown) => fn as RouteHandler;

async function switchPortal(on: boolean) {
  await updateOrganizationSettings(testActor(), { action: "settings.save-organization", summary: "Changed by a test" }, { clientPortalEnabled: on });
}

async function messagesTo(email: string, type?: string) {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, email));
  return type ? rows.filter((row) => row.emailType === type) : rows;
}

describe("signing in to the client portal", () => {
  it("answers a client's address and a stranger's alike; only the client gets a link, which signs in once", async () => {
    await addClient({ actor: testActor(), input: { name: "Rosa Delgado", email: "rosa@mesaverde.test", phone: null, tier: "1", notes: null } });
    const asked = await Promise.all(
      ["Rosa@MesaVerde.test", "nobody@example.test"].map((email) => callRoute(handler(home.action), "/portal?index", { form: { intent: "request-link", email } })),
    );
    expect(asked.map((answer) => answer.status)).toEqual([200, 200]);
    expect(asked.map((answer) => Object.keys(answer.body as object).sort())).toEqual([["intent", "ok", "sentTo"], ["intent", "ok", "sentTo"]]);
    // Both were only queued; the worker sends the links.
    expect(await sendRequestedSignInLinks()).toBe(2);
    expect(await messagesTo("nobody@example.test")).toHaveLength(0);
    const [mail] = await messagesTo("rosa@mesaverde.test", "portal_sign_in");
    expect(mail?.text).toMatch(/It works once, until .+\(America\/New_York\)/);
    expect(mail?.text).toContain("ask for a new one with your e-mail address at http://localhost:3000/portal.");

    const secret = await latestSignInSecret("rosa@mesaverde.test");
    // Only the secret's hash is kept.
    const [link] = await db().select().from(portalSignInLinks);
    expect(link?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(link)).not.toContain(secret);

    const path = `/portal/sign-in/${secret}`;
    expect((await callRoute(handler(signInLink.loader), path, { params: { token: secret } })).body).toEqual({ usable: true });
    const used = await callRoute(handler(signInLink.action), path, { params: { token: secret }, form: { intent: "use-link" } });
    expect(used.status).toBe(302);
    expect(used.location).toBe("/portal");
    const cookie = used.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);

    const again = await callRoute(handler(signInLink.action), path, { params: { token: secret }, form: { intent: "use-link" } });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ ok: false, formError: LINK_UNUSABLE });
    expect((await callRoute(handler(signInLink.loader), path, { params: { token: secret } })).body).toEqual({ usable: false });

    const signedIn = await callRoute(handler(home.loader), "/portal", { cookie: cookie.split(";")[0] });
    expect(signedIn.body).toMatchObject({ signedIn: true, home: { client: { name: "Rosa Delgado" } } });
    expect(await db().select().from(portalEvents)).toMatchObject([{ kind: "signed_in" }]);
  });

  it("does not sign in with a link past its 15 minutes, or one sent to an address the client no longer has", async () => {
    const { client } = await addClient({ actor: testActor(), input: { name: "Ben Ode", email: "ben@ode.test", phone: null, tier: "1", notes: null } });
    const sentAt = new Date();
    await requestSignInLink({ email: "ben@ode.test" }, { clientAddress: "198.51.100.1", now: sentAt });
    const late = await latestSignInSecret("ben@ode.test");
    await expect(redeemSignInLink(late, new Date(sentAt.getTime() + 16 * 60_000))).rejects.toThrow(LINK_UNUSABLE);

    await requestSignInLink({ email: "ben@ode.test" }, { clientAddress: "198.51.100.1" });
    const earlier = await latestSignInSecret("ben@ode.test");
    await updateClient({ actor: testActor(), clientId: client.id, input: { name: "Ben Ode", email: "ben@new-address.test", phone: null, businessName: null, tier: "1", status: "active", paymentStatus: "pending", projectLink: null } });
    await expect(redeemSignInLink(earlier)).rejects.toThrow(LINK_UNUSABLE);
    await expect(redeemSignInLink("x".repeat(43))).rejects.toThrow(LINK_UNUSABLE);
    expect(await db().select().from(portalSessions)).toHaveLength(0);
  });

  it("counts requests per visitor and address like the public forms, and refuses a filled honeypot", async () => {
    await addClient({ actor: testActor(), input: { name: "Cy Lee", email: "cy@lee.test", phone: null, tier: "1", notes: null } });
    const ask = (fields: Record<string, string>) => callRoute(handler(home.action), "/portal?index", { form: { intent: "request-link", ...fields }, address: "198.51.100.9" });
    expect((await ask({ email: "cy@lee.test", website: "https://spam.test" })).body).toMatchObject({ ok: false, formError: HONEYPOT_REFUSAL });
    for (let sent = 0; sent < PUBLIC_FORM_LIMITS.perAddressAndEmail.limit; sent += 1) expect((await ask({ email: "cy@lee.test" })).status).toBe(200);
    const refused = await ask({ email: "cy@lee.test" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    await sendRequestedSignInLinks();
    expect(await messagesTo("cy@lee.test", "portal_sign_in")).toHaveLength(PUBLIC_FORM_LIMITS.perAddressAndEmail.limit);
    expect((await ask({ email: "not an address" })).status).toBe(400);
  });

  it("keeps the two sessions apart: a portal cookie never opens the back-office, an admin's session is no client", async () => {
    await addClient({ actor: testActor(), input: { name: "Dee Park", email: "dee@park.test", phone: null, tier: "1", notes: null } });
    const cookie = await portalCookie("dee@park.test");
    const admin = await callRoute(handler(adminDashboard.loader), "/admin", { cookie });
    expect(admin.status).toBe(302);
    expect(new URL(admin.location ?? "", "http://localhost").pathname).toBe("/auth");

    const { cookie: adminCookie } = await signedInCookie({ admin: true });
    expect((await callRoute(handler(home.loader), "/portal", { cookie: adminCookie })).body).toEqual({ signedIn: false });
    const booking = await callRoute(handler(bookPage.loader), "/portal/book", { cookie: adminCookie });
    expect([booking.status, booking.location]).toEqual([302, "/portal"]);

    // Signing out ends the session on the server, not only in the browser.
    const out = await callRoute(handler(home.action), "/portal?index", { cookie, form: { intent: "sign-out" } });
    expect(out.headers.get("Set-Cookie")).toMatch(/^portal_session=; .*Max-Age=0/);
    expect((await callRoute(handler(home.loader), "/portal", { cookie })).body).toEqual({ signedIn: false });
  });

  it("ends a session idle for a week", async () => {
    await addClient({ actor: testActor(), input: { name: "Eve Ng", email: "eve@ng.test", phone: null, tier: "1", notes: null } });
    const cookie = await portalCookie("eve@ng.test");
    const request = new Request("http://localhost/portal", { headers: { Cookie: cookie } });
    expect(await findPortalClient(request)).not.toBeNull();
    expect(await findPortalClient(request, new Date(Date.now() + 8 * 24 * 3_600_000))).toBeNull();
    expect(await db().select().from(portalSessions)).toHaveLength(0);
  });
});

describe("the portal switched off in Settings", () => {
  it("says /portal is not available, signs nobody in, and no mail or client page links to it", async () => {
    const { client, invoice } = await addClient({ actor: testActor(), input: { name: "Fay Ruiz", email: "fay@ruiz.test", phone: null, tier: "1", notes: null } });
    await sendInvoice({ actor: testActor(), invoiceId: invoice.id });
    expect((await messagesTo("fay@ruiz.test", "invoice"))[0]?.text).toContain(`${PORTAL_LINE} http://localhost:3000/portal`);
    const cookie = await portalCookie("fay@ruiz.test");

    await switchPortal(false);
    const loaded = await callRoute(handler(home.loader), "/portal", { cookie });
    expect(loaded.status).toBe(404);
    expect(loaded.body).toEqual({ notFound: PORTAL_UNAVAILABLE });
    expect((await callRoute(handler(home.action), "/portal?index", { form: { intent: "request-link", email: "fay@ruiz.test" } })).status).toBe(404);
    expect((await callRoute(handler(invoicePage.loader), `/portal/invoices/${invoice.id}`, { cookie, params: { invoiceId: invoice.id } })).status).toBe(404);
    await expect(sendPortalLink(testActor(), client.id)).rejects.toThrow("switched off");
    const { cookie: adminCookie } = await signedInCookie({ admin: true });
    expect((await callRoute(handler(card.loader), `/admin/clients/${client.id}`, { cookie: adminCookie, params: { clientId: client.id } })).body).toEqual({ enabled: false });

    await sendInvoice({ actor: testActor(), invoiceId: invoice.id });
    const invoiceMail = await messagesTo("fay@ruiz.test", "invoice");
    expect(invoiceMail).toHaveLength(2);
    expect(invoiceMail.map((mail) => mail.text.includes(PORTAL_LINE) || mail.html.includes("/portal"))).toEqual(expect.arrayContaining([true, false]));
    const newest = invoiceMail.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest?.text).not.toContain("/portal");
    expect(newest?.html).not.toContain("/portal");
  });
});

describe("the client's home", () => {
  it("shows their projects, sent invoices (an unpaid one first), calls, referrals, e-mails and details, and records what they open", async () => {
    const rosa = await makePortalClient("Rosa Delgado", "rosa@mesaverde.test");
    const cookie = await portalCookie(rosa.email);
    const loaded = await callRoute(handler(home.loader), "/portal", { cookie });
    const { home: page } = loaded.body as { home: PortalHome };

    expect(page.invoices.map((invoice) => invoice.invoiceNumber)).toEqual([rosa.openInvoice.number, rosa.paidInvoice.number]);
    expect(page.invoices[0]).toMatchObject({ totalCents: 15_000, paidCents: 0, balanceCents: 15_000, status: "sent" });
    expect(page.invoices[1]).toMatchObject({ balanceCents: 0, status: "paid", paymentInstruction: null });
    expect(page.invoices[0]?.paymentInstruction).toBe(`Pay by Zelle bank transfer to hello@sistersite.studio (Sister Site Studio). Memo: ${rosa.openInvoice.number}`);
    expect(JSON.stringify(page)).not.toContain(rosa.draftInvoiceId);
    expect(JSON.stringify(page)).not.toContain("Private notes");
    expect(page.projects).toMatchObject([{ label: rosa.projectName, status: "Not Started", ticked: [rosa.tickedTask], complete: 1 }]);
    expect(page.projects[0]?.percent).toBe(Math.round((1 / (page.projects[0]?.total ?? 1)) * 100));
    expect(page.calls.upcoming.map((call) => call.id)).toEqual([rosa.bookingId, rosa.consultationId]);
    expect(page.calls.upcoming[0]).toMatchObject({ kind: "booking", status: "Pending", canChange: true, hasCalendarFile: true, meetingLink: null });
    expect(page.calls.upcoming[1]).toMatchObject({ kind: "consultation", meetingLink: "https://meet.example.test/follow-up" });
    expect(page.referral.link).toMatch(/^http:\/\/localhost:3000\/\?ref=/);
    expect(page.referral.referrals).toEqual([expect.objectContaining({ status: "converted", commissionCents: 2_490, paid: false })]);
    expect(JSON.stringify(page.referral)).not.toContain("Friend of");
    expect(page.emails.map((email) => email.subject)).toEqual(expect.arrayContaining([`Invoice ${rosa.openInvoice.number} from Sister Site Studio`]));
    expect(page.emails.some((email) => email.subject.includes("sign-in link"))).toBe(false);

    const invoice = await callRoute(handler(invoicePage.loader), `/portal/invoices/${rosa.openInvoice.id}`, { cookie, params: { invoiceId: rosa.openInvoice.id } });
    expect(invoice.body).toMatchObject({ invoice: { invoiceNumber: rosa.openInvoice.number, balanceCents: 15_000, paymentInstruction: expect.stringContaining(`Memo: ${rosa.openInvoice.number}`) } });
    const pdf = await callRoute(handler(invoicePdf.loader), `/portal/invoices/${rosa.openInvoice.id}/pdf`, { cookie, params: { invoiceId: rosa.openInvoice.id } });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const draft = await callRoute(handler(invoicePage.loader), `/portal/invoices/${rosa.draftInvoiceId}`, { cookie, params: { invoiceId: rosa.draftInvoiceId } });
    expect(draft.status).toBe(404);
    const email = await callRoute(handler(emailPage.loader), `/portal/emails/${rosa.emailId}`, { cookie, params: { messageId: rosa.emailId } });
    expect(email.status).toBe(200);
    const ics = await callRoute(handler(callCalendar.loader), `/portal/consultations/${rosa.bookingId}/calendar`, { cookie, params: { callId: rosa.bookingId } });
    expect(await answerText(ics)).toContain(`UID:booking-${rosa.bookingId}@consultations`);

    const saved = await callRoute(handler(home.action), "/portal?index", { cookie, form: { intent: "update-details", phone: "214-555-0199", businessName: "Mesa Verde Catering" } });
    expect(saved.body).toMatchObject({ ok: true });
    const [stored] = await db().select().from(clients).where(eq(clients.id, rosa.clientId));
    expect(stored).toMatchObject({ phone: "214-555-0199", businessName: "Mesa Verde Catering", email: rosa.email });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "client.update-own-details"));
    expect(entry).toMatchObject({ actorEmail: "client portal", ipAddress: null, details: { changed: ["phone", "businessName"] } });
    const tooLong = await callRoute(handler(home.action), "/portal?index", { cookie, form: { intent: "update-details", phone: "1".repeat(41), businessName: "" } });
    expect(tooLong.status).toBe(400);

    const { cookie: adminCookie } = await signedInCookie({ admin: true });
    const agencyView = await callRoute(handler(card.loader), `/admin/clients/${rosa.clientId}`, { cookie: adminCookie, params: { clientId: rosa.clientId } });
    const activity = agencyView.body as { lastVisit: Date; events: { kind: string; label: string | null }[] };
    expect(activity.lastVisit).toBeInstanceOf(Date);
    expect(activity.events.map((event) => event.kind)).toEqual(["updated_details", "downloaded_calendar_file", "opened_email", "downloaded_invoice", "opened_invoice", "signed_in"]);
    expect(activity.events.find((event) => event.kind === "opened_invoice")?.label).toBe(rosa.openInvoice.number);
  });

  it("'Send portal link' on the client's page e-mails a link from its template, recorded in the audit log", async () => {
    const { client } = await addClient({ actor: testActor(), input: { name: "Gus Hale", email: "gus@hale.test", phone: null, tier: "1", notes: null } });
    const { cookie } = await signedInCookie({ admin: true });
    const sent = await callRoute(handler(card.action), `/admin/clients/${client.id}?index`, { cookie, params: { clientId: client.id }, form: { intent: "send-portal-link" } });
    expect(sent.status).toBe(302);
    const [mail] = await messagesTo("gus@hale.test", "portal_sign_in");
    expect(mail?.subject).toBe("Your sign-in link to the Sister Site Studio client portal");
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "client.send-portal-link"))).toHaveLength(1);
    const setCookie = await redeemSignInLink(await latestSignInSecret("gus@hale.test"));
    expect(setCookie).toMatch(/^portal_session=/);
  });
});

describe("calls booked from the portal", () => {
  it("books an open time with the booking page's e-mails, shows it to the agency, and holds the 24-hour rule", async () => {
    const { client } = await addClient({ actor: testActor(), input: { name: "Hana Ito", email: "hana@ito.test", phone: null, tier: "1", notes: null } });
    const cookie = await portalCookie("hana@ito.test");
    const slot = await openSlot(4);
    const booked = await callRoute(handler(bookPage.action), "/portal/book", { cookie, form: { intent: "book", time: `slot:${slot.key}`, timeZone: "America/Chicago" } });
    expect(booked.status).toBe(302);
    const [booking] = await db().select().from(consultationBookings).where(eq(consultationBookings.clientId, client.id));
    expect(booking).toMatchObject({ status: "pending", selectedSlotId: slot.id });
    const received = await messagesTo("hana@ito.test", "booking_received");
    expect(received[0]?.text).toContain("(America/Chicago)");
    expect(received[0]?.text).toContain(`${PORTAL_LINE} http://localhost:3000/portal`);
    const agency = (await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "booking_agency_notification")))[0];
    expect(agency?.text).not.toContain(PORTAL_LINE);
    const listed = await listBookings({ filters: {}, timeZone: "America/New_York" });
    expect(listed.rows.map((row) => row.id)).toContain(booking?.id);

    // The same time again: taken.
    const raced = await callRoute(handler(bookPage.action), "/portal/book", { cookie, form: { intent: "book", time: `slot:${slot.key}` } });
    expect(raced.status).toBe(409);
    expect(raced.body).toMatchObject({ formErrorTitle: "Failed to book" });

    // Within the cut-off before the call (the booking page's rule, here 200 hours), it can no longer be moved or cancelled online.
    await updateOrganizationSettings(testActor(), { action: "settings.save-organization", summary: "Changed by a test" }, { bookingCancelCutoffHours: 200 });
    const path = `/portal/consultations/${booking?.id}`;
    const params = { callId: booking?.id ?? "" };
    const moved = await callRoute(handler(callPage.action), path, { cookie, params, form: { intent: "book", time: `slot:${(await openSlot(6)).key}` } });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ formError: expect.stringContaining("can no longer be changed online (less than 200 hours to go)") });
    const cancelled = await callRoute(handler(callPage.action), path, { cookie, params, form: { intent: "cancel" } });
    expect(cancelled.body).toMatchObject({ formError: expect.stringContaining("can no longer be cancelled online") });
    expect((await callRoute(handler(callPage.loader), path, { cookie, params })).body).toMatchObject({ canChange: false });
    const [unchanged] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, booking?.id ?? ""));
    expect(unchanged).toMatchObject({ status: "pending", selectedSlotId: slot.id });
  });

  it("cancels a call before the cut-off with the booking page's e-mails, and books at most a few ahead", async () => {
    const { client } = await addClient({ actor: testActor(), input: { name: "Ivo Marr", email: "ivo@marr.test", phone: null, tier: "1", notes: null } });
    const cookie = await portalCookie("ivo@marr.test");
    for (let call = 0; call < MAX_UPCOMING_CALLS; call += 1) {
      expect((await callRoute(handler(bookPage.action), "/portal/book", { cookie, form: { intent: "book", time: `slot:${(await openSlot(5 + call)).key}` } })).status).toBe(302);
    }
    const extra = await callRoute(handler(bookPage.action), "/portal/book", { cookie, form: { intent: "book", time: `slot:${(await openSlot(9)).key}` } });
    expect(extra.status).toBe(409);
    const [first] = await db().select().from(consultationBookings).where(eq(consultationBookings.clientId, client.id));
    const cancelled = await callRoute(handler(callPage.action), `/portal/consultations/${first?.id}`, { cookie, params: { callId: first?.id ?? "" }, form: { intent: "cancel" } });
    expect(cancelled.status).toBe(302);
    expect(await messagesTo("ivo@marr.test", "booking_cancelled")).toHaveLength(1);
    const [row] = await db().select().from(consultationBookings).where(and(eq(consultationBookings.id, first?.id ?? "")));
    expect(row?.status).toBe("cancelled");
  });
});

describe("the portal's calls", () => {
  it("lists every upcoming call, past the three a client may book from the portal", async () => {
    const { client } = await addClient({ actor: testActor(), input: { name: "Una Vale", email: "una@vale.test", phone: null, tier: "1", notes: null } });
    const cookie = await portalCookie("una@vale.test");
    for (let call = 0; call < MAX_UPCOMING_CALLS; call += 1) {
      expect((await callRoute(handler(bookPage.action), "/portal/book", { cookie, form: { intent: "book", time: `slot:${(await openSlot(5 + call)).key}` } })).status).toBe(302);
    }
    // Two more the agency scheduled: five upcoming in all.
    for (const daysAhead of [10, 12]) {
      await addClientConsultation(testActor(), client.id, {
        consultType: "follow-up",
        status: "scheduled",
        scheduledDate: addDaysToDate(dayIn(new Date(), "America/New_York"), daysAhead),
        scheduledStartTime: "10:00",
        scheduledEndTime: "10:30",
        projectId: null,
        meetingLink: null,
        notes: null,
      });
    }
    const loaded = await callRoute(handler(home.loader), "/portal", { cookie });
    const upcoming = (loaded.body as { home: PortalHome }).home.calls.upcoming;
    expect(upcoming.map((call) => call.kind)).toEqual(["booking", "booking", "booking", "consultation", "consultation"]);
    expect(upcoming.length).toBeGreaterThan(MAX_UPCOMING_CALLS);
  });
});

describe("the admins' calendar feed", () => {
  it("lists confirmed calls, pending ones as tentative, and deadlines in the business zone, parses as iCalendar, and a new address retires the old", async () => {
    const rosa = await makePortalClient("Rosa Delgado", "rosa@mesaverde.test");
    // An admin (a feed answers only while its owner is one): a proven address holding the role.
    await db().insert(user).values({ id: "feed-admin", name: "Ada Admin", email: "ada@studio.test", emailVerified: true });
    await db().insert(userRoles).values({ userId: "feed-admin", role: "admin" });
    const actor = testActor({ userId: "feed-admin", email: "ada@studio.test" });
    const url = await makeCalendarFeed(actor);
    const [stored] = await db().select().from(calendarFeeds);
    const file = new URL(url).pathname.split("/").at(-1) ?? "";
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(file).toMatch(/^[A-Za-z0-9_-]{43}\.ics$/);

    const fetchFeed = async (name: string) => callRoute(handler(feedRoute.loader), `/calendar/${name}`, { params: { file: name } });
    const pending = ICAL.Component.fromString(await answerText(await fetchFeed(file)));
    // A booking waiting for the agency's confirmation is in the calendar, tentative, at its time.
    const tentative = pending.getAllSubcomponents("vevent").find((event) => event.getFirstPropertyValue("summary") === "Consultation with Rosa Delgado");
    expect(tentative?.getFirstPropertyValue("status")).toBe("TENTATIVE");
    const [booked] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, rosa.bookingId));
    expect(new ICAL.Event(tentative).startDate.toJSDate().toISOString()).toBe(booked?.selectedStart?.toISOString());

    await confirmBooking({ actor, bookingId: rosa.bookingId, meetingLink: "https://meet.example.test/rosa" });
    const answer = await fetchFeed(file);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const calendar = ICAL.Component.fromString(await answerText(answer));
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("America/New_York");
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    // Confirmed, the same event (its UID) is no longer tentative, and carries its meeting link.
    const calls = events.filter((event) => event.summary === "Consultation with Rosa Delgado");
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.uid).toBe(String(tentative?.getFirstPropertyValue("uid")));
    expect(call?.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    const [booking] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, rosa.bookingId));
    expect(call?.startDate.toJSDate().toISOString()).toBe(booking?.selectedStart?.toISOString());
    expect(call?.location).toBe("https://meet.example.test/rosa");
    const followUp = events.find((event) => event.summary === "Follow-up consultation with Rosa Delgado");
    expect(followUp?.startDate.toJSDate().toLocaleString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit", hour12: false })).toBe("14:00");
    const deadline = events.find((event) => event.summary.startsWith(`Deadline: ${rosa.projectName}`));
    expect(deadline?.startDate.isDate).toBe(true);

    const renewed = await makeCalendarFeed(actor);
    expect((await fetchFeed(file)).status).toBe(404);
    expect((await fetchFeed(new URL(renewed).pathname.split("/").at(-1) ?? "")).status).toBe(200);
    expect((await fetchFeed("not-a-feed.ics")).status).toBe(404);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "consultation.renew-calendar-feed"))).toHaveLength(1);
  });
});

describe("erasing a client", () => {
  it("ends their portal sessions and links, and forgets what they did there", async () => {
    const { client } = await addClient({ actor: testActor(), input: { name: "Jo Quinn", email: "jo@quinn.test", phone: null, tier: "1", notes: null } });
    const cookie = await portalCookie("jo@quinn.test");
    await requestSignInLink({ email: "jo@quinn.test" }, { clientAddress: "198.51.100.3" });
    await erasePerson(testActor(), { clientId: client.id });
    // The request still waiting for the worker goes too.
    for (const table of [portalSessions, portalSignInLinks, portalEvents, portalSignInRequests]) expect(await db().select().from(table)).toHaveLength(0);
    expect((await callRoute(handler(home.loader), "/portal", { cookie })).body).toEqual({ signedIn: false });
  });
});
