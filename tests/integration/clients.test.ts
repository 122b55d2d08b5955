import { readListView } from "~/lists/list-view";
import { randomUUID } from "node:crypto";
import { testActor } from "../support/actors";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { listAuditEntries } from "~/audit/audit-log.server";
import { getClientDetail } from "~/admin/client-detail.server";
import { CLIENT_LIST_VIEW } from "~/clients/client-list-view";
import { clientsCsvResponse } from "~/clients/clients-export.server";
import { addClient, type AddClientOptions } from "~/clients/add-client.server";
import { archiveClient } from "~/clients/archive-client.server";
import { clientsInViewBatches, listClients } from "~/clients/client-lists.server";
import { deleteClient } from "~/clients/delete-client.server";
import { findClient } from "~/clients/client-lookups.server";
import { saveClientNotes } from "~/clients/save-client-notes.server";
import { saveClientRows } from "~/clients/save-client-rows.server";
import { setClientPaymentStatus, setClientStatus } from "~/clients/client-status-selects.server";
import { updateClient } from "~/clients/update-client.server";
import { clients } from "~/clients/schema";
import { clientRowFieldName, clientRowsSchema } from "~/clients/client-form";
import { parseForm } from "~/forms/form-action.server";
import { action as clientsAction } from "~/clients/clients-page";
import { postToAction, statusOf } from "../support/route-actions";
import { signedInCookie } from "../support/sessions";
import { linkDiscoveryCallToProject } from "~/consultations/discovery-call-links.server";
import { clientInvoicesOnDeletion } from "~/invoices/client-invoices.server";
import { consultationBookings } from "~/consultations/schema";
import { db } from "~/db/connection.server";
import { invoiceLineItems, invoices } from "~/invoices/schema";
import { leads } from "~/leads/schema";
import { createProjectForClient } from "~/projects/projects.server";
import { projects } from "~/projects/schema";
import { organizationSettings, packageTiers } from "~/organization/schema";
import {
  addClientConsultation,
  deleteClientConsultation,
  notifyClientOfConsultation,
  updateClientConsultation,
} from "~/consultations/client-consultations.server";
import { consultations } from "~/consultations/schema";
import { emailOutbox } from "~/email/schema";
import { user } from "~/auth/schema";
import { withTestDatabase } from "../support/test-database";

withTestDatabase();

let adminId: string;
const actor = () => testActor({ userId: adminId, email: `owner-${adminId}@example.com`, sessionId: "session-1" });
beforeEach(async () => {
  adminId = randomUUID();
  await db().insert(user).values({ id: adminId, name: "Olivia Owner", email: `owner-${adminId}@example.com` });
});

const newClient = (overrides: Partial<AddClientOptions["input"]> = {}) =>
  addClient({ actor: actor(), input: { name: "Mesa Verde Catering", email: "hello@mesaverde.test", phone: null, tier: "1", notes: null, ...overrides } });

const view = (query = "") => readListView(new URLSearchParams(query), CLIENT_LIST_VIEW);

describe("Add Client", () => {
  it("creates an active client with a pending payment and a draft invoice priced from the catalog", async () => {
    const { client, invoice } = await newClient({ tier: "3" });
    expect(client).toMatchObject({ status: "active", paymentStatus: "pending", tier: "3", leadId: null });
    expect(invoice).toMatchObject({ clientId: client.id, status: "draft", tier: "3", subtotalCents: 50_000, totalCents: 50_000, promoCode: null });
    const lines = await db().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
    expect(lines.map((line) => line.description)).toEqual(["Tier 3 – Professional Automation website package"]);
  });

  it("reads the live catalog, so a price edited in Settings is what the draft invoice charges", async () => {
    await db().update(packageTiers).set({ priceCents: 22_500 }).where(eq(packageTiers.tier, "2"));
    const { invoice } = await newClient({ tier: "2" });
    expect(invoice.totalCents).toBe(22_500);
  });

  it("gives every draft invoice its own number, even when added at once", async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, index) => newClient({ email: `c${index}@example.com` })));
    const numbers = new Set(made.map(({ invoice }) => invoice.invoiceNumber));
    expect(numbers.size).toBe(6);
  });
});

