import { z } from "zod";
import { CONSULTATION_STATUSES } from "./schema";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || null);

/** The consultation edit dialog's form. */
export const consultationForm = z.object({
  consultationId: z.uuid(),
  status: z.enum(CONSULTATION_STATUSES),
  scheduledDate: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/)
    .transform((value) => value || null),
  scheduledStartTime: z
    .string()
    .regex(/^(\d{2}:\d{2}(:\d{2})?)?$/)
    .transform((value) => value || null),
  scheduledEndTime: z
    .string()
    .regex(/^(\d{2}:\d{2}(:\d{2})?)?$/)
    .transform((value) => value || null),
  meetingLink: optionalText(500).refine((link) => link === null || /^https?:\/\/\S+$/i.test(link), "Enter a link starting with https://"),
  notes: optionalText(5000),
});

/** The consultations page's status filter: consultation statuses plus the bookings' pending/confirmed. */
export const CONSULTATION_FILTERS = ["all", "scheduled", "completed", "cancelled", "pending", "confirmed"] as const;
