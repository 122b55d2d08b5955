import { emailAddress, optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { listParam, listInOneOrder } from "~/lists/list-view";

// The suppression list's forms: one zod schema each, used by the dialogs and again by the action.

const address = emailAddress("Enter an e-mail address", "Enter a valid e-mail address");

/** Add an address by hand, with an optional note (why). */
export const suppressionEntrySchema = z.object({
  email: address,
  note: optionalText(500),
});
export type SuppressionEntryInput = z.infer<typeof suppressionEntrySchema>;

/** Remove one address from the list: any stored address, even one a stricter check would refuse today. */
export const suppressionAddressSchema = z.object({
  email: z.string({ error: "Address not found" }).trim().min(3, "Address not found").max(320, "Address not found"),
});

const SUPPRESSION_FILTERS = { q: listParam.search() };

/** The list's view in the URL: its search box (`q`) and page; newest first, always. */
export const SUPPRESSION_LIST_VIEW = listInOneOrder(SUPPRESSION_FILTERS, "since", "desc");
