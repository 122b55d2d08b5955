import { recordId } from "~/forms/record-id";
import { z } from "~/forms/zod";

/** 'Mark paid' / 'Mark unpaid' on /admin/referrals. */
export const referralPaidSchema = z.object({
  referralId: recordId("Referral not found"),
  paid: z.enum(["true", "false"], { error: "Choose paid or unpaid" }).transform((value) => value === "true"),
});