describe("deleting a client", () => {
  it("deletes a client whose invoices are all unsent drafts, with them, their lines and its projects", async () => {
    const { client, invoice } = await newClient();
    expect(await clientInvoicesOnDeletion(client.id)).toEqual({ unsentDrafts: 1, kept: 0 });
    await createProjectForClient(actor(), client.id, { name: "Site", tier: "1" });
    expect((await deleteClient({ actor: actor(), clientId: client.id })).id).toBe(client.id);
    expect(await db().select().from(clients).where(eq(clients.id, client.id))).toHaveLength(0);
    expect(await db().select().from(projects).where(eq(projects.clientId, client.id))).toHaveLength(0);
    expect(await db().select().from(invoices).where(eq(invoices.id, invoice.id))).toHaveLength(0);
    expect(await db().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id))).toHaveLength(0);
    await expect(deleteClient({ actor: actor(), clientId: client.id })).rejects.toMatchObject({ status: 404, message: "This client no longer exists." });
    expect((await listAuditEntries({ entityType: "client", entityId: client.id })).map((entry) => [entry.action, entry.summary])).toEqual([
      ["client.delete", "Deleted a client with 1 unsent draft invoice(s)"],
      ["client.create", expect.any(String)],
    ]);
    expect((await listAuditEntries({ entityType: "invoice", entityId: invoice.id })).map((entry) => entry.action)).toEqual(["invoice.delete-invoices"]);
  });

  it("refuses a client with a sent or paid invoice, keeps everything, and archiving puts them away instead", async () => {
    const { client, invoice } = await newClient();
    await db().update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, invoice.id));
    const [unsent] = await db().insert(invoices).values({ clientId: client.id, invoiceNumber: "INV-DRAFT-2", status: "draft" }).returning();
    expect(await clientInvoicesOnDeletion(client.id)).toEqual({ unsentDrafts: 1, kept: 1 });
    await expect(deleteClient({ actor: actor(), clientId: client.id })).rejects.toMatchObject({
      status: 409,
      title: "Failed to delete client",
      message: `${client.name} has 1 sent or paid invoice(s), which must be kept. Archive the client instead.`,
    });
    expect(await db().select().from(clients).where(eq(clients.id, client.id))).toHaveLength(1);
    expect((await db().select().from(invoices).where(eq(invoices.clientId, client.id))).map((row) => row.id).sort()).toEqual([invoice.id, unsent!.id].sort());

    const archived = await archiveClient({ actor: actor(), clientId: client.id });
    expect(archived?.status).toBe("archived");
    // The refused delete wrote nothing; the archive wrote its own entry.
    const audit = await listAuditEntries({ entityType: "client", entityId: client.id });
    expect(audit.map((entry) => entry.action)).toEqual(["client.archive", "client.create"]);
  });
});

describe("a client's audit trail", () => {
  it("each change writes its own entry with the Actor it was given, naming no person; a no-op or a refused change writes none", async () => {
    const { client } = await newClient({ name: "Rosa Delgado", email: "rosa@mesaverde.test", phone: "214-555-0100", tier: "2" });
    await setClientStatus({ actor: actor(), clientId: client.id, status: "paused" });
    await setClientStatus({ actor: actor(), clientId: client.id, status: "paused" });
    await setClientPaymentStatus({ actor: actor(), clientId: client.id, paymentStatus: "partial" });
    await updateClient({ actor: actor(), clientId: client.id, input: {
      name: "Rosa D. Delgado",
      email: "rosa@mesaverde.test",
      phone: "214-555-0100",
      businessName: null,
      tier: "3",
      status: "paused",
      paymentStatus: "partial",
      projectLink: null,
    } });
    await saveClientNotes({ actor: actor(), clientId: client.id, notes: "Prefers calls after 3pm" });
    await expect(setClientStatus({ actor: actor(), clientId: randomUUID(), status: "active" })).rejects.toMatchObject({ status: 404, message: "Failed to update status" });

    const audit = await listAuditEntries({ entityType: "client", entityId: client.id });
    expect(audit.map((entry) => entry.action)).toEqual(["client.notes", "client.update", "client.payment", "client.status", "client.create"]);
    for (const entry of audit) {
      expect(entry).toMatchObject({ actorUserId: adminId, sessionId: "session-1", ipAddress: "203.0.113.7", entityType: "client", entityId: client.id });
      expect(JSON.stringify(entry)).not.toMatch(/Rosa|rosa@|555-0100|3pm/);
    }
    expect(audit[3]).toMatchObject({ details: { from: "active", to: "paused" } });
    expect(audit[1]).toMatchObject({ details: { changed: ["name", "tier"], tier: "3" } });
    expect(await listAuditEntries({ domain: "client" })).toHaveLength(5);
  });
});

