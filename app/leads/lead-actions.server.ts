import { data } from "react-router";
import type { SignedInUser } from "~/auth/guard.server";
import { redirectWithToast } from "~/ui/flash.server";
import { checkForm } from "~/ui/form-validation";
import { leadIdsSchema, type LeadActionData, leadNoteSchema, leadStatusSchema, newLeadSchema, promoEnabledSchema, promoExtensionSchema } from "./lead-forms";
import { addLead, addLeadNote, changeLeadStatus, deleteLeads } from "./leads.server";
import { extendPromo, resendPromoEmail, setPromoEnabled } from "./promo.server";

/**
 * The admin's actions on leads, posted from the list and from a lead's page
 * (one handler, so both behave the same). Each form sends `intent`, and
 * `returnTo` (where to go back to with the toast; only local paths).
 */

function safeReturnTo(raw: FormDataEntryValue | null, fallback: string): string {
  return typeof raw === "string" && raw.startsWith("/admin/leads") && !raw.startsWith("//") ? raw : fallback;
}

function failed(intent: string, error: string, status = 400) {
  return data<LeadActionData>({ intent, fieldErrors: {}, values: {}, error }, { status });
}

export async function handleLeadAction(request: Request, admin: SignedInUser, leadIdFromRoute?: string) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const returnTo = safeReturnTo(form.get("returnTo"), leadIdFromRoute ? `/admin/leads/${leadIdFromRoute}` : "/admin/leads");
  const leadId = leadIdFromRoute ?? String(form.get("leadId") ?? "");

  switch (intent) {
    case "add-lead": {
      const checked = checkForm(newLeadSchema, form);
      if (!checked.ok) return data<LeadActionData>({ intent, fieldErrors: checked.fieldErrors, values: checked.values }, { status: 400 });
      await addLead(checked.data, admin.id);
      return redirectWithToast(returnTo, { type: "success", title: "Lead added successfully" });
    }
    case "change-status": {
      const checked = checkForm(leadStatusSchema, form);
      if (!checked.ok) return failed(intent, "Failed to update status");
      const found = await changeLeadStatus(leadId, checked.data.status, admin.id);
      if (!found) return failed(intent, "Failed to update status", 404);
      return redirectWithToast(returnTo, { type: "success", title: "Status updated" });
    }
    case "delete-leads": {
      const ids = leadIdsSchema.safeParse(form.getAll("leadIds").map(String));
      if (!ids.success) return failed(intent, ids.error.issues[0]?.message ?? "Select at least one lead");
      const deleted = await deleteLeads(ids.data);
      const title = ids.data.length === 1 && deleted === 1 ? "Lead deleted successfully" : `${deleted} lead(s) deleted successfully`;
      // A deleted lead's own page no longer exists: go back to the list.
      const afterDelete = leadIdFromRoute || /^\/admin\/leads\/[0-9a-f-]{36}/i.test(returnTo) ? "/admin/leads" : returnTo;
      return redirectWithToast(afterDelete, { type: "success", title });
    }
    case "add-note": {
      const checked = checkForm(leadNoteSchema, form);
      if (!checked.ok) return data<LeadActionData>({ intent, fieldErrors: checked.fieldErrors, values: checked.values }, { status: 400 });
      const found = await addLeadNote(leadId, checked.data.note, admin.id);
      if (!found) return failed(intent, "Lead not found", 404);
      return redirectWithToast(returnTo, { type: "success", title: "Note added" });
    }
    case "extend-promo": {
      const checked = checkForm(promoExtensionSchema, form);
      if (!checked.ok) return data<LeadActionData>({ intent, fieldErrors: checked.fieldErrors, values: checked.values }, { status: 400 });
      const result = await extendPromo(leadId, checked.data.days, admin.id);
      if (!result.ok) return failed(intent, result.error);
      return redirectWithToast(returnTo, { type: "success", title: "Promo expiry extended" });
    }
    case "set-promo-enabled": {
      const checked = checkForm(promoEnabledSchema, form);
      if (!checked.ok) return failed(intent, "Choose enable or disable");
      const result = await setPromoEnabled(leadId, checked.data.enabled, admin.id);
      if (!result.ok) return failed(intent, result.error);
      return redirectWithToast(returnTo, { type: "success", title: checked.data.enabled ? "Promo active" : "Promo disabled" });
    }
    case "resend-promo": {
      const result = await resendPromoEmail(leadId, admin.id);
      if (!result.ok) return failed(intent, result.error);
      return redirectWithToast(returnTo, { type: "success", title: `Email resent to ${result.lead.email}` });
    }
    default:
      return failed(intent, "Unknown action");
  }
}
