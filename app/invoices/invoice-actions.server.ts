import type { SignedInUser } from "~/auth/guard.server";
import { answerForm, parseForm } from "~/forms/form-action.server";
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
  const allowed = /^\/admin\/invoices(?:\?[^\r\n\\]*)?$/.test(value) || /^\/admin\/projects\/[0-9a-f-]{36}$/i.test(value);
  return allowed ? value : "/admin/invoices";
}

/** Send from a list (the invoices list or a project's panel): 'Invoice sent successfully' / 'Failed to send invoice'. */
async function sendAndAnswer(invoiceId: string, admin: SignedInUser, returnTo: string) {
  try {
    const sent = await sendInvoice(invoiceId, admin.id);
    return redirectWithToast(returnTo, { type: "success", title: "Invoice sent successfully", description: `${sent.invoiceNumber} is on its way to ${sent.to}.` });
  } catch (error) {
    const description = error instanceof Refusal ? error.message : undefined;
    if (!description) logger.error({ err: error, invoice_id: invoiceId }, "sending an invoice failed");
    return redirectWithToast(returnTo, { type: "error", title: "Failed to send invoice", description });
  }
}

export async function handleInvoiceListAction(request: Request, admin: SignedInUser) {
  return answerForm(request, {
    "delete-invoices": async (form) => {
      const { invoiceIds } = parseForm(invoiceIdsSchema, form);
      const deleted = await deleteInvoices(invoiceIds);
      return redirectWithToast(listReturnTo(form), { type: "success", title: `${deleted} invoice(s) deleted successfully` });
    },
    "send-invoice": async (form) => {
      const { invoiceId } = parseForm(invoiceIdSchema, form);
      return sendAndAnswer(invoiceId, admin, listReturnTo(form));
    },
  });
}

export async function handleInvoiceEditorAction(request: Request, admin: SignedInUser, invoiceId: string) {
  const here = `/admin/invoices/${invoiceId}`;
  return answerForm(request, {
    "save-details": async (form) => {
      await updateInvoiceDetails(invoiceId, parseForm(invoiceDetailsSchema, form));
      return redirectWithToast(here, { type: "success", title: "Invoice updated successfully" });
    },
    "add-item": async (form) => {
      await addLineItem(invoiceId, parseForm(lineItemSchema, form));
      return redirectWithToast(here, { type: "success", title: "Line item added" });
    },
    "update-item": async (form) => {
      const { lineItemId } = parseForm(lineItemIdSchema, form);
      await updateLineItem(invoiceId, lineItemId, parseForm(lineItemSchema, form));
      return redirectWithToast(here, { type: "success", title: "Line item updated" });
    },
    "delete-item": async (form) => {
      const { lineItemId } = parseForm(lineItemIdSchema, form);
      await deleteLineItem(invoiceId, lineItemId);
      return redirectWithToast(here, { type: "success", title: "Line item deleted" });
    },
    "move-item": async (form) => {
      const { lineItemId, direction } = parseForm(moveLineItemSchema, form);
      await moveLineItem(invoiceId, lineItemId, direction);
      return { ok: true };
    },
    "generate-from-project": async (form) => {
      const added = await generateFromProject(invoiceId, parseForm(generateFromProjectSchema, form));
      return redirectWithToast(here, { type: "success", title: `Generated ${added} line items from the project` });
    },
    "add-consultations": async (form) => {
      const added = await addConsultationsToInvoice(invoiceId, parseForm(addConsultationsSchema, form));
      return redirectWithToast(here, { type: "success", title: `${added} consultation(s) added to the invoice` });
    },
    "send-invoice": async () => sendAndAnswer(invoiceId, admin, here),
    "record-payment": async (form) => {
      await recordPayment(invoiceId, parseForm(paymentSchema, form), admin.id);
      return redirectWithToast(here, { type: "success", title: "Payment recorded" });
    },
    "delete-payment": async (form) => {
      const { paymentId } = parseForm(paymentIdSchema, form);
      await deletePayment(invoiceId, paymentId);
      return redirectWithToast(here, { type: "success", title: "Payment removed" });
    },
    "revoke-link": async () => {
      await revokeInvoiceLink(invoiceId);
      return redirectWithToast(here, { type: "success", title: "Client link revoked", description: "The old link no longer opens the invoice." });
    },
    "new-link": async () => {
      await issueNewInvoiceLink(invoiceId);
      return redirectWithToast(here, { type: "success", title: "New client link issued", description: "The old link no longer opens the invoice." });
    },
    reopen: async () => {
      await reopenInvoice(invoiceId);
      return redirectWithToast(here, { type: "success", title: "Invoice reopened for changes" });
    },
  });
}
