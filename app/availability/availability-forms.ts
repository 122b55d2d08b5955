import { recordId } from "~/forms/record-id";
import { z } from "~/forms/zod";
import { BUSINESS_TIME_ZONES } from "~/organization/settings-forms";

/** The availability screen's forms, checked in the browser and again in the action. */
// A real calendar date (2026-02-31 is refused here, not by the database).
const date = z.iso.date("Choose a date");
const time = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, "Choose a time");

export const addSlotForm = z
  .object({ date, startTime: time, endTime: time, status: z.enum(["open", "tentative"]) })
  .refine((value) => value.endTime > value.startTime, { message: "The end time must be after the start time.", path: ["endTime"] });

export const addRuleForm = z
  .object({ dayOfWeek: z.coerce.number().int().min(0).max(6), startTime: time, endTime: time })
  .refine((value) => value.endTime > value.startTime, { message: "The end time must be after the start time.", path: ["endTime"] });

export const blockDatesForm = z
  .object({ startDate: date, endDate: date, reason: z.string().trim().max(200).optional() })
  .refine((value) => value.endDate >= value.startDate, { message: "The end date must not be before the start date.", path: ["endDate"] });

export const GENERATION_WEEKS = [2, 4, 8, 12] as const;
export const generateForm = z.object({ weeks: z.coerce.number().refine((weeks) => (GENERATION_WEEKS as readonly number[]).includes(weeks), "Choose 2, 4, 8 or 12 weeks") });

export const settingsForm = z.object({
  defaultConsultDurationMinutes: z.coerce.number().int().min(15, "At least 15 minutes").max(480).multipleOf(15, "In steps of 15 minutes"),
  bufferTimeMinutes: z.coerce.number().int().min(0).max(240).multipleOf(5, "In steps of 5 minutes"),
  timezone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "Choose a valid time zone"),
  defaultMeetingLink: z
    .string()
    .trim()
    .max(500)
    .refine((link) => link === "" || /^https?:\/\/\S+$/i.test(link), "Enter a link starting with https://")
    .transform((link) => link || null),
  bookingCancelCutoffHours: z.coerce.number().int().min(0).max(720),
});

export const AVAILABILITY_VIEWS = ["day", "week", "month", "year"] as const;
/** The page's tabs; the first is the one a plain link opens. */
export const AVAILABILITY_TABS = ["calendar", "rules", "blocked", "settings"] as const;
export type AvailabilityView = (typeof AVAILABILITY_VIEWS)[number];

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Business zones offered (the one list, spec 001 §9; Settings owns it). */
export const COMMON_TIME_ZONES = BUSINESS_TIME_ZONES;

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** The most slots one deletion takes: 'Select Date Range' selects no more. */
export const MAX_SLOTS_DELETED = 5000;

/** Delete one slot or the selected ones (booked slots are never deleted). */
export const deleteSlotsForm = z.object({
  slotId: z.union([recordId("Slot not found"), z.array(recordId("Slot not found")).max(MAX_SLOTS_DELETED, `Select at most ${MAX_SLOTS_DELETED} slots`)]).transform(asList),
});

export const ruleIdForm = z.object({ ruleId: recordId("Rule not found") });

/** 'Select Date Range': both dates, the spec's words when one is missing; the range inclusive. */
export const BOTH_DATES_NEEDED = "Please select both start and end dates";
export const slotRangeQuery = z
  .object({ from: z.iso.date(BOTH_DATES_NEEDED), to: z.iso.date(BOTH_DATES_NEEDED) })
  .refine((range) => range.to >= range.from, { message: "The end date must not be before the start date.", path: ["to"] });

export const toggleRuleForm = ruleIdForm.extend({ isActive: z.enum(["true", "false"]).transform((value) => value === "true") });

export const blockedIdForm = z.object({ blockedId: recordId("Blocked date not found") });