describe("the clients list's rows saved at once (its form without JavaScript)", () => {
  const rowsForm = (fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", "rows");
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };

  it("saves each row's changed status and payment status, one audit entry per change, nothing for an unchanged row", async () => {
    const { client: mesa } = await newClient({ name: "Mesa Verde Catering", email: "hello@mesaverde.test" });
    const { client: party } = await newClient({ name: "Party Palace Rentals", email: "book@partypalace.test" });
    const rows = parseForm(
      clientRowsSchema,
      rowsForm({
        [clientRowFieldName("status", mesa.id)]: "paused",
        [clientRowFieldName("payment", mesa.id)]: "pending",
        [clientRowFieldName("status", party.id)]: "active",
        [clientRowFieldName("payment", party.id)]: "paid",
      }),
    );
    await saveClientRows({ actor: actor(), rows });

    expect(await findClient(mesa.id)).toMatchObject({ status: "paused", paymentStatus: "pending" });
    expect(await findClient(party.id)).toMatchObject({ status: "active", paymentStatus: "paid" });
    expect((await listAuditEntries({ entityType: "client", entityId: mesa.id })).map((entry) => entry.action)).toEqual(["client.status", "client.create"]);
    expect((await listAuditEntries({ entityType: "client", entityId: party.id })).map((entry) => entry.action)).toEqual(["client.payment", "client.create"]);
  });

  it("refuses a forged value, a malformed id or too many rows with a 400, and a client deleted meanwhile with a 404, saving none of the rows", async () => {
    const { client: mesa } = await newClient({ name: "Mesa Verde Catering", email: "hello@mesaverde.test" });
    expect(() => parseForm(clientRowsSchema, rowsForm({ [clientRowFieldName("status", mesa.id)]: "deleted" }))).toThrow(
      expect.objectContaining({ status: 400, message: "Choose a status" }),
    );
    expect(() => parseForm(clientRowsSchema, rowsForm({ [clientRowFieldName("payment", "1; drop table clients")]: "paid" }))).toThrow(
      expect.objectContaining({ status: 400, message: "Client not found" }),
    );
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, () => [clientRowFieldName("status", randomUUID()), "active"]));
    expect(() => parseForm(clientRowsSchema, rowsForm(tooMany))).toThrow(expect.objectContaining({ status: 400 }));

    const rows = parseForm(
      clientRowsSchema,
      rowsForm({ [clientRowFieldName("status", mesa.id)]: "archived", [clientRowFieldName("status", randomUUID())]: "paused" }),
    );
    await expect(saveClientRows({ actor: actor(), rows })).rejects.toMatchObject({ status: 404, message: "Failed to update status" });
    expect(await findClient(mesa.id)).toMatchObject({ status: "active" });
    expect(await listAuditEntries({ entityType: "client", entityId: mesa.id })).toHaveLength(1);
  });

  it("answers the page's form through its action: back to the list as it was shown, or a 400 that changes nothing", async () => {
    const { cookie } = await signedInCookie({ admin: true });
    const { client: mesa } = await newClient({ name: "Mesa Verde Catering", email: "hello@mesaverde.test" });
    const saved = await postToAction(clientsAction, "/admin/clients?q=mesa&status=active", cookie, { intent: "rows", [clientRowFieldName("status", mesa.id)]: "paused" });
    expect(statusOf(saved)).toBe(302);
    expect((saved as Response).headers.get("Location")).toBe("/admin/clients?q=mesa&status=active");
    expect(await findClient(mesa.id)).toMatchObject({ status: "paused" });

    const forged = await postToAction(clientsAction, "/admin/clients", cookie, { intent: "rows", [clientRowFieldName("payment", mesa.id)]: "free" });
    expect(statusOf(forged)).toBe(400);
    expect(await findClient(mesa.id)).toMatchObject({ paymentStatus: "pending" });
  });
});

