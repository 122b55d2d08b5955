import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients } from "~/clients/schema";
import { consultationBookings, consultations } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { emailOutbox } from "~/email/schema";
import { invoices } from "~/invoices/schema";
import { portalEvents, portalSessions, portalSignInLinks } from "~/portal/schema";
import { projects } from "~/projects/schema";
import { referrals } from "~/referrals/schema";
import { availabilitySlots } from "~/availability/schema";
import { makePortalClient, openSlot, portalCookie, type PortalClientScene } from "../support/portal-scene";
import { answerText, callRoute, type RouteHandler } from "../support/route-calls";
import { importRoute, ROUTE_TABLE } from "../support/route-table";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

/**
 * Isolation, proven the way the admin guard's walk proves the back-office's guard: every route of
 * the portal in the route table, its loader and each of its action's intents, called with client
 * B's session and client A's ids. Nothing of A's comes back, and nothing of A's changes.
 */
const portalRoutes = ROUTE_TABLE.filter((route) => route.path === "/portal" || route.path.startsWith("/portal/"));

/** The intents each portal route's action answers (an unknown one is refused anyway). */
const INTENTS: Record<string, string[]> = {
  "portal/portal-home-page.tsx": ["request-link", "update-details", "sign-out"],
  "portal/sign-in-link-page.tsx": ["use-link"],
  "portal/portal-booking-page.tsx": ["book"],
  "portal/portal-call-page.tsx": ["book", "cancel"],
};

/** What of A's a page must never show B: who they are and what they bought. */
function markersOf(scene: PortalClientScene): string[] {
  return [scene.name, scene.email, scene.openInvoice.number, scene.paidInvoice.number, scene.projectName, `Friend of ${scene.name}`, "Private notes"];
}

/** A's ids for each of the table's parameters: every record of A's a URL could name. */
function idsOf(scene: PortalClientScene, linkIds: string[]): Record<string, string[]> {
  return {
    invoiceId: [scene.openInvoice.id, scene.paidInvoice.id, scene.draftInvoiceId],
    callId: [scene.bookingId, scene.consultationId],
    messageId: [scene.emailId],
    // A sign-in link is a capability, not an id: B guesses with A's ids and A's link rows' ids.
    token: [scene.clientId, ...linkIds],
  };
}

/** Every way to fill a path's parameters from A's ids (one parameter per portal path). */
function pathsFor(pattern: string, ids: Record<string, string[]>): { path: string; params: Record<string, string> }[] {
  const name = /:([A-Za-z]+)/.exec(pattern)?.[1];
  if (!name) return [{ path: pattern, params: {} }];
  return (ids[name] ?? []).map((id) => ({ path: pattern.replace(`:${name}`, id), params: { [name]: id } }));
}

/** A's rows everywhere the portal reads or writes, to compare before and after. */
async function snapshotOf(scene: PortalClientScene) {
  const [client, invoiceRows, bookingRows, consultationRows, projectRows, referralRows, sessions, links, events, slots] = await Promise.all([
    db().select().from(clients).where(eq(clients.id, scene.clientId)),
    db().select().from(invoices).where(eq(invoices.clientId, scene.clientId)),
    db().select().from(consultationBookings).where(eq(consultationBookings.clientId, scene.clientId)),
    db().select().from(consultations).where(eq(consultations.clientId, scene.clientId)),
    db().select().from(projects).where(eq(projects.clientId, scene.clientId)),
    db().select().from(referrals).where(eq(referrals.referrerClientId, scene.clientId)),
    db().select().from(portalSessions).where(eq(portalSessions.clientId, scene.clientId)),
    db().select().from(portalSignInLinks).where(eq(portalSignInLinks.clientId, scene.clientId)),
    db().select().from(portalEvents).where(eq(portalEvents.clientId, scene.clientId)),
    db().select().from(availabilitySlots).where(inArray(availabilitySlots.bookingId, [scene.bookingId])),
  ]);
  // Anyone may ask for a sign-in link to an address; it goes to the address. The links A holds are compared by what they can do.
  const usedLinks = links.filter((link) => link.usedAt !== null);
  return JSON.stringify({ client, invoiceRows, bookingRows, consultationRows, projectRows, referralRows, sessions, usedLinks, events, slots });
}

