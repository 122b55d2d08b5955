import type { Actor } from "~/audit/actor";

/** What every intent of the invoice editor is given: who acts, the route's invoice (its id parsed when asked) and the page to answer with. */
export type InvoiceEditorContext = { actor: Actor; invoiceId: () => string; here: string };
