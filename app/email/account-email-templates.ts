import { button, letter, link, paragraph, type DefaultEmailTemplate } from "./default-template-parts";

const signIn = link("Sign in", "{{SignInLink}}");

/** The e-mails of signing in: an admin's invitation, a paused sign-in, a change of the admins, the client portal's link. */
export const ACCOUNT_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  // Sign-in. Variables: {{FirstName}}, {{CompanyName}}, {{InvitedBy}}, {{InvitationLink}}, {{ValidUntil}}, {{SignInLink}}, {{AdminChange}}.
  {
    key: "admin_invitation",
    name: "Admin invitation",
    subject: "{{InvitedBy}} invited you to the {{CompanyName}} back-office",
    preheader: "Open the link and choose a password to accept.",
    ...letter(
      paragraph("{{InvitedBy}} invited you to work in the {{CompanyName}} back-office as an admin. To accept, open this link and choose a new password:"),
      button("Accept the invitation", "{{InvitationLink}}", {
        text: "The link works once, until {{ValidUntil}}. If you already have an account with this address, the new password replaces the old one and signs your account out everywhere else.",
        html: "It works once, until {{ValidUntil}}. If you already have an account with this address, the new password replaces the old one and signs your account out everywhere else.",
      }),
      paragraph("Not expecting this? Ignore this e-mail: nothing changes unless the link is opened and a password chosen."),
    ),
  },
  {
    key: "sign_in_paused",
    name: "Sign-in paused (wrong passwords for an account)",
    subject: "Sign-ins to your {{CompanyName}} account are paused for 15 minutes",
    preheader: "Several wrong passwords were tried for your address.",
    ...letter(
      paragraph("Several wrong passwords were just tried for your account at {{CompanyName}}. To keep it safe, signing in from new browsers is paused for 15 minutes."),
      paragraph("If it was you, wait a little, or sign in from a browser you have signed in with before: it is not paused."),
      paragraph("If it was not you, nobody got in. A long password you use nowhere else keeps it that way; you can change yours under Settings, Security."),
      signIn,
    ),
  },
  {
    key: "admin_team_changed",
    name: "Admins changed (to every admin)",
    subject: "{{CompanyName}} back-office: {{AdminChange}}",
    preheader: "Every admin is told when an admin is invited, added or removed.",
    ...letter(
      paragraph("**{{AdminChange}}.**"),
      paragraph(
        "Every admin of the {{CompanyName}} back-office is told when an admin is invited, added or removed. If you did not expect this, sign in and look at Settings, Security: remove anyone who should not be an admin, and sign out everywhere an account you think someone else has used.",
      ),
      signIn,
    ),
  },
  // The client portal. Variables: {{FirstName}}, {{CompanyName}}, {{PortalSignInLink}}, {{ValidUntil}}, {{PortalLink}}.
  {
    key: "portal_sign_in",
    name: "Client portal sign-in link",
    subject: "Your sign-in link to the {{CompanyName}} client portal",
    preheader: "Your projects, invoices, calls and messages in one place.",
    ...letter(
      paragraph("Here is your link into your client portal, where your projects, invoices, calls and our messages are in one place:"),
      button("Open your client portal", "{{PortalSignInLink}}", "It works once, until {{ValidUntil}}. After that, ask for a new one with your e-mail address at <{{PortalLink}}>."),
      paragraph("Not expecting this? Ignore this e-mail: nobody signs in without opening the link."),
    ),
  },
];
