import { signature, type DefaultEmailTemplate } from "./default-template-parts";

/** The e-mails of signing in: an admin's invitation, a paused sign-in, a change of the admins, the client portal's link. */
export const ACCOUNT_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  // Sign-in. Variables: {{FirstName}}, {{CompanyName}}, {{InvitedBy}}, {{InvitationLink}}, {{ValidUntil}}, {{SignInLink}}, {{AdminChange}}.
  {
    key: "admin_invitation",
    name: "Admin invitation",
    subject: "{{InvitedBy}} invited you to the {{CompanyName}} back-office",
    preheader: "Open the link and choose a password to accept.",
    bodyText: `Hi {{FirstName}},

{{InvitedBy}} invited you to work in the {{CompanyName}} back-office as an admin. To accept, open this link and choose a new password:

{{InvitationLink}}

The link works once, until {{ValidUntil}}. If you already have an account with this address, the new password replaces the old one and signs your account out everywhere else.

Not expecting this? Ignore this e-mail: nothing changes unless the link is opened and a password chosen.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>{{InvitedBy}} invited you to work in the {{CompanyName}} back-office as an admin. To accept, open this link and choose a new password:</p>
<p><a href="{{InvitationLink}}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Accept the invitation</a></p>
<p style="font-size:13px;color:#52606d">Or open this link: {{InvitationLink}}<br>It works once, until {{ValidUntil}}. If you already have an account with this address, the new password replaces the old one and signs your account out everywhere else.</p>
<p>Not expecting this? Ignore this e-mail: nothing changes unless the link is opened and a password chosen.</p>
${signature.html}`,
  },
  {
    key: "sign_in_paused",
    name: "Sign-in paused (wrong passwords for an account)",
    subject: "Sign-ins to your {{CompanyName}} account are paused for 15 minutes",
    preheader: "Several wrong passwords were tried for your address.",
    bodyText: `Hi {{FirstName}},

Several wrong passwords were just tried for your account at {{CompanyName}}. To keep it safe, signing in from new browsers is paused for 15 minutes.

If it was you, wait a little, or sign in from a browser you have signed in with before: it is not paused.

If it was not you, nobody got in. A long password you use nowhere else keeps it that way; you can change yours under Settings, Security.

Sign in: {{SignInLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Several wrong passwords were just tried for your account at {{CompanyName}}. To keep it safe, signing in from new browsers is paused for 15 minutes.</p>
<p>If it was you, wait a little, or sign in from a browser you have signed in with before: it is not paused.</p>
<p>If it was not you, nobody got in. A long password you use nowhere else keeps it that way; you can change yours under Settings, Security.</p>
<p><a href="{{SignInLink}}">Sign in</a></p>
${signature.html}`,
  },
  {
    key: "admin_team_changed",
    name: "Admins changed (to every admin)",
    subject: "{{CompanyName}} back-office: {{AdminChange}}",
    preheader: "Every admin is told when an admin is invited, added or removed.",
    bodyText: `Hi {{FirstName}},

{{AdminChange}}.

Every admin of the {{CompanyName}} back-office is told when an admin is invited, added or removed. If you did not expect this, sign in and look at Settings, Security: remove anyone who should not be an admin, and sign out everywhere an account you think someone else has used.

Sign in: {{SignInLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p><strong>{{AdminChange}}.</strong></p>
<p>Every admin of the {{CompanyName}} back-office is told when an admin is invited, added or removed. If you did not expect this, sign in and look at Settings, Security: remove anyone who should not be an admin, and sign out everywhere an account you think someone else has used.</p>
<p><a href="{{SignInLink}}">Sign in</a></p>
${signature.html}`,
  },
  // The client portal. Variables: {{FirstName}}, {{CompanyName}}, {{PortalSignInLink}}, {{ValidUntil}}, {{PortalLink}}.
  {
    key: "portal_sign_in",
    name: "Client portal sign-in link",
    subject: "Your sign-in link to the {{CompanyName}} client portal",
    preheader: "Your projects, invoices, calls and messages in one place.",
    bodyText: `Hi {{FirstName}},

Here is your link into your client portal, where your projects, invoices, calls and our messages are in one place:

{{PortalSignInLink}}

It works once, until {{ValidUntil}}. After that, ask for a new one with your e-mail address at {{PortalLink}}.

Not expecting this? Ignore this e-mail: nobody signs in without opening the link.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Here is your link into your client portal, where your projects, invoices, calls and our messages are in one place:</p>
<p><a href="{{PortalSignInLink}}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Open your client portal</a></p>
<p style="font-size:13px;color:#52606d">Or open this link: {{PortalSignInLink}}<br>It works once, until {{ValidUntil}}. After that, ask for a new one with your e-mail address at <a href="{{PortalLink}}">{{PortalLink}}</a>.</p>
<p>Not expecting this? Ignore this e-mail: nobody signs in without opening the link.</p>
${signature.html}`,
  },
];
