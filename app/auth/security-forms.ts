import { personName } from "~/forms/text-field";
import { z } from "~/forms/zod";

// The Security tab's forms (Settings › Security), one schema each, read by the page and its action.

/** The Security tab, where two-factor sign-in is set up; the one admin page open to an admin who must still enrol. */
export const SECURITY_SETTINGS_PATH = "/admin/settings/security";

export const SESSION_TIMEOUT_LIMITS = { min: 1, max: 1440 } as const;

export const securitySettingsSchema = z.object({
  // A checkbox: present ("on") when ticked, absent when not.
  require2fa: z.literal("on").optional().transform((value) => value === "on"),
  sessionTimeoutMinutes: z.coerce
    .number("Enter the session timeout in minutes")
    .int("Enter a whole number of minutes")
    .min(SESSION_TIMEOUT_LIMITS.min, `Use at least ${SESSION_TIMEOUT_LIMITS.min} minute`)
    .max(SESSION_TIMEOUT_LIMITS.max, `Use at most ${SESSION_TIMEOUT_LIMITS.max} minutes (24 hours)`),
});

const password = z.string().min(1, "Enter your current password").max(128);
const authenticatorCode = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

export const startTwoFactorSchema = z.object({ password });
export const confirmTwoFactorSchema = z.object({ code: authenticatorCode });
export const disableTwoFactorSchema = z.object({ password, code: authenticatorCode });

const email = z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address");

export const inviteAdminSchema = z.object({ name: personName("Full Name is required"), email });

/** better-auth's user ids: 32 random letters and digits. */
export const adminUserSchema = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Admin not found") });

export const changePasswordSchema = z
  .object({
    currentPassword: password,
    newPassword: z.string().min(8, "Use at least 8 characters").max(128, "Use at most 128 characters"),
    confirmPassword: z.string().max(128),
  })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" })
  .refine((input) => input.newPassword !== input.currentPassword, { path: ["newPassword"], message: "Choose a password different from the current one" });

/** "Confirm it's you" before a download that hands over everything: the code is asked when two-factor is on. */
export const confirmIdentitySchema = z.object({
  password,
  code: z
    .string()
    .optional()
    .transform((value) => value?.replace(/\s+/g, "") || undefined)
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app").optional()),
  returnTo: z.string().max(500).optional(),
});
