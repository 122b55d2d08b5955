import { parseForm, type IntentHandler } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";
import { generateFromProjectSchema, lineItemIdSchema, lineItemSchema, moveLineItemSchema } from "./invoice-forms";
import { addLineItem } from "./add-line-item.server";
import { deleteLineItem } from "./delete-line-item.server";
import { moveLineItem } from "./move-line-item.server";
import { updateLineItem } from "./update-line-item.server";
import { generateFromProject } from "./project-billing.server";

/** The invoice's lines, on its editor: one by one, or generated from its project. */
export function lineItemIntents({ actor, invoiceId, here }: InvoiceEditorContext): Record<string, IntentHandler> {
  return {
    "add-item": async (form) => {
      await addLineItem({ actor, invoiceId: invoiceId(), input: parseForm(lineItemSchema, form) });
      return redirectWithToast(here, { type: "success", title: "Line item added" });
    },
    "update-item": async (form) => {
      const { lineItemId } = parseForm(lineItemIdSchema, form);
      await updateLineItem({ actor, invoiceId: invoiceId(), lineItemId, input: parseForm(lineItemSchema, form) });
      return redirectWithToast(here, { type: "success", title: "Line item updated" });
    },
    "delete-item": async (form) => {
      const { lineItemId } = parseForm(lineItemIdSchema, form);
      await deleteLineItem({ actor, invoiceId: invoiceId(), lineItemId });
      return redirectWithToast(here, { type: "success", title: "Line item deleted" });
    },
    "move-item": async (form) => {
      const { lineItemId, direction } = parseForm(moveLineItemSchema, form);
      await moveLineItem({ actor, invoiceId: invoiceId(), lineItemId, direction });
      return { ok: true };
    },
    "generate-from-project": async (form) => {
      const added = await generateFromProject(actor, invoiceId(), parseForm(generateFromProjectSchema, form));
      return redirectWithToast(here, { type: "success", title: `Generated ${added} line items from the project` });
    },
  };
}
