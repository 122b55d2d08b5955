import type { Actor } from "~/audit/actor";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { isRecordId } from "~/forms/record-id";
import { Refusal } from "~/forms/refusal";
import { redirectWithToast } from "~/forms/flash.server";
import {
  addConsultationsSchema,
  generateFromProjectSchema,
  invoiceDetailsSchema,
  invoiceIdSchema,
  invoiceIdsSchema,
  lineItemIdSchema,
  lineItemSchema,
  moveLineItemSchema,
  paymentIdSchema,
  paymentSchema,
} from "./invoice-forms";
import { logger } from "~/logging/logger.server";
import { issueNewInvoiceLink, revokeInvoiceLink } from "./invoice-link.server";
import { deletePayment, recordPayment } from "./invoice-payments.server";
import { sendInvoice } from "./invoice-sending.server";
import { addLineItem, deleteInvoices, deleteLineItem, moveLineItem, reopenInvoice, updateInvoiceDetails, updateLineItem } from "./invoices.server";
import { addConsultationsToInvoice, generateFromProject } from "./project-billing.server";

/** Where a list action goes back to: the invoices list (its filters kept) or a project's page (its invoices panel). */
function listReturnTo(form: FormData): string {
  const value = form.get("returnTo");
  if (typeof value !== "string") return "/admin/invoices";
  if (/^\/admin\/invoices(?:\?[^\r\n\\]*)?$/.test(value)) return value;
  return isRecordId(/^\/admin\/projects\/([^/?#]+)$/.exec(value)?.[1]) ? value : "/admin/invoices";
}

const SEND_FAILED = "Failed to send invoice";

/**
 * Send from a list (the invoices list or a project's panel) or the editor: 'Invoice sent
 * successfully', or refused as 'Failed to send invoice' with the reason (nothing was sent or recorded).
 */
async function sendAndAnswer(actor: Actor, invoiceId: string, returnTo: string) {
  try {
    const sent = await sendInvoice(actor, invoiceId);
    return redirectWithToast(returnTo, { type: "success", title: "Invoice sent successfully", description: `${sent.invoiceNumber} is on its way to ${sent.to}.` });
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal(error.message, { status: error.status, title: SEND_FAILED });
    logger.error({ err: error, invoice_id: invoiceId }, "sending an invoice failed");
    throw new Refusal("The invoice could not be sent. Please try again.", { status: 409, title: SEND_FAILED });
  }
}

export async function handleInvoiceListAction(request: Request, actor: Actor) {
  return answerForm(request, {
    "delete-invoices": async (form) => {
      const { invoiceIds } = parseForm(invoiceIdsSchema, form);
      const deleted = await deleteInvoices(actor, invoiceIds);
      return redirectWithToast(listReturnTo(form), { type: "success", title: `${deleted} invoice(s) deleted successfully` });
    },
    "send-invoice": async (form) => {
      const { invoiceId } = parseForm(invoiceIdSchema, form);
      return sendAndAnswer(actor, invoiceId, listReturnTo(form));
    },
  });
}

/** The editor's intents, for the invoice of its route; a malformed id is refused as not found (400). */
export async function handleInvoiceEditorAction(request: Request, actor: Actor, invoiceIdFromRoute: string | undefined) {
  const invoiceId = () => parseForm(invoiceIdSchema, { invoiceId: invoiceIdFromRoute }).invoiceId;
  const here = `/admin/invoices/${invoiceIdFromRoute ?? ""}`;
  return answerForm(request, {
    "save-details": async (form) => {
      await updateInvoiceDetails(actor, invoiceId(), parseForm(invoiceDetailsSchema, form));
      return redirectWithToast(here, { type: "success", title: "Invoice updated successfully" });
    },
    "add-item": async (form) => {
      await addLineItem(actor, invoiceId(), parseForm(lineItemSchema, form));
      return redirectWithToast(here, { type: "success", title: "Line item added" });
    },
    "update-item": async (form) => {
      const { lineItemId } = parseForm(lineItemIdSchema, form);
      await updateLineItem(actor, invoiceId(), lineItemId, parseForm(lineItemSchema, form));
      return redirectWithToast(here, { type: "success", title: "Line item updated" });
    },
    "delete-item": async (form) => {
      const { lineItemId } = parseForm(lineItemIdSchema, form);
      await deleteLineItem(actor, invoiceId(), lineItemId);
      return redirectWithToast(here, { type: "success", title: "Line item deleted" });
    },
    "move-item": async (form) => {
      const { lineItemId, direction } = parseForm(moveLineItemSchema, form);
      await moveLineItem(actor, invoiceId(), lineItemId, direction);
      return { ok: true };
    },
    "generate-from-project": async (form) => {
      const added = await generateFromProject(actor, invoiceId(), parseForm(generateFromProjectSchema, form));
      return redirectWithToast(here, { type: "success", title: `Generated ${added} line items from the project` });
    },
    "add-consultations": async (form) => {
      const added = await addConsultationsToInvoice(actor, invoiceId(), parseForm(addConsultationsSchema, form));
      return redirectWithToast(here, { type: "success", title: `${added} consultation(s) added to the invoice` });
    },
    "send-invoice": async () => sendAndAnswer(actor, invoiceId(), here),
    "record-payment": async (form) => {
      await recordPayment(actor, invoiceId(), parseForm(paymentSchema, form));
      return redirectWithToast(here, { type: "success", title: "Payment recorded" });
    },
    "delete-payment": async (form) => {
      const { paymentId } = parseForm(paymentIdSchema, form);
      await deletePayment(actor, invoiceId(), paymentId);
      return redirectWithToast(here, { type: "success", title: "Payment removed" });
    },
    "revoke-link": async () => {
      await revokeInvoiceLink(actor, invoiceId());
      return redirectWithToast(here, { type: "success", title: "Client link revoked", description: "The old link no longer opens the invoice." });
    },
    "new-link": async () => {
      await issueNewInvoiceLink(actor, invoiceId());
      return redirectWithToast(here, { type: "success", title: "New client link issued", description: "The old link no longer opens the invoice." });
    },
    reopen: async () => {
      await reopenInvoice(actor, invoiceId());
      return redirectWithToast(here, { type: "success", title: "Invoice reopened for changes" });
    },
  });
}
