import { personName } from "~/forms/text-field";
import { z } from "~/forms/zod";

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
  password: z.string().min(1, "Password is required").max(128),
  returnTo: z.string().max(500).optional(),
});

export const secondFactorSchema = z.object({
  method: z.enum(["totp", "recovery"], "Choose an authenticator code or a recovery code"),
  code: z.string().trim().min(1, "Enter the code").max(64, "That code is too long"),
  returnTo: z.string().max(500).optional(),
});

export const signUpSchema = z.object({
  name: personName("Full Name is required"),
  email: z.string().trim().min(1, "Email is required").max(254).email("Enter a valid email address"),
  password: z.string().min(8, "Use at least 8 characters").max(128),
});

/** The admin invitation's page: the password the invited person chooses, twice. */
export const acceptInvitationSchema = z
  .object({
    password: z.string().min(8, "Use at least 8 characters").max(128, "Use at most 128 characters"),
    confirmPassword: z.string().max(128),
  })
  .refine((input) => input.password === input.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match" });

const ORIGIN = "http://back-office.invalid";

function unfitForLocation(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || character === "\\";
}

/**
 * Only paths inside the back-office may be returned to after sign-in (no open redirect), and only
 * as a `Location` can carry them: control characters (CR/LF), line and paragraph separators and
 * backslashes refuse the whole path; anything else outside plain ASCII is percent-encoded.
 */
export function safeAdminReturnPath(returnTo: string | undefined | null): string | null {
  if (!returnTo || !returnTo.startsWith("/admin") || [...returnTo].some(unfitForLocation)) return null;
  const url = new URL(returnTo, ORIGIN);
  if (url.origin !== ORIGIN || !/^\/admin(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
