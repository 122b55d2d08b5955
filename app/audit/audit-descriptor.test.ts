import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { answerSucceeded, describeAdminAction } from "./audit-descriptor";

const LEAD = "0b6f3c1e-4a8d-4c7e-9f10-2b3c4d5e6f70";
const OTHER = "1c7a4d2f-5b9e-4d8f-a021-3c4d5e6f7081";

describe("the audit record of an admin's form", () => {
  it("names the domain by the path and the record by the page's id", () => {
    expect(describeAdminAction({ pathname: `/admin/leads/${LEAD}`, intent: "change-status", form: { status: "contacted", returnTo: "/admin/leads" } })).toEqual({
      action: "lead.change-status",
      entityType: "lead",
      entityId: LEAD,
      summary: "Change status (lead 0b6f3c1e)",
      details: { fields: ["status"], values: { status: "contacted" } },
    });
  });

  it("takes the record from an id field when the page is a list, and a resource route's last segment as the verb", () => {
    expect(describeAdminAction({ pathname: "/admin/clients", intent: "delete", form: { clientId: OTHER } })).toMatchObject({
      action: "client.delete",
      entityType: "client",
      entityId: OTHER,
    });
    expect(describeAdminAction({ pathname: `/admin/leads/${LEAD}/convert`, intent: "default", form: { redirectTo: "/admin/leads" } })).toMatchObject({
      action: "lead.convert",
      entityType: "lead",
      entityId: LEAD,
    });
    expect(describeAdminAction({ pathname: "/admin/booking-invitations.data", intent: "send-invitation", form: { leadId: LEAD } })).toMatchObject({
      action: "booking.send-invitation",
      entityType: "lead",
      entityId: LEAD,
    });
  });

  it("keeps the ids of a bulk action and never the values people typed", () => {
    const described = describeAdminAction({ pathname: "/admin/leads", intent: "add-lead", form: { name: "Rosa Delgado", email: "rosa@example.com" } });
    expect(described).toMatchObject({ action: "lead.add-lead", entityType: null, entityId: null, details: { fields: ["email", "name"] } });
    expect(JSON.stringify(described)).not.toContain("Rosa");
    const bulk = describeAdminAction({ pathname: "/admin/leads", intent: "delete-leads", form: { leadIds: [LEAD, OTHER] } });
    expect(bulk).toMatchObject({ entityType: "lead", entityId: null, summary: "Delete leads (2 leads)", details: { ids: { lead: [LEAD, OTHER] } } });
  });

  it("is nothing outside the back-office", () => {
    expect(describeAdminAction({ pathname: "/booking/abc", intent: "confirm", form: {} })).toBeNull();
  });

  it("counts redirects and successes, not refusals", () => {
    expect(answerSucceeded(redirect("/admin/leads"))).toBe(true);
    expect(answerSucceeded({ ok: true })).toBe(true);
    expect(answerSucceeded(data({ ok: false, fieldErrors: {} }, { status: 400 }))).toBe(false);
    expect(answerSucceeded({ ok: false })).toBe(false);
    expect(answerSucceeded(new Response("no", { status: 403 }))).toBe(false);
  });
});
