import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit-log.server";
import { user } from "~/auth/schema";
import { cadenceRunContext, runCadenceSteps, runDueStep } from "~/cadences/cadence-runner.server";
import type { CadenceStep, CadenceTrigger } from "~/cadences/cadence-options";
import { createCadence, deleteCadence, listCadences, setCadenceStatus, updateCadence } from "~/cadences/cadences.server";
import { endLeadEnrolments, enrolLeadsInCadence } from "~/cadences/enrolment.server";
import { sendSandboxTest } from "~/cadences/sandbox.server";
import { cadenceEnrolments, cadenceStepSends } from "~/cadences/schema";
import { convertLeadToClient } from "~/clients/convert-lead-to-client.server";
import { db } from "~/db/connection.server";
import { emailOutbox, emailTemplates } from "~/email/schema";
import { suppressEmail } from "~/email/suppression.server";
import { setLeadBookingStatus } from "~/leads/lead-booking-status.server";
import { claimPromo } from "~/leads/claim-promo.server";
import { createContactLead } from "~/leads/create-contact-lead.server";
import { createInquiryLead } from "~/leads/create-inquiry-lead.server";
import { leads, leadTimelineEvents } from "~/leads/schema";
import * as editorPage from "~/cadences/cadence-editor-page";
import * as cadencesPage from "~/cadences/cadences-page";
import type { SharedTrigger } from "~/cadences/shared-triggers";
import { testActor } from "../support/actors";
import { callRoute, type RouteHandler } from "../support/route-calls";
import { signedInCookie } from "../support/sessions";
import { withTestDatabase } from "../support/test-database";

const handler = (fn: unknown) => fn as RouteHandler;

withTestDatabase();

const HOUR = 60 * 60_000;
const admin = testActor();
const T0 = new Date("2026-04-06T14:00:00Z"); // 10:00 in New York, the seed's business zone

async function aTemplate(name: string, subject: string) {
  const [template] = await db()
    .insert(emailTemplates)
    .values({ name, subject, bodyText: "Hi {{FirstName}}, your code {{PromoCode}} ({{Tier}}).", bodyHtml: "<p>Hi {{FirstName}}, code {{PromoCode}}</p>" })
    .returning();
  if (!template) throw new Error("no template");
  return template;
}

/** Step 1 right away, step 2 one hour later (the browser scenario, in hours). */
async function aCadence(trigger: CadenceTrigger = "promo_claimed", steps?: (templates: { id: string }[]) => CadenceStep[]) {
  const first = await aTemplate("Follow-up 1", "Your launch offer, {{FirstName}}");
  const second = await aTemplate("Follow-up 2", "Still thinking it over?");
  const cadence = await createCadence(admin, {
    name: "Promo follow-up",
    description: null,
    trigger,
    steps: steps?.([first, second]) ?? [
      { delayAmount: 0, delayUnit: "hours", templateId: first.id, conditions: [] },
      { delayAmount: 1, delayUnit: "hours", templateId: second.id, conditions: ["not_converted"] },
    ],
  });
  return { cadence, first, second };
}

async function aPromoLead(email = "rosa@example.com", now = T0) {
  const claim = await claimPromo({ input: { name: "Rosa Delgado", email, phone: "214-555-0199", placement: "popup" }, submitter: { clientAddress: "203.0.113.9", now } });
  return claim.leadId;
}

const cadenceMails = () => db().select().from(emailOutbox).where(eq(emailOutbox.emailType, "cadence")).orderBy(asc(emailOutbox.createdAt));
const enrolmentOf = async (leadId: string) => (await db().select().from(cadenceEnrolments).where(eq(cadenceEnrolments.leadId, leadId)))[0];
const timeline = async (leadId: string) =>
  (await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, leadId)).orderBy(asc(leadTimelineEvents.createdAt))).map((row) => ({
    event: row.event,
    data: row.data,
  }));

