import { recordId } from "~/forms/record-id";
import { optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "~/organization/tier-catalog";
import { CLIENT_STATUSES, PAYMENT_STATUSES } from "./client-options";

// The client forms of the back-office (spec 001 "Clients", "Client detail"), one zod schema each,
// used by the browser and again by the actions.

const clientName = z.string().trim().min(1, "Name is required").max(120, "Use at most 120 characters");
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
const businessName = optionalText(120);

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
