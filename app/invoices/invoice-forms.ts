import { optionalDay, optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { TIER_IDS } from "~/organization/tier-catalog";
import { INVOICE_STATUSES, PAYMENT_METHODS } from "./invoice-options";
import { dollarsField } from "~/forms/money-field";
import { recordId } from "~/forms/record-id";

// The invoice screens' forms: one zod schema each, used by the browser and again by the action.

const optionalUuid = (message: string) =>
  z
    .union([recordId(message), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));

// A real calendar date (2026-02-31 is refused here, not by the database).
const isoDate = z.iso.date("Enter a date");
const optionalDate = optionalDay("Enter a date");

export const invoiceIdSchema = z.object({ invoiceId: recordId("Invoice not found") });

export const invoiceIdsSchema = z.object({
  invoiceIds: z.preprocess(
    (value) => (Array.isArray(value) ? value : value ? [value] : []),
    z.array(recordId("Invoice not found")).min(1, "Select at least one invoice").max(500, "Delete at most 500 at once"),
  ),
});

/** /admin/invoices/new: the client (or the project, which gives the client and the tier). */
export const newInvoiceSchema = z.object({
  clientId: recordId("Choose a client"),
  projectId: optionalUuid("Choose a project"),
  tier: z.union([z.enum(TIER_IDS), z.literal("")]).optional().transform((value) => (value ? value : null)),
  dueDate: optionalDate,
});
export type NewInvoiceInput = z.infer<typeof newInvoiceSchema>;

/** The editor's details and summary ('Save Changes'). */
export const invoiceDetailsSchema = z.object({
  clientId: recordId("Choose a client"),
  projectId: optionalUuid("Choose a project"),
  tier: z.union([z.enum(TIER_IDS), z.literal("")]).optional().transform((value) => (value ? value : null)),
  status: z.enum(INVOICE_STATUSES, { error: "Choose a status" }),
  dueDate: optionalDate,
  paymentMethod: z.union([z.enum(PAYMENT_METHODS), z.literal("")]).optional().transform((value) => (value ? value : null)),
  notes: optionalText(5000),
  promoCode: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters")
    .optional()
    .transform((value) => (value ? value.toUpperCase() : null)),
  discount: dollarsField("Enter a discount of 0 or more", { empty: 0 }),
  tax: dollarsField("Enter a tax of 0 or more", { empty: 0 }),
});
export type InvoiceDetailsInput = z.infer<typeof invoiceDetailsSchema>;

/** 'Add Item' and editing a line (spec 001 §5). */
export const lineItemSchema = z.object({
  description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(500, "Use at most 500 characters"),
  quantity: z.coerce
    .number({ error: "Quantity must be at least 1" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(100_000, "Quantity is too large"),
  unitPrice: dollarsField("Unit price must be 0 or more"),
});
export type LineItemInput = z.infer<typeof lineItemSchema>;

export const lineItemIdSchema = z.object({ lineItemId: recordId("Line item not found") });
export const moveLineItemSchema = lineItemIdSchema.extend({ direction: z.enum(["up", "down"]) });

/**
 * 'Generate from Project': the deliverables chosen (their positions in the tier's list). None is
 * refused by the service, after it found the invoice's project: without one, that is what the admin reads.
 */
export const generateFromProjectSchema = z.object({
  deliverables: z.preprocess(
    (value) => (Array.isArray(value) ? value : value ? [value] : []),
    z.array(z.coerce.number().int().min(0).max(200)).max(200),
  ),
  includeAddOns: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/** 'Add Consultations'. */
export const addConsultationsSchema = z.object({
  consultationIds: z.preprocess(
    (value) => (Array.isArray(value) ? value : value ? [value] : []),
    z.array(recordId("Please select at least one consultation")).min(1, "Please select at least one consultation").max(200),
  ),
  price: dollarsField("Please enter a valid price", { min: 1 }),
});

/** 'Record Payment'. */
export const paymentSchema = z.object({
  amount: dollarsField("Enter an amount above 0", { min: 1 }),
  paidOn: isoDate,
  method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid" }),
  note: optionalText(500),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

export const paymentIdSchema = z.object({ paymentId: recordId("Payment not found") });