describe("enrolment", () => {
  it("enrols a lead when its trigger happens, once per cadence, and only in active cadences of that trigger", async () => {
    await aCadence("promo_claimed");
    const inquiry = await aCadence("inquiry_received");
    await setCadenceStatus(admin, inquiry.cadence.id, "paused");
    const contact = await aCadence("contact_message_received");
    const leadId = await aPromoLead();
    expect(await enrolmentOf(leadId)).toMatchObject({ status: "active", nextStepIndex: 0, nextStepDueAt: T0 });
    // A second claim of the same address gets its code back and no second enrolment.
    await aPromoLead("rosa@example.com", new Date(T0.getTime() + 60_000));
    expect(await db().select().from(cadenceEnrolments)).toHaveLength(1);

    const inquiryLead = await createInquiryLead({ input: { name: "Sam Lee", email: "sam@example.com", promo: false } as Parameters<typeof createInquiryLead>[0]["input"], submitter: { clientAddress: "203.0.113.10", now: T0 } });
    expect(await enrolmentOf(inquiryLead.leadId)).toBeUndefined();
    const contactLead = await createContactLead({ input: { name: "Kim Ro", email: "kim@example.com", message: "Hello" }, submitter: { clientAddress: "203.0.113.11", now: T0 } });
    expect((await enrolmentOf(contactLead.leadId))?.cadenceId).toBe(contact.cadence.id);
    expect((await timeline(leadId)).filter((entry) => entry.event === "cadence_enrolled")).toEqual([
      { event: "cadence_enrolled", data: expect.objectContaining({ cadenceName: "Promo follow-up", trigger: "promo_claimed" }) },
    ]);
  });

  it("enrols chosen leads by hand, each once, and says how many were already in", async () => {
    const { cadence } = await aCadence("manual");
    const a = await aPromoLead("a@example.com");
    const b = await aPromoLead("b@example.com");
    const [ada] = await db().insert(user).values({ id: "admin-1", name: "Ada", email: "ada@example.com" }).returning();
    const byAda = testActor({ userId: ada?.id ?? null, email: ada?.email ?? null });
    expect(await enrolLeadsInCadence(byAda, cadence.id, [a], T0)).toMatchObject({ enrolled: 1, alreadyEnrolled: 0 });
    expect(await enrolLeadsInCadence(byAda, cadence.id, [a, b], T0)).toMatchObject({ enrolled: 1, alreadyEnrolled: 1 });
    await runCadenceSteps(new Date(T0.getTime() + 2 * HOUR));
    await runCadenceSteps(new Date(T0.getTime() + 3 * HOUR));
    await enrolLeadsInCadence(byAda, cadence.id, [await aPromoLead("c@example.com")], T0);
    const listed = (await listCadences()).cadences.find((row) => row.id === cadence.id);
    expect(listed).toMatchObject({ enrolled: 3, activeEnrolments: 1 });
    // Each enrolment by hand is Ada's audit entry on the cadence; the timeline names her too.
    const entries = await listAuditEntries({ action: "cadence-enrolment.enrol-leads" });
    expect(entries.map((entry) => [entry.entityType, entry.entityId, entry.actorUserId, (entry.details as { enrolled: number }).enrolled])).toEqual([
      ["cadence", cadence.id, "admin-1", 1],
      ["cadence", cadence.id, "admin-1", 1],
      ["cadence", cadence.id, "admin-1", 1],
    ]);
    expect((await db().select().from(leadTimelineEvents).where(eq(leadTimelineEvents.leadId, b))).find((row) => row.event === "cadence_enrolled")?.actorUserId).toBe("admin-1");
  });
});

