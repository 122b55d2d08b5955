import { recordId } from "~/forms/record-id";
import { optionalText } from "~/forms/text-field";
import { z } from "~/forms/zod";
import { CONSULT_TYPES, CONSULTATION_STATUSES } from "./schema";

/** A consultation's start or end (business-local), or none. */
export const optionalTime = z
  .string()
  .regex(/^(\d{2}:\d{2}(:\d{2})?)?$/, "Use a time like 14:30")
  .optional()
  .transform((value) => value || null);

/** Where the call happens, or none yet: a web address. */
export const optionalMeetingLink = optionalText(500).refine((link) => link === null || /^https?:\/\/\S+$/i.test(link), "Enter a link starting with https://");

/** A consultation added or edited from a client's page (business-local date and times). */
export const clientConsultationForm = z
  .object({
    consultType: z.enum(CONSULT_TYPES, "Choose a type"),
    status: z.enum(CONSULTATION_STATUSES, "Choose a status"),
    scheduledDate: z.iso.date("Choose a date"),
    scheduledStartTime: optionalTime,
    scheduledEndTime: optionalTime,
    projectId: z
      .union([recordId("Could not find project"), z.literal("")])
      .optional()
      .transform((value) => value || null),
    meetingLink: optionalMeetingLink,
    notes: optionalText(5000),
  })
  .refine(
    (value) => !value.scheduledStartTime || !value.scheduledEndTime || value.scheduledEndTime > value.scheduledStartTime,
    { path: ["scheduledEndTime"], message: "The end time must be after the start time" },
  );
export type ClientConsultationInput = z.infer<typeof clientConsultationForm>;