describe("the clients directory", () => {
  it("searches name or e-mail case-insensitively and filters by status and payment", async () => {
    const { client: mesa } = await newClient({ name: "Mesa Verde Catering", email: "hello@mesaverde.test" });
    const { client: party } = await newClient({ name: "Party Palace Rentals", email: "book@partypalace.test" });
    await newClient({ name: "Bloom Florals", email: "hi@bloom.test" });
    await setClientStatus({ actor: actor(), clientId: party.id, status: "paused" });
    await setClientPaymentStatus({ actor: actor(), clientId: mesa.id, paymentStatus: "paid" });

    const names = async (query: string) => (await listClients({ view: view(query) })).rows.map((client) => client.name);
    expect(await names("q=MESAVERDE")).toEqual(["Mesa Verde Catering"]);
    expect(await names("q=party")).toEqual(["Party Palace Rentals"]);
    expect(await names("status=paused")).toEqual(["Party Palace Rentals"]);
    expect(await names("payment=paid")).toEqual(["Mesa Verde Catering"]);
    expect(await names("q=100%25")).toEqual([]);
    expect((await listClients({ view: view() })).total).toBe(3);
  });

  it("exports in batches that neither skip nor repeat a client", async () => {
    for (let index = 0; index < 5; index += 1) await newClient({ name: `Client ${index}`, email: `c${index}@example.com` });
    const names: string[] = [];
    for await (const batch of clientsInViewBatches(view(), 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      names.push(...batch.map((client) => client.name));
    }
    expect(names).toEqual(["Client 4", "Client 3", "Client 2", "Client 1", "Client 0"]);
  });

  it("pages by keyset forward and back without skipping or repeating a client", async () => {
    for (let index = 0; index < 7; index += 1) await newClient({ name: `Client ${index}`, email: `c${index}@example.com` });
    const first = await listClients({ view: view(), pageSize: 3 });
    const second = await listClients({ view: view(), pageSize: 3, after: first.nextCursor });
    const third = await listClients({ view: view(), pageSize: 3, after: second.nextCursor });
    const seen = [...first.rows, ...second.rows, ...third.rows].map((client) => client.name);
    expect(seen).toEqual(["Client 6", "Client 5", "Client 4", "Client 3", "Client 2", "Client 1", "Client 0"]);
    expect(first.previousCursor).toBeNull();
    expect(third.nextCursor).toBeNull();
    const back = await listClients({ view: view(), pageSize: 3, before: third.previousCursor });
    expect(back.rows.map((client) => client.name)).toEqual(["Client 3", "Client 2", "Client 1"]);
    expect(first.total).toBe(7);
  });

  it("sorts by a column either way, paging by keyset without skipping or repeating a client with the same value", async () => {
    // Two clients share each tier, so the keyset must break ties by id.
    const tiers = ["3", "1", "2", "1", "3", "2", "4"] as const;
    for (const [index, tier] of tiers.entries()) await newClient({ name: `Client ${index}`, email: `c${index}@example.com`, tier });
    const readAll = async (sort: string) => {
      const seen: { name: string; tier: string }[] = [];
      let after: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof listClients>> = await listClients({ view: view(sort), pageSize: 2, after });
        seen.push(...page.rows.map(({ name, tier }) => ({ name, tier })));
        after = page.nextCursor;
      } while (after);
      return seen;
    };
    const byTierAscending = await readAll("sort=tier&dir=asc");
    expect(byTierAscending.map((client) => client.tier)).toEqual(["1", "1", "2", "2", "3", "3", "4"]);
    expect(new Set(byTierAscending.map((client) => client.name)).size).toBe(7);
    const byNameDescending = await readAll("sort=name&dir=desc");
    expect(byNameDescending.map((client) => client.name)).toEqual(["Client 6", "Client 5", "Client 4", "Client 3", "Client 2", "Client 1", "Client 0"]);

    const byEmail = view("sort=email&dir=asc");
    const firstByEmail = await listClients({ view: byEmail, pageSize: 3 });
    const secondByEmail = await listClients({ view: byEmail, pageSize: 3, after: firstByEmail.nextCursor });
    const backByEmail = await listClients({ view: byEmail, pageSize: 3, before: secondByEmail.previousCursor });
    expect(secondByEmail.rows.map((client) => client.email)).toEqual(["c3@example.com", "c4@example.com", "c5@example.com"]);
    expect(backByEmail.rows.map((client) => client.email)).toEqual(["c0@example.com", "c1@example.com", "c2@example.com"]);
  });

  it("exports the filtered clients as CSV, with formula-like cells neutralised", async () => {
    await newClient({ name: "=HYPERLINK(\"http://evil\")", email: "evil@example.com" });
    await newClient({ name: "Mesa Verde Catering", email: "hello@mesaverde.test" });
    await newClient({ name: "Other", email: "other@example.com" });
    const response = clientsCsvResponse(view("q=e"), "America/New_York", new Date("2026-11-24T03:00:00Z"));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="clients-2026-11-23.csv"');
    const text = await response.text();
    const lines = text.trim().split("\n");
    expect(lines[0]?.replace(/^\uFEFF/, "")).toBe("Name,Email,Phone,Tier,Status,Payment Status,Project Link,Notes,Created");
    expect(text).toContain("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(text).toContain("Mesa Verde Catering");
    const filtered = await clientsCsvResponse(view("q=mesaverde"), "UTC").text();
    expect(filtered.trim().split("\n")).toHaveLength(2);
  });
});

describe("client detail", () => {
  it("shows the client's projects, invoices and discovery calls, and links a call to a project once", async () => {
    const [lead] = await db().insert(leads).values({ name: "Rosa", email: "rosa@example.com", source: "website" }).returning();
    if (!lead) throw new Error("no lead");
    const { client } = await newClient({ email: "rosa@example.com" });
    await db().update(clients).set({ leadId: lead.id }).where(eq(clients.id, client.id));
    const [call] = await db()
      .insert(consultationBookings)
      .values({ leadId: lead.id, bookingToken: `${lead.id}-abcdefabcdefabcdefabcdefabcdefab`, status: "completed", adminNotes: "Wants online menus" })
      .returning();
    if (!call) throw new Error("no booking");
    const project = await createProjectForClient(actor(), client.id, { name: "Catering website", tier: "2" });
    expect(project.projectNumber).toMatch(/^PRJ-\d+$/);
    expect(project.status).toBe("not_started");

    const detail = await getClientDetail(client.id, "2026-11-23");
    expect(detail?.projects.map((item) => item.name)).toEqual(["Catering website"]);
    expect(detail?.invoices).toHaveLength(1);
    expect(detail?.discoveryCalls.map((item) => item.id)).toEqual([call.id]);
    expect(detail?.stats.initialConsultCompleted).toBe(true);

    expect(await linkDiscoveryCallToProject(testActor(), client.id, call.id, project.id)).toEqual({ projectNumber: project.projectNumber });
    await expect(linkDiscoveryCallToProject(testActor(), client.id, call.id, project.id)).rejects.toMatchObject({
      status: 409,
      message: "This discovery call is already linked to a project.",
    });
    const [linked] = await db().select().from(consultationBookings).where(eq(consultationBookings.id, call.id));
    expect(linked?.projectId).toBe(project.id);
    expect(linked?.adminNotes).toBe(`Wants online menus\nLinked to project ${project.projectNumber}`);

    // Another client's project cannot be linked.
    const { client: other } = await newClient({ email: "other@example.com" });
    const foreign = await createProjectForClient(actor(), other.id, { name: "Other", tier: "1" });
    await expect(linkDiscoveryCallToProject(actor(), client.id, call.id, foreign.id)).rejects.toMatchObject({ status: 404 });
  });

  it("a linked discovery call becomes the project's consultation: at the time the lead chose, or 09:00–10:00 today in the business's zone", async () => {
    await db().update(organizationSettings).set({ timezone: "America/New_York" });
    const [lead] = await db().insert(leads).values({ name: "Tomas", email: "tomas@example.com", source: "website" }).returning();
    if (!lead) throw new Error("no lead");
    const { client } = await newClient({ email: "tomas@example.com" });
    await db().update(clients).set({ leadId: lead.id }).where(eq(clients.id, client.id));
    const [untimed, timed] = await db()
      .insert(consultationBookings)
      .values([
        { leadId: lead.id, bookingToken: `${lead.id}-00000000000000000000000000000001`, status: "pending" },
        {
          leadId: lead.id,
          bookingToken: `${lead.id}-00000000000000000000000000000002`,
          status: "confirmed",
          selectedStart: new Date("2026-12-03T15:00:00Z"),
          selectedEnd: new Date("2026-12-03T15:30:00Z"),
          meetingLink: "https://meet.example.com/tomas",
        },
      ])
      .returning();
    const project = await createProjectForClient(actor(), client.id, { name: "Shop", tier: "2" });
    // 22:30 on 23 November in New York is already the 24th in UTC: the day is the business's.
    const now = new Date("2026-11-24T03:30:00Z");
    await linkDiscoveryCallToProject(actor(), client.id, untimed!.id, project.id, now);
    await linkDiscoveryCallToProject(actor(), client.id, timed!.id, project.id, now);
    const recorded = await db().select().from(consultations).where(eq(consultations.projectId, project.id));
    expect(recorded.map(({ bookingId, clientId, consultType, status, scheduledDate, scheduledStartTime, scheduledEndTime, meetingLink }) => ({ bookingId, clientId, consultType, status, scheduledDate, scheduledStartTime, scheduledEndTime, meetingLink }))).toEqual(
      expect.arrayContaining([
        { bookingId: untimed!.id, clientId: client.id, consultType: "initial", status: "scheduled", scheduledDate: "2026-11-23", scheduledStartTime: "09:00:00", scheduledEndTime: "10:00:00", meetingLink: null },
        { bookingId: timed!.id, clientId: client.id, consultType: "initial", status: "scheduled", scheduledDate: "2026-12-03", scheduledStartTime: "10:00:00", scheduledEndTime: "10:30:00", meetingLink: "https://meet.example.com/tomas" },
      ]),
    );
    expect(recorded).toHaveLength(2);
    // A call already kept as a consultation (marked completed before) is that consultation, now on the project.
    const [done] = await db().insert(consultationBookings).values({ leadId: lead.id, bookingToken: `${lead.id}-00000000000000000000000000000003`, status: "completed" }).returning();
    const [kept] = await db().insert(consultations).values({ clientId: client.id, bookingId: done!.id, status: "completed", scheduledDate: "2026-11-20" }).returning();
    await linkDiscoveryCallToProject(actor(), client.id, done!.id, project.id, now);
    const [again] = await db().select().from(consultations).where(eq(consultations.bookingId, done!.id));
    expect(again).toMatchObject({ id: kept!.id, projectId: project.id, scheduledDate: "2026-11-20" });
  });

  it("answers undefined for an unknown client", async () => {
    expect(await getClientDetail("00000000-0000-4000-8000-000000000000", "2026-11-23")).toBeUndefined();
  });
});

describe("a client's consultations", () => {
  it("are added, edited, e-mailed to the client through the outbox, and deleted, only for that client", async () => {
    await db().insert(user).values({ id: "admin-1", name: "Ada", email: "ada@example.com" });
    const { client } = await newClient({ name: "Rosa Delgado", email: "rosa@example.com" });
    const { client: other } = await newClient({ email: "other@example.com" });
    const input = {
      consultType: "initial" as const,
      status: "scheduled" as const,
      scheduledDate: "2026-12-01",
      scheduledStartTime: "10:00",
      scheduledEndTime: "10:30",
      projectId: null,
      meetingLink: "https://meet.example.com/rosa",
      notes: "Bring menu photos",
    };
    const consultation = await addClientConsultation(testActor(), client.id, input);
    await updateClientConsultation(testActor(), client.id, consultation.id, { ...input, status: "completed" });
    await expect(updateClientConsultation(testActor(), other.id, consultation.id, input)).rejects.toThrow(/no longer exists/);

    await notifyClientOfConsultation(testActor({ userId: "admin-1" }), client.id, consultation.id);
    const [mail] = await db().select().from(emailOutbox);
    expect(mail).toMatchObject({ toEmail: "rosa@example.com", emailType: "consultation_notification" });
    expect(mail?.text).toContain("Tuesday, December 1, 2026, 10:00–10:30 (America/New_York)");
    expect(mail?.text).toContain("https://meet.example.com/rosa");

    const detail = await getClientDetail(client.id, "2026-11-23");
    expect(detail?.stats).toMatchObject({ total: 1, completed: 1, upcoming: 0, initialConsultCompleted: true });

    await expect(deleteClientConsultation(testActor(), other.id, consultation.id)).rejects.toMatchObject({ status: 404, title: "Failed to delete consultation" });
    await deleteClientConsultation(testActor(), client.id, consultation.id);
    expect(await db().select().from(consultations)).toHaveLength(0);
  });
});
