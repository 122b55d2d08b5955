import { answerForm, parseForm } from "~/forms/form-action.server";
import { redirectWithToast } from "~/forms/flash.server";
import {
  adminUserSchema,
  changePasswordSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  inviteAdminSchema,
  SECURITY_SETTINGS_PATH,
  securitySettingsSchema,
  startTwoFactorSchema,
} from "./security-forms";
import {
  changeOwnPassword,
  confirmTwoFactor,
  disableTwoFactor,
  inviteAdminByEmail,
  revokeAdminRoleOf,
  saveSecuritySettings,
  signOutEverywhere,
  startTwoFactor,
  type SecurityActor,
} from "./security.server";

const here = SECURITY_SETTINGS_PATH;

/** Settings › Security: one intent per form of the tab, each one service call. */
export async function handleSecurityAction(actor: SecurityActor) {
  return answerForm(actor.request, {
    "save-settings": async (form) => {
      await saveSecuritySettings(actor, parseForm(securitySettingsSchema, form));
      return redirectWithToast(here, { type: "success", title: "Settings saved successfully" });
    },
    // Stays on the page: the secret, its QR code and the recovery codes are shown this once.
    "start-two-factor": async (form) => {
      const { password } = parseForm(startTwoFactorSchema, form);
      return { ok: true as const, intent: "start-two-factor", enrolment: await startTwoFactor(actor, password) };
    },
    "confirm-two-factor": async (form) => {
      const headers = await confirmTwoFactor(actor, parseForm(confirmTwoFactorSchema, form).code);
      return redirectWithToast(here, { type: "success", title: "Two-factor sign-in is on" }, { headers });
    },
    "disable-two-factor": async (form) => {
      const headers = await disableTwoFactor(actor, parseForm(disableTwoFactorSchema, form));
      return redirectWithToast(here, { type: "success", title: "Two-factor sign-in is off" }, { headers });
    },
    "invite-admin": async (form) => {
      const email = await inviteAdminByEmail(actor, parseForm(inviteAdminSchema, form));
      return redirectWithToast(here, {
        type: "success",
        title: "Invitation sent",
        description: `${email} is an admin once they open the e-mailed link and choose a password.`,
      });
    },
    "revoke-admin": async (form) => {
      const email = await revokeAdminRoleOf(actor, parseForm(adminUserSchema, form).userId);
      return redirectWithToast(here, { type: "success", title: "Admin removed", description: `${email} is no longer an admin.` });
    },
    "sign-out-everywhere": async (form) => {
      const ended = await signOutEverywhere(actor, parseForm(adminUserSchema, form).userId);
      return redirectWithToast(here, { type: "success", title: "Signed out everywhere", description: `${ended} session(s) ended.` });
    },
    "change-password": async (form) => {
      const headers = await changeOwnPassword(actor, parseForm(changePasswordSchema, form));
      return redirectWithToast(here, { type: "success", title: "Password changed", description: "Your other sessions were signed out." }, { headers });
    },
  });
}