describe("the worker", () => {
  it("sends step 1 at once and step 2 when due, each once, then completes", async () => {
    const { first } = await aCadence();
    const leadId = await aPromoLead();
    expect((await runCadenceSteps(T0)).sent).toBe(1);
    const mails = await cadenceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: "Your launch offer, Rosa", category: "marketing", leadId, toEmail: "rosa@example.com" });
    // A cadence step is marketing mail: the body, then the unsubscribe footer.
    expect(mails[0]?.text).toMatch(/^Hi Rosa, your code LAUNCH-[A-Z0-9-]+ \(Tier 1 – Starter\)\.\n\n--\n/);
    expect(mails[0]?.text).toMatch(/\nUnsubscribe: http:\/\/[^\s]+\/unsubscribe\/[\w.-]+\n$/);
    expect((await runCadenceSteps(new Date(T0.getTime() + 30 * 60_000))).sent).toBe(0);
    expect((await runCadenceSteps(new Date(T0.getTime() + HOUR))).sent).toBe(1);
    expect(await cadenceMails()).toHaveLength(2);
    expect(await enrolmentOf(leadId)).toMatchObject({ status: "ended", endedReason: "completed" });
    expect((await runCadenceSteps(new Date(T0.getTime() + 5 * HOUR))).sent).toBe(0);
    const events = (await timeline(leadId)).map((entry) => entry.event).filter((event) => event.startsWith("cadence"));
    expect(events).toEqual(["cadence_enrolled", "cadence_step_sent", "cadence_step_sent", "cadence_ended"]);
    const sends = await db().select().from(cadenceStepSends);
    expect(sends.map((send) => [send.stepIndex, send.status, send.templateId === first.id || send.stepIndex === 1])).toEqual([
      [0, "sent", true],
      [1, "sent", true],
    ]);
  });

  it("sends each step once with two workers running the same due steps at the same moment", async () => {
    await aCadence();
    const leadIds = [await aPromoLead("one@example.com"), await aPromoLead("two@example.com"), await aPromoLead("three@example.com")];
    const runs = await Promise.all([runCadenceSteps(T0), runCadenceSteps(T0)]);
    expect(runs[0].sent + runs[1].sent).toBe(3);
    const later = new Date(T0.getTime() + HOUR);
    const again = await Promise.all([runCadenceSteps(later), runCadenceSteps(later), runCadenceSteps(later)]);
    expect(again.reduce((sum, run) => sum + run.sent, 0)).toBe(3);
    const mails = await cadenceMails();
    expect(mails).toHaveLength(6);
    for (const leadId of leadIds) expect(mails.filter((mail) => mail.leadId === leadId)).toHaveLength(2);
  });

  it("after a crash between claim and send, records nothing, and the next run sends the step once", async () => {
    await aCadence();
    const leadId = await aPromoLead();
    const enrolment = await enrolmentOf(leadId);
    const context = await cadenceRunContext(T0);
    await expect(
      db().transaction(async (tx) => {
        expect(await runDueStep(tx, enrolment?.id ?? "", context)).toBe("sent");
        throw new Error("the process died before commit");
      }),
    ).rejects.toThrow("the process died before commit");
    expect(await db().select().from(cadenceStepSends)).toHaveLength(0);
    expect(await cadenceMails()).toHaveLength(0);
    expect((await runCadenceSteps(T0)).sent).toBe(1);
    expect((await runCadenceSteps(T0)).sent).toBe(0);
    expect(await cadenceMails()).toHaveLength(1);
  });

  it("ends the enrolment when the lead converts, and starts the cadences for new clients", async () => {
    await aCadence();
    const onboarding = await aCadence("client_converted");
    const leadId = await aPromoLead();
    await runCadenceSteps(T0);
    const [admin] = await db().insert(user).values({ id: "admin-2", name: "Ada", email: "ada2@example.com" }).returning();
    await convertLeadToClient({ actor: testActor({ userId: admin?.id ?? null }), leadId, now: new Date(T0.getTime() + 10 * 60_000) });
    const enrolments = await db().select().from(cadenceEnrolments).where(eq(cadenceEnrolments.leadId, leadId));
    expect(enrolments.find((row) => row.cadenceId !== onboarding.cadence.id)).toMatchObject({ status: "ended", endedReason: "converted" });
    expect(enrolments.find((row) => row.cadenceId === onboarding.cadence.id)).toMatchObject({ status: "active" });
    const run = await runCadenceSteps(new Date(T0.getTime() + 2 * HOUR));
    // The onboarding cadence's first step goes (its second keeps its hour after it); the promo cadence's step 2 never does.
    expect(run.sent).toBe(1);
    expect((await cadenceMails()).filter((mail) => mail.subject === "Still thinking it over?")).toHaveLength(0);
    expect((await timeline(leadId)).find((entry) => entry.event === "cadence_ended")?.data).toMatchObject({ reason: "converted" });
  });

  it("ends the enrolment when the lead books, in the booking's transaction or found booked at step time", async () => {
    await aCadence("manual");
    const { cadence } = await aCadence("promo_claimed");
    const booked = await aPromoLead("booked@example.com");
    await db().transaction((tx) => endLeadEnrolments(tx, { leadId: booked, reason: "booked", now: T0 }));
    expect(await enrolmentOf(booked)).toMatchObject({ status: "ended", endedReason: "booked" });

    const bookedMeanwhile = await aPromoLead("meanwhile@example.com");
    await db().transaction((tx) => setLeadBookingStatus(tx, bookedMeanwhile, "booked"));
    expect((await runCadenceSteps(T0)).ended).toBe(1);
    expect(await enrolmentOf(bookedMeanwhile)).toMatchObject({ cadenceId: cadence.id, status: "ended", endedReason: "booked" });
    expect(await cadenceMails()).toHaveLength(0);
  });

  it("never mails a suppressed address: the step is skipped and the enrolment ends as unsubscribed", async () => {
    await aCadence();
    const leadId = await aPromoLead();
    await runCadenceSteps(T0);
    await suppressEmail(db(), { email: "ROSA@example.com", reason: "unsubscribed" });
    expect((await runCadenceSteps(new Date(T0.getTime() + HOUR))).ended).toBe(1);
    expect(await cadenceMails()).toHaveLength(1);
    const sends = await db().select().from(cadenceStepSends).orderBy(asc(cadenceStepSends.stepIndex));
    expect(sends.map((send) => [send.status, send.reason])).toEqual([
      ["sent", null],
      ["skipped", "unsubscribed"],
    ]);
    expect(await enrolmentOf(leadId)).toMatchObject({ status: "ended", endedReason: "unsubscribed" });
  });

  it("skips a step whose condition fails at send time, with the reason, and goes on", async () => {
    await aCadence("promo_claimed", ([first, second]) => [
      { delayAmount: 0, delayUnit: "hours", templateId: first?.id ?? "", conditions: ["not_contacted"] },
      { delayAmount: 1, delayUnit: "hours", templateId: second?.id ?? "", conditions: [] },
    ]);
    const leadId = await aPromoLead();
    await db().update(leads).set({ status: "contacted" }).where(eq(leads.id, leadId));
    expect(await runCadenceSteps(T0)).toMatchObject({ sent: 0, skipped: 1 });
    expect((await timeline(leadId)).find((entry) => entry.event === "cadence_step_skipped")?.data).toMatchObject({ stepNumber: 1, reason: "not_contacted" });
    expect((await runCadenceSteps(new Date(T0.getTime() + HOUR))).sent).toBe(1);
  });

  it("while paused sends nothing and skips nothing; resumed, goes on without mailing anyone twice", async () => {
    const { cadence } = await aCadence("promo_claimed", ([first, second]) => [
      { delayAmount: 0, delayUnit: "hours", templateId: first?.id ?? "", conditions: [] },
      { delayAmount: 1, delayUnit: "hours", templateId: second?.id ?? "", conditions: [] },
      { delayAmount: 3, delayUnit: "hours", templateId: second?.id ?? "", conditions: [] },
    ]);
    const leadId = await aPromoLead();
    expect((await runCadenceSteps(T0)).sent).toBe(1);
    await setCadenceStatus(admin, cadence.id, "paused");
    expect(await runCadenceSteps(new Date(T0.getTime() + 10 * HOUR))).toMatchObject({ sent: 0, skipped: 0, ended: 0 });
    expect(await cadenceMails()).toHaveLength(1);
    await setCadenceStatus(admin, cadence.id, "active");
    const resumed = new Date(T0.getTime() + 12 * HOUR);
    // Step 2 goes on resume; step 3 keeps its two-hour gap after it instead of following at once.
    expect((await runCadenceSteps(resumed)).sent).toBe(1);
    expect((await runCadenceSteps(new Date(resumed.getTime() + HOUR))).sent).toBe(0);
    expect((await runCadenceSteps(new Date(resumed.getTime() + 2 * HOUR))).sent).toBe(1);
    const mails = await cadenceMails();
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((mail) => mail.metadata.stepNumber))).toEqual(new Set([1, 2, 3]));
    expect(await enrolmentOf(leadId)).toMatchObject({ status: "ended", endedReason: "completed" });
  });

  it("an edited cadence goes on from where each lead is; a deleted one ends its enrolments on the timeline", async () => {
    const { cadence, first, second } = await aCadence();
    const leadId = await aPromoLead();
    await runCadenceSteps(T0);
    await updateCadence(admin, cadence.id, {
      name: "Promo follow-up",
      description: null,
      trigger: "promo_claimed",
      steps: [
        { delayAmount: 0, delayUnit: "hours", templateId: first.id, conditions: [] },
        { delayAmount: 2, delayUnit: "hours", templateId: second.id, conditions: [] },
      ],
    }, new Date(T0.getTime() + 30 * 60_000));
    expect((await runCadenceSteps(new Date(T0.getTime() + HOUR))).sent).toBe(0);
    expect((await runCadenceSteps(new Date(T0.getTime() + 2 * HOUR))).sent).toBe(1);
    expect(await cadenceMails()).toHaveLength(2);

    const other = await aPromoLead("other@example.com");
    await deleteCadence(admin, cadence.id);
    expect(await db().select().from(cadenceEnrolments).where(and(eq(cadenceEnrolments.leadId, other)))).toHaveLength(0);
    expect((await timeline(other)).find((entry) => entry.event === "cadence_ended")?.data).toMatchObject({ reason: "removed", cadenceName: "Promo follow-up" });
    // The lead who had finished keeps its history: one end, 'completed'.
    expect((await timeline(leadId)).filter((entry) => entry.event === "cadence_ended").map((entry) => entry.data.reason)).toEqual(["completed"]);
  });
});

