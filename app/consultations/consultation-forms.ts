import { recordId } from "~/forms/record-id";
import { optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { optionalMeetingLink, optionalTime } from "./client-consultation-form";
import { CONSULTATION_STATUSES } from "./schema";

/** The consultation edit dialog's form. A scheduled consultation needs its date; a time needs its date, an end after its start. */
export const consultationForm = z
  .object({
    consultationId: recordId("Consultation not found"),
    status: z.enum(CONSULTATION_STATUSES),
    scheduledDate: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Choose a date")
      .transform((value) => value || null),
    scheduledStartTime: optionalTime,
    scheduledEndTime: optionalTime,
    meetingLink: optionalMeetingLink,
    notes: optionalText(5000),
  })
  .refine((value) => value.status !== "scheduled" || value.scheduledDate !== null, {
    message: "Choose a date for a scheduled consultation",
    path: ["scheduledDate"],
  })
  .refine((value) => !value.scheduledStartTime || !value.scheduledEndTime || value.scheduledEndTime > value.scheduledStartTime, {
    message: "The end time must be after the start time.",
    path: ["scheduledEndTime"],
  });

/** What 'Edit Consultation' changes. */
export type ConsultationUpdate = Omit<z.infer<typeof consultationForm>, "consultationId">;

/** The invitation windows an admin may choose (days from today, business zone). */
export const INVITATION_WINDOWS = [7, 14, 21, 30] as const;

const windowDays = z.coerce
  .number("Choose 7, 14, 21 or 30 days")
  .refine((days) => (INVITATION_WINDOWS as readonly number[]).includes(days), "Choose 7, 14, 21 or 30 days");

/** 'Send booking invitation': a lead (picked, or the page's), or a client to invite through its lead. */
export const sendInvitationForm = z
  .object({
    leadId: z.union([z.literal(""), recordId("Please choose a lead")]).optional(),
    clientId: recordId("Client not found").optional(),
    windowDays,
  })
  .refine((value) => Boolean(value.leadId) || Boolean(value.clientId), { message: "Please choose a lead", path: ["leadId"] });

/** Why an invitation is refused when its window has no open slot; the dialog then offers Generate Slots. */
export const NO_SLOTS_FOR_INVITATION = "No available slots. Click 'Generate Slots' first.";

/** Generate Slots from the invitation dialog: the active rules' slots for the window it would offer. */
export const generateForInvitationForm = z.object({ windowDays });

/** Resend or delete an invitation. */
export const invitationForm = z.object({ bookingId: recordId("This booking no longer exists.") });

/** The consultation delete confirmation. */
export const deleteConsultationForm = z.object({ consultationId: recordId("Consultation not found") });

/** A booking's row actions on /admin/bookings (Mark Completed, Cancel). */
export const bookingIdForm = z.object({ bookingId: recordId("This booking no longer exists.") });

/** Confirm: the meeting link (empty means the default link from Settings; the service refuses when there is none). */
export const confirmBookingForm = bookingIdForm.extend({ meetingLink: z.string().trim().max(500).optional() });

/** Propose New Time: up to ten business-local starts (`yyyy-MM-ddTHH:mm`); empty rows are ignored. */
export const proposeTimesForm = bookingIdForm.extend({
  start: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, "Choose a date and time")).max(10, "At most 10 times")),
});

/** Where the Consultations & Bookings page's forms go back to with their toast: the page, its view kept. */
export const consultationsReturnToForm = z.object({
  returnTo: z
    .string()
    .optional()
    .transform((value) => (value && /^\/admin\/consultations(?:\?[^\r\n\\]*)?$/.test(value) ? value : undefined)),
});
