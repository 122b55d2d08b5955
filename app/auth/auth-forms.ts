import { z } from "~/forms/zod";

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
  password: z.string().min(1, "Password is required").max(128),
  redirectTo: z.string().max(500).optional(),
});

export const secondFactorSchema = z.object({
  method: z.enum(["totp", "recovery"], "Choose an authenticator code or a recovery code"),
  code: z.string().trim().min(1, "Enter the code").max(64, "That code is too long"),
  redirectTo: z.string().max(500).optional(),
});

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "Full Name is required").max(120),
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
  password: z.string().min(8, "Use at least 8 characters").max(128),
});

/** Only paths inside the back-office may be returned to after sign-in (no open redirect). */
export function safeAdminReturnPath(redirectTo: string | undefined | null): string | null {
  if (!redirectTo) return null;
  if (!redirectTo.startsWith("/admin") || redirectTo.startsWith("//")) return null;
  return redirectTo;
}