describe("the audit log of cadences", () => {
  it("gets each change's entry from its service, with the Actor and the cadence; a refused change writes none", async () => {
    const { cadence, first } = await aCadence("manual");
    await updateCadence(admin, cadence.id, { name: "Renamed", description: null, trigger: "manual", steps: [{ delayAmount: 0, delayUnit: "days", templateId: first.id, conditions: [] }] });
    await setCadenceStatus(admin, cadence.id, "paused");
    await deleteCadence(admin, cadence.id);
    const entries = await listAuditEntries({ entityType: "cadence", entityId: cadence.id });
    expect(entries.map((entry) => entry.action).sort()).toEqual(["cadence.delete-cadence", "cadence.save-cadence", "cadence.save-cadence", "cadence.set-status"]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorEmail: "admin@example.test", ipAddress: "203.0.113.7" });
      expect(entry.summary).not.toMatch(/Promo follow-up|Renamed/);
    }
    expect(entries.find((entry) => entry.action === "cadence.set-status")?.details).toEqual({ status: "paused" });

    const before = (await listAuditEntries({ limit: 100 })).length;
    await expect(setCadenceStatus(admin, cadence.id, "active")).rejects.toThrow(/no longer exists/);
    await expect(deleteCadence(admin, cadence.id)).rejects.toThrow(/no longer exists/);
    await expect(createCadence(admin, { name: "Broken", description: null, trigger: "manual", steps: [{ delayAmount: 0, delayUnit: "days", templateId: crypto.randomUUID(), conditions: [] }] })).rejects.toThrow(/no longer exists/);
    expect(await listAuditEntries({ limit: 100 })).toHaveLength(before);
  });
});

