import { recordId } from "~/forms/record-id";
import { z } from "~/forms/zod";
import { CONSULT_TYPES, CONSULTATION_STATUSES } from "./schema";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

const time = z
  .string()
  .regex(/^(\d{2}:\d{2}(:\d{2})?)?$/, "Use a time like 14:30")
  .optional()
  .transform((value) => value || null);

/** A consultation added or edited from a client's page (business-local date and times). */
export const clientConsultationForm = z
  .object({
    consultType: z.enum(CONSULT_TYPES, "Choose a type"),
    status: z.enum(CONSULTATION_STATUSES, "Choose a status"),
    scheduledDate: z.iso.date("Choose a date"),
    scheduledStartTime: time,
    scheduledEndTime: time,
    projectId: z
      .union([recordId("Could not find project"), z.literal("")])
      .optional()
      .transform((value) => value || null),
    meetingLink: optionalText(500).refine((link) => link === null || /^https?:\/\/\S+$/i.test(link), "Enter a link starting with https://"),
    notes: optionalText(5000),
  })
  .refine(
    (value) => !value.scheduledStartTime || !value.scheduledEndTime || value.scheduledEndTime > value.scheduledStartTime,
    { path: ["scheduledEndTime"], message: "The end time must be after the start time" },
  );
export type ClientConsultationInput = z.infer<typeof clientConsultationForm>;
