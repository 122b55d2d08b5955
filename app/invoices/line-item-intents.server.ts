import { parseForm, type IntentHandler } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";
import { editorChange } from "./invoice-editor-change.server";
import { generateFromProjectSchema, lineItemIdSchema, lineItemSchema, moveLineItemSchema } from "./invoice-forms";
import { addLineItem } from "./add-line-item.server";
import { deleteLineItem } from "./delete-line-item.server";
import { moveLineItem } from "./move-line-item.server";
import { updateLineItem } from "./update-line-item.server";
import { generateFromProject } from "./project-billing.server";

/** The invoice's lines, on its editor: one by one, or generated from its project. */
export function lineItemIntents(context: InvoiceEditorContext): Record<string, IntentHandler> {
  const { actor, invoiceId, here } = context;
  return {
    "add-item": editorChange(context, (form) => ({ input: parseForm(lineItemSchema, form) }), addLineItem, "Line item added"),
    "update-item": editorChange(
      context,
      (form) => ({ ...parseForm(lineItemIdSchema, form), input: parseForm(lineItemSchema, form) }),
      updateLineItem,
      "Line item updated",
    ),
    "delete-item": editorChange(context, (form) => parseForm(lineItemIdSchema, form), deleteLineItem, "Line item deleted"),
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