describe("the sandbox", () => {
  it("queues a template or each step of a cadence to the test address, with one audit entry each; a refused send queues and records nothing", async () => {
    const { cadence, first } = await aCadence("manual");
    expect(await sendSandboxTest(admin, { testEmail: "tester@example.com", templateId: first.id, cadenceId: null })).toEqual({ queued: 1, label: "Follow-up 1" });
    expect(await sendSandboxTest(admin, { testEmail: "tester@example.com", templateId: null, cadenceId: cadence.id })).toEqual({ queued: 2, label: "Promo follow-up" });
    const sent = await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, "tester@example.com"));
    expect(sent.map((mail) => mail.emailType)).toEqual(["test", "test", "test"]);
    const entries = await listAuditEntries({ action: "testing.send-test" });
    expect(entries.map((entry) => [entry.entityType, entry.entityId, entry.details]).sort()).toEqual(
      [
        ["email_template", first.id, { queued: 1 }],
        ["cadence", cadence.id, { queued: 2 }],
      ].sort(),
    );
    expect(entries.every((entry) => !entry.summary.includes("tester@example.com"))).toBe(true);

    await expect(sendSandboxTest(admin, { testEmail: "tester@example.com", templateId: crypto.randomUUID(), cadenceId: null })).rejects.toThrow(/no longer exists/);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, "tester@example.com"))).toHaveLength(3);
    expect(await listAuditEntries({ action: "testing.send-test" })).toHaveLength(2);
  });
});

