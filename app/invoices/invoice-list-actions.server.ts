import type { Actor } from "~/audit/actor";
import { answerForm, parseForm } from "~/forms/form-action.server";
import { isRecordId } from "~/forms/record-id";
import { Refusal } from "~/refusal/refusal";
import { redirectWithToast } from "~/forms/flash.server";
import { invoiceIdSchema, invoiceIdsSchema } from "./invoice-forms";
import { logger } from "~/logging/logger.server";
import { deleteInvoices } from "./delete-invoices.server";
import { sendInvoice } from "./send-invoice.server";

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
export async function sendAndAnswer(actor: Actor, invoiceId: string, returnTo: string) {
  try {
    const sent = await sendInvoice({ actor, invoiceId });
    return redirectWithToast(returnTo, { type: "success", title: "Invoice sent successfully", description: `${sent.invoiceNumber} is on its way to ${sent.to}.` });
  } catch (error) {
    if (error instanceof Refusal) throw new Refusal(error.message, { status: error.status, code: error.code, title: SEND_FAILED });
    logger.error({ err: error, invoice_id: invoiceId }, "sending an invoice failed");
    throw new Refusal("The invoice could not be sent. Please try again.", { status: 409, title: SEND_FAILED });
  }
}

export async function handleInvoiceListAction(request: Request, actor: Actor) {
  return answerForm(request, {
    "delete-invoices": async (form) => {
      const { invoiceIds } = parseForm(invoiceIdsSchema, form);
      const deleted = await deleteInvoices({ actor, invoiceIds });
      return redirectWithToast(listReturnTo(form), { type: "success", title: `${deleted} invoice(s) deleted successfully` });
    },
    "send-invoice": async (form) => {
      const { invoiceId } = parseForm(invoiceIdSchema, form);
      return sendAndAnswer(actor, invoiceId, listReturnTo(form));
    },
  });
}