describe("the client portal's isolation", () => {
  it("walks every portal route of the table", () => {
    expect(portalRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(["/portal", "/portal/sign-in/:token", "/portal/book", "/portal/consultations/:callId", "/portal/invoices/:invoiceId", "/portal/emails/:messageId"]),
    );
    for (const route of portalRoutes) if (route.file.endsWith(".tsx") && INTENTS[route.file] === undefined) expect(route.file).toMatch(/layout|invoice-page|email-page/);
  });

  it("with client B's session and client A's ids, nothing of A's comes back and nothing of A's changes", async () => {
    const a = await makePortalClient("Ana Alvarez", "ana@alvarez.test");
    const b = await makePortalClient("Bo Brandt", "bo@brandt.test");
    // A is signed in too, elsewhere, and has a link not used yet: neither may be touched.
    await portalCookie(a.email, "198.51.100.31");
    const aLinks = (await db().select({ id: portalSignInLinks.id }).from(portalSignInLinks).where(eq(portalSignInLinks.clientId, a.clientId))).map((row) => row.id);
    const cookie = await portalCookie(b.email, "198.51.100.32");
    const ids = idsOf(a, aLinks);
    const markers = markersOf(a);
    const freeSlot = (await openSlot(8)).key;
    const before = await snapshotOf(a);
    let calls = 0;

    for (const route of portalRoutes) {
      const module = await importRoute(route.file);
      for (const { path, params } of pathsFor(route.path, ids)) {
        // Each answer, with what B typed taken out of it (a refusal hands the values typed back).
        const answers: { answer: Awaited<ReturnType<typeof callRoute>>; typed: string[] }[] = [];
        if (module.loader) answers.push({ answer: await callRoute(module.loader as RouteHandler, path, { cookie, params }), typed: [] });
        for (const intent of module.action ? (INTENTS[route.file] ?? ["default"]) : []) {
          // Every field an intent reads, filled with A's things: their address, their calls, a free slot.
          const form = { intent, email: a.email, phone: "000", businessName: "Taken over", time: `slot:${freeSlot}`, callId: a.bookingId, invoiceId: a.openInvoice.id };
          const target = route.file === "portal/portal-home-page.tsx" ? `${path}?index` : path;
          const answer = await callRoute(module.action as RouteHandler, target, { cookie, params, form, address: `198.51.100.${40 + calls}` });
          answers.push({ answer, typed: Object.values(form) });
        }
        for (const { answer, typed } of answers) {
          calls += 1;
          const text = typed.reduce((rest, value) => rest.replaceAll(value, ""), await answerText(answer));
          for (const marker of markers) expect(text, `${route.file} ${path}`).not.toContain(marker);
        }
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(await snapshotOf(a)).toBe(before);
    // B's own requests did what they say to B only: B's details, B's new call.
    const [bNow] = await db().select().from(clients).where(eq(clients.id, b.clientId));
    expect(bNow).toMatchObject({ businessName: "Taken over", email: b.email });
    // B asking for a link to A's address sent it to A's mailbox, unused: it signed nobody in as A.
    const linkMail = await db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "portal_sign_in"));
    expect(linkMail.filter((mail) => mail.text.includes(`Hi ${a.name.split(" ")[0]}`)).every((mail) => mail.toEmail === a.email)).toBe(true);
    const aSessions = await db().select().from(portalSessions).where(eq(portalSessions.clientId, a.clientId));
    expect(aSessions).toHaveLength(1);
  });

  it("sends a visitor without a session to the sign-in form from every page past it", async () => {
    const a = await makePortalClient("Ana Alvarez", "ana@alvarez.test");
    const ids = idsOf(a, []);
    for (const route of portalRoutes) {
      if (route.path === "/portal" || route.path.startsWith("/portal/sign-in")) continue;
      const module = await importRoute(route.file);
      for (const { path, params } of pathsFor(route.path, ids).slice(0, 1)) {
        for (const handler of [module.loader, module.action]) {
          if (!handler) continue;
          const answer = await callRoute(handler as RouteHandler, path, { params, form: handler === module.action ? { intent: "book" } : undefined });
          expect([answer.status, answer.location], `${route.file}`).toEqual([302, "/portal"]);
        }
      }
    }
  });
});
