import type { Actor } from "~/audit/actor";
import type { IntentHandler } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import type { InvoiceEditorContext } from "./invoice-editor-context";

/**
 * An editor intent that changes the invoice: the route's invoice, what the form gives, the service
 * told who acts and on which invoice, then back to the editor with the success toast.
 */
export function editorChange<Fields extends object>(
  { actor, invoiceId, here }: InvoiceEditorContext,
  read: (form: FormData) => Fields,
  change: (options: { actor: Actor; invoiceId: string } & Fields) => Promise<unknown>,
  title: string,
): IntentHandler {
  return async (form) => {
    await change({ actor, invoiceId: invoiceId(), ...read(form) });
    return redirectWithToast(here, { type: "success", title });
  };
}