describe("cadences that share a trigger", () => {
  it("are flagged where they are listed and saved, with what a new lead gets in its first day, which is what it gets", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const { first, second } = await aCadence("promo_claimed");
    const listed = async () => ((await callRoute(handler(cadencesPage.loader), "/admin/cadences", { cookie })).body as { shared: SharedTrigger[] }).shared;
    expect(await listed()).toEqual([]);

    // A second cadence on the same trigger, saved from the editor: its toast says what a lead now gets.
    const saved = await callRoute(handler(editorPage.action), "/admin/cadences/new", {
      cookie,
      params: { cadenceId: "new" },
      form: { intent: "save-cadence", name: "Second welcome", trigger: "promo_claimed", "steps.0.delayAmount": "0", "steps.0.delayUnit": "days", "steps.0.templateId": second.id },
    });
    expect(saved.status).toBe(302);
    const flash = decodeURIComponent(saved.headers.get("Set-Cookie") ?? "");
    expect(Buffer.from(/flash=([^;]+)/.exec(flash)?.[1] ?? "", "base64").toString("utf8")).toContain("2 active cadences start on “Promo claimed”: a new lead gets 3 e-mails from them in its first day.");

    const [shared] = await listed();
    expect(shared?.cadences.map((cadence) => cadence.name).sort()).toEqual(["Promo follow-up", "Second welcome"]);
    expect(shared?.firstDay.map((mail) => [mail.when, mail.templateName])).toEqual([
      ["Day 0", first.name],
      ["Day 0", second.name],
      ["+1 hour", second.name],
    ]);
    // The editor of either shows the same warning before anything is changed.
    const editor = await callRoute(handler(editorPage.loader), "/admin/cadences/new", { cookie, params: { cadenceId: "new" } });
    expect((editor.body as { active: { cadences: unknown[] } }).active.cadences).toHaveLength(2);

    // And it is what a lead who claims the promo gets in its first day: three e-mails.
    await aPromoLead("shared@example.com");
    await runCadenceSteps(T0);
    await runCadenceSteps(new Date(T0.getTime() + 23 * HOUR));
    expect((await cadenceMails()).filter((mail) => mail.toEmail === "shared@example.com")).toHaveLength(3);

    // Paused, the other no longer shares it.
    const [other] = (await listCadences()).cadences.filter((cadence) => cadence.name === "Second welcome");
    await setCadenceStatus(admin, other!.id, "paused");
    expect(await listed()).toEqual([]);
  });
});
