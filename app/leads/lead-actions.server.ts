import type { Actor } from "~/audit/actor";
import { answerForm, parseForm, type IntentHandler } from "~/forms/form-action.server";
import type { z } from "~/forms/zod";
import { redirectWithToast } from "~/forms/flash.server";
import { leadIdFormSchema, leadIdsFormSchema, leadNoteSchema, leadStatusSchema, newLeadSchema, promoEnabledSchema, promoExtensionSchema, returnToSchema } from "./lead-forms";
import { addLead, addLeadNote, changeLeadStatus, deleteLeads } from "./leads.server";
import { extendPromo, resendPromoEmail, setPromoEnabled } from "./promo.server";

/**
 * The admin's actions on leads, posted from the list and from a lead's page (one handler, so both
 * behave the same). Each form sends `intent`, `leadId` (unless the page is the lead's own) and
 * `returnTo` (where to go back to with the toast; only local lead paths).
 */
export async function handleLeadAction(request: Request, actor: Actor, leadIdFromRoute?: string) {
  const leadIdOf = (form: FormData) => parseForm(leadIdFormSchema, leadIdFromRoute ? { leadId: leadIdFromRoute } : form).leadId;
  const returnToOf = (form: FormData) =>
    parseForm(returnToSchema, form).returnTo ?? (leadIdFromRoute ? `/admin/leads/${leadIdFromRoute}` : "/admin/leads");
  /** Back where the form was sent from, with the intent's success toast. */
  const succeeded = (form: FormData, title: string) => redirectWithToast(returnToOf(form), { type: "success", title });
  /** A change to one lead: what its form gives, the change, then the toast it earns. */
  const onLead =
    <S extends z.ZodType>(schema: S, change: (leadId: string, input: z.infer<S>) => Promise<unknown>, title: (input: z.infer<S>) => string): IntentHandler =>
    async (form) => {
      const input = parseForm(schema, form);
      await change(leadIdOf(form), input);
      return succeeded(form, title(input));
    };

  return answerForm(request, {
    "add-lead": async (form) => {
      await addLead(actor, parseForm(newLeadSchema, form));
      return succeeded(form, "Lead added successfully");
    },
    "change-status": onLead(leadStatusSchema, (leadId, { status }) => changeLeadStatus(actor, leadId, status), () => "Status updated"),
    "delete-leads": async (form) => {
      const { leadIds } = parseForm(leadIdsFormSchema, form);
      const deleted = await deleteLeads(actor, leadIds);
      const title = leadIds.length === 1 && deleted === 1 ? "Lead deleted successfully" : `${deleted} lead(s) deleted successfully`;
      // A deleted lead's own page no longer exists: go back to the list.
      const returnTo = returnToOf(form);
      const afterDelete = leadIdFromRoute || /^\/admin\/leads\/[0-9a-f-]{36}/i.test(returnTo) ? "/admin/leads" : returnTo;
      return redirectWithToast(afterDelete, { type: "success", title });
    },
    "add-note": onLead(leadNoteSchema, (leadId, { note }) => addLeadNote(actor, leadId, note), () => "Note added"),
    "extend-promo": onLead(promoExtensionSchema, (leadId, { days }) => extendPromo(actor, leadId, days), () => "Promo expiry extended"),
    "set-promo-enabled": onLead(
      promoEnabledSchema,
      (leadId, { enabled }) => setPromoEnabled(actor, leadId, enabled),
      ({ enabled }) => (enabled ? "Promo active" : "Promo disabled"),
    ),
    "resend-promo": async (form) => {
      const lead = await resendPromoEmail(actor, leadIdOf(form));
      return succeeded(form, `Email resent to ${lead.email}`);
    },
  });
}
