import { recordId } from "~/forms/record-id";
import { optionalName, optionalText, personName } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "~/organization/tier-catalog";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";

// The client forms of the back-office (spec 001 "Clients", "Client detail"), one zod schema each,
// used by the browser and again by the actions.

const clientName = personName("Name is required");
const clientEmail = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Use at most 254 characters")
  .email("Please enter a valid email address");

const projectLink = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters")
  .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "Enter a full web address, starting with https://")
  .transform((value) => (value === "" ? null : value))
  .optional()
  .transform((value) => value ?? null);

/** Add Client: name, e-mail and tier (default 1); phone and notes optional. */
export const addClientSchema = z.object({
  name: clientName,
  email: clientEmail,
  phone: optionalText(40),
  tier: z.enum(TIER_IDS, "Choose a tier").default("1"),
  notes: optionalText(5000),
});
export type AddClientInput = z.infer<typeof addClientSchema>;

const phone = optionalText(40);
const businessName = optionalName(120);

/** Edit Client: every field the detail page shows. */
export const editClientSchema = z.object({
  name: clientName,
  email: clientEmail,
  phone,
  businessName,
  tier: z.enum(TIER_IDS, "Choose a tier"),
  status: z.enum(CLIENT_STATUSES, "Choose a status"),
  paymentStatus: z.enum(PAYMENT_STATUSES, "Choose a payment status"),
  projectLink,
});
export type EditClientInput = z.infer<typeof editClientSchema>;

/** What a client corrects of their own details in the client portal. */
export const clientOwnDetailsSchema = z.object({ phone, businessName });
export type ClientOwnDetailsInput = z.infer<typeof clientOwnDetailsSchema>;

export const clientNotesSchema = z.object({ notes: optionalText(20_000) });

export const clientStatusSchema = z.object({ clientId: recordId("Client not found"), status: z.enum(CLIENT_STATUSES, "Choose a status") });
export const clientPaymentStatusSchema = z.object({ clientId: recordId("Client not found"), paymentStatus: z.enum(PAYMENT_STATUSES, "Choose a payment status") });

const clientRowStatusesSchema = z.object({
  clientId: recordId("Client not found"),
  status: z.enum(CLIENT_STATUSES, "Choose a status").optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, "Choose a payment status").optional(),
});
export type ClientRowStatuses = z.infer<typeof clientRowStatusesSchema>;

/** A row's select in the clients list's one form: `status:<client id>` or `payment:<client id>`. */
export function clientRowFieldName(field: "status" | "payment", clientId: string): string {
  return `${field}:${clientId}`;
}

const CLIENT_ROW_FIELD = /^(status|payment):(.+)$/;

/**
 * The clients list's rows as its form posts them without JavaScript (every row's two selects,
 * named by `clientRowFieldName`), a row each; other fields are ignored.
 */
export const clientRowsSchema = z
  .record(z.string(), z.unknown())
  .transform((fields) => {
    const rows = new Map<string, Record<string, unknown>>();
    for (const [name, value] of Object.entries(fields)) {
      const [, field, clientId] = CLIENT_ROW_FIELD.exec(name) ?? [];
      if (!field || !clientId) continue;
      const row = rows.get(clientId) ?? { clientId };
      row[field === "status" ? "status" : "paymentStatus"] = value;
      rows.set(clientId, row);
    }
    return [...rows.values()];
  })
  .pipe(z.array(clientRowStatusesSchema).max(100, "Save at most 100 clients at once"));

export const CLIENT_STATUS_LABELS: Record<(typeof CLIENT_STATUSES)[number], string> = {
  active: "Active",
  pending: "Pending",
  paused: "Paused",
  completed: "Completed",
  archived: "Archived",
};

export const PAYMENT_STATUS_LABELS: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  pending: "Pending",
  unpaid: "Unpaid",
  partial: "Partial",
  paid: "Paid",
  refunded: "Refunded",
};

/** The client a page or an intent acts on (the route's `:clientId`). */
export const clientIdSchema = z.object({ clientId: recordId("Client not found") });

/** Link a discovery call to one of the client's projects. */
export const linkBookingSchema = z.object({
  bookingId: recordId("This discovery call no longer exists."),
  projectId: recordId("Please select a project"),
});

/** The consultation a row's action (edit, delete, notify) acts on. */
export const consultationIdSchema = z.object({ consultationId: recordId("This consultation no longer exists.") });
