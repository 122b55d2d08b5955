import { REPLY_WITHIN, REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";
import type { EmailTemplateKey } from "./schema";

/**
 * The system e-mails as they ship. Admins edit them in Templates; the seed inserts a key that is
 * missing and brings a template nobody has saved (still version 1) to the text shipped now, so an
 * improvement reaches every install while an admin's edits survive restarts and upgrades.
 * Variables: {{FirstName}}, {{Tier}}, {{Offer}}, {{PromoPrice}}, {{ExpiryDate}}, {{PromoCode}},
 * {{CompanyName}}, and for staff notifications {{LeadName}}, {{LeadEmail}},
 * {{LeadPhone}}, {{BusinessType}}, {{Message}}, {{Source}}. Values are HTML-escaped when rendered.
 * A number a setting governs is a variable ({{PromoPrice}}, {{ExpiryDate}}), never fixed text; the
 * reply promise is the one value of ~/organization/reply-promise.
 */
export type DefaultEmailTemplate = {
  key: EmailTemplateKey;
  name: string;
  subject: string;
  preheader: string;
  bodyText: string;
  bodyHtml: string;
};

const signature = {
  text: "Warmly,\nThe twins at {{CompanyName}}\nDallas-Fort Worth, Texas",
  html: "<p>Warmly,<br>The twins at {{CompanyName}}<br>Dallas-Fort Worth, Texas</p>",
};

/** What a staff notification lists of the person who wrote in: a label and its variable. */
type NotificationField = readonly [label: string, variable: string];

const LEAD_FIELDS: NotificationField[] = [
  ["Name", "LeadName"],
  ["E-mail", "LeadEmail"],
  ["Phone", "LeadPhone"],
  ["Business type", "BusinessType"],
];

/** A notification to the agency: what came in, the person's fields, then their message. */
function staffNotification(intro: string, fields: readonly NotificationField[]): Pick<DefaultEmailTemplate, "bodyText" | "bodyHtml"> {
  return {
    bodyText: `${intro}

${fields.map(([label, variable]) => `${label}: {{${variable}}}`).join("\n")}

Message:
{{Message}}`,
    bodyHtml: `<p>${intro}</p>
<table cellpadding="4">
${fields.map(([label, variable]) => `<tr><td>${label}</td><td>{{${variable}}}</td></tr>`).join("\n")}
</table>
<p><strong>Message</strong></p>
<p style="white-space:pre-wrap">{{Message}}</p>`,
  };
}

export const DEFAULT_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "promo_welcome",
    name: "Promo welcome (your $99 code)",
    subject: "Your {{PromoPrice}} website code: {{PromoCode}}",
    preheader: "Your launch price is reserved until {{ExpiryDate}}.",
    bodyText: `Hi {{FirstName}},

Thank you for claiming our launch offer! Your code is:

{{PromoCode}}

It takes {{Offer}} and is valid until {{ExpiryDate}}. Reply to this e-mail or send us an inquiry with your code, and we will set up a short discovery call to plan your site.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you for claiming our launch offer! Your code is:</p>
<p style="font-size:22px;font-weight:bold;letter-spacing:1px">{{PromoCode}}</p>
<p>It takes <strong>{{Offer}}</strong> and is valid until <strong>{{ExpiryDate}}</strong>. Reply to this e-mail or send us an inquiry with your code, and we will set up a short discovery call to plan your site.</p>
${signature.html}`,
  },
  {
    key: "inquiry_confirmation",
    name: "Inquiry confirmation",
    subject: "We received your inquiry, {{FirstName}}",
    preheader: `We'll get back to you within ${REPLY_WITHIN}.`,
    bodyText: `Hi {{FirstName}},

Thank you for telling us about your business. We read every inquiry ourselves and will reply within ${REPLY_WITHIN} with next steps for {{Tier}}.

If you don't see our reply, please check your spam folder.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you for telling us about your business. We read every inquiry ourselves and will reply within ${REPLY_WITHIN} with next steps for <strong>{{Tier}}</strong>.</p>
<p>If you don't see our reply, please check your spam folder.</p>
${signature.html}`,
  },
  {
    key: "inquiry_confirmation_promo",
    name: "Inquiry confirmation ($99 offer)",
    subject: "Your {{PromoPrice}} website is reserved, {{FirstName}}",
    preheader: "Your code {{PromoCode}} is valid until {{ExpiryDate}}.",
    bodyText: `Hi {{FirstName}},

Great news: your request for our launch offer ({{Offer}}) is in. Your promo code is:

{{PromoCode}}

It is valid until {{ExpiryDate}}. We'll reply within ${REPLY_WITHIN} to schedule a short discovery call and start on your site.

If you don't see our reply, please check your spam folder.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Great news: your request for our launch offer (<strong>{{Offer}}</strong>) is in. Your promo code is:</p>
<p style="font-size:22px;font-weight:bold;letter-spacing:1px">{{PromoCode}}</p>
<p>It is valid until <strong>{{ExpiryDate}}</strong>. We'll reply within ${REPLY_WITHIN} to schedule a short discovery call and start on your site.</p>
<p>If you don't see our reply, please check your spam folder.</p>
${signature.html}`,
  },
  {
    key: "admin_notification",
    name: "New inquiry (to the agency)",
    subject: "New inquiry from {{LeadName}} ({{Tier}})",
    preheader: "{{LeadEmail}} wrote in from the website.",
    ...staffNotification("New inquiry from the website.", [...LEAD_FIELDS, ["Package", "Tier"], ["Source", "Source"]]),
  },
  {
    key: "contact_confirmation",
    name: "Contact message confirmation",
    subject: "Thanks for your message, {{FirstName}}",
    preheader: `We'll get back to you within ${REPLY_WITHIN_BUSINESS_HOURS}.`,
    bodyText: `Hi {{FirstName}},

Thanks for reaching out. Your message is with us, and we'll get back to you within ${REPLY_WITHIN_BUSINESS_HOURS}.

If you don't see our reply, please check your spam folder.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thanks for reaching out. Your message is with us, and we'll get back to you within ${REPLY_WITHIN_BUSINESS_HOURS}.</p>
<p>If you don't see our reply, please check your spam folder.</p>
${signature.html}`,
  },
  {
    key: "contact_notification",
    name: "New contact message (to the agency)",
    subject: "New message from {{LeadName}}",
    preheader: "{{LeadEmail}} wrote from the contact page.",
    ...staffNotification("New message from the contact page.", LEAD_FIELDS),
  },
  // Consultation booking. Variables: {{FirstName}}, {{LeadName}}, {{LeadEmail}}, {{BookingLink}},
  // {{DaysAhead}}, {{When}} (date, time and zone), {{MeetingLink}}, {{ProposedTimes}}, {{CompanyName}}.
  {
    key: "booking_invitation",
    name: "Booking invitation",
    subject: "Book your free consultation with {{CompanyName}}",
    preheader: "Pick a time that suits you in the next {{DaysAhead}} days.",
    bodyText: `Hi {{FirstName}},

We'd love to talk about your website. Pick a time that suits you in the next {{DaysAhead}} days:

{{BookingLink}}

Times are shown in your own time zone.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>We'd love to talk about your website. Pick a time that suits you in the next {{DaysAhead}} days:</p>
<p><a href="{{BookingLink}}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Book Your Consultation</a></p>
<p style="font-size:13px;color:#52606d">Or open this link: {{BookingLink}}<br>Times are shown in your own time zone.</p>
${signature.html}`,
  },
  {
    key: "booking_received",
    name: "Booking received (to the visitor)",
    subject: "Your consultation is booked: {{When}}",
    preheader: "We'll confirm with a meeting link shortly.",
    bodyText: `Hi {{FirstName}},

Your consultation is booked for {{When}}. The calendar invitation is attached; we'll confirm with a meeting link shortly.

To reschedule or cancel, open your booking page: {{BookingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation is booked for <strong>{{When}}</strong>. The calendar invitation is attached; we'll confirm with a meeting link shortly.</p>
<p>To reschedule or cancel, open <a href="{{BookingLink}}">your booking page</a>.</p>
${signature.html}`,
  },
  {
    key: "booking_agency_notification",
    name: "New booking (to the agency)",
    subject: "New consultation booked: {{LeadName}}, {{When}}",
    preheader: "{{LeadEmail}} booked a consultation.",
    bodyText: `{{LeadName}} ({{LeadEmail}}) booked a consultation for {{When}}.

Confirm it with a meeting link in Consultation Bookings.`,
    bodyHtml: `<p><strong>{{LeadName}}</strong> ({{LeadEmail}}) booked a consultation for <strong>{{When}}</strong>.</p>
<p>Confirm it with a meeting link in Consultation Bookings.</p>`,
  },
  {
    key: "booking_confirmation",
    name: "Consultation confirmed (with meeting link)",
    subject: "Confirmed: your consultation on {{When}}",
    preheader: "Join with {{MeetingLink}}",
    bodyText: `Hi {{FirstName}},

Your consultation on {{When}} is confirmed.

Join here: {{MeetingLink}}

The updated calendar invitation is attached.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation on <strong>{{When}}</strong> is confirmed.</p>
<p>Join here: <a href="{{MeetingLink}}">{{MeetingLink}}</a></p>
<p>The updated calendar invitation is attached.</p>
${signature.html}`,
  },
  {
    key: "booking_time_change",
    name: "New times proposed",
    subject: "New times for your consultation",
    preheader: "Please pick one of the times we proposed.",
    bodyText: `Hi {{FirstName}},

We need to move your consultation. These times work for us:

{{ProposedTimes}}

Pick the one that suits you on your booking page: {{BookingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>We need to move your consultation. These times work for us:</p>
<p style="white-space:pre-wrap">{{ProposedTimes}}</p>
<p>Pick the one that suits you on <a href="{{BookingLink}}">your booking page</a>.</p>
${signature.html}`,
  },
  {
    key: "booking_rescheduled",
    name: "Consultation rescheduled",
    subject: "Rescheduled: your consultation is now {{When}}",
    preheader: "Your calendar invitation is updated.",
    bodyText: `Hi {{FirstName}},

Your consultation is now on {{When}}. The updated calendar invitation is attached.

Booking page: {{BookingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation is now on <strong>{{When}}</strong>. The updated calendar invitation is attached.</p>
<p><a href="{{BookingLink}}">Your booking page</a></p>
${signature.html}`,
  },
  {
    key: "booking_cancelled",
    name: "Consultation cancelled",
    subject: "Cancelled: your consultation on {{When}}",
    preheader: "The calendar event is removed.",
    bodyText: `Hi {{FirstName}},

Your consultation on {{When}} is cancelled. The attached update removes it from your calendar.

Want another time? Reply to this e-mail.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Your consultation on <strong>{{When}}</strong> is cancelled. The attached update removes it from your calendar.</p>
<p>Want another time? Reply to this e-mail.</p>
${signature.html}`,
  },
  {
    key: "booking_reminder",
    name: "Consultation reminder (24 hours before)",
    subject: "Reminder: your consultation is {{When}}",
    preheader: "See you tomorrow.",
    bodyText: `Hi {{FirstName}},

A reminder that your consultation is on {{When}}.

Join here: {{MeetingLink}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>A reminder that your consultation is on <strong>{{When}}</strong>.</p>
<p>Join here: <a href="{{MeetingLink}}">{{MeetingLink}}</a></p>
${signature.html}`,
  },
  {
    key: "consultation_notification",
    name: "Consultation details (sent from a client's page)",
    subject: "Your {{ConsultType}} consultation: {{When}}",
    preheader: "The details of your consultation with {{CompanyName}}.",
    bodyText: `Hi {{FirstName}},

Here are the details of your {{ConsultType}} consultation:

When: {{When}}
Status: {{Status}}
Join here: {{MeetingLink}}

{{Notes}}

Need a different time? Reply to this e-mail.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Here are the details of your {{ConsultType}} consultation:</p>
<p><strong>When:</strong> {{When}}<br><strong>Status:</strong> {{Status}}<br><strong>Join here:</strong> {{MeetingLink}}</p>
<p>{{Notes}}</p>
<p>Need a different time? Reply to this e-mail.</p>
${signature.html}`,
  },
  {
    key: "invoice",
    name: "Invoice (sent with its PDF)",
    subject: "Invoice {{InvoiceNumber}} from {{CompanyName}}",
    preheader: "{{Balance}} due by {{DueDate}}.",
    bodyText: `Hi {{FirstName}},

Thank you for working with us. Your invoice {{InvoiceNumber}} is attached as a PDF.

Total: {{Total}}
Balance due: {{Balance}}
Due date: {{DueDate}}

View it online and download the PDF: {{InvoiceLink}}

How to pay: {{PaymentInstruction}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you for working with us. Your invoice <strong>{{InvoiceNumber}}</strong> is attached as a PDF.</p>
<p><strong>Total:</strong> {{Total}}<br><strong>Balance due:</strong> {{Balance}}<br><strong>Due date:</strong> {{DueDate}}</p>
<p><a href="{{InvoiceLink}}">View your invoice online</a> (you can download the PDF there too).</p>
<p><strong>How to pay:</strong> {{PaymentInstruction}}</p>
${signature.html}`,
  },
  {
    key: "invoice_reminder",
    name: "Invoice reminder (before, on and after the due date)",
    subject: "Reminder: invoice {{InvoiceNumber}} {{DueWhen}}",
    preheader: "{{Balance}} is {{DueWhen}}.",
    bodyText: `Hi {{FirstName}},

A friendly reminder: invoice {{InvoiceNumber}} {{DueWhen}}. The balance is {{Balance}} (due date {{DueDate}}).

View it online and download the PDF: {{InvoiceLink}}

How to pay: {{PaymentInstruction}}

Already paid? Thank you, and please ignore this e-mail.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>A friendly reminder: invoice <strong>{{InvoiceNumber}}</strong> {{DueWhen}}. The balance is <strong>{{Balance}}</strong> (due date {{DueDate}}).</p>
<p><a href="{{InvoiceLink}}">View your invoice online</a></p>
<p><strong>How to pay:</strong> {{PaymentInstruction}}</p>
<p>Already paid? Thank you, and please ignore this e-mail.</p>
${signature.html}`,
  },
  // Card payments (decision 047), sent when Stripe's webhook records a payment.
  {
    key: "payment_receipt",
    name: "Payment receipt (card payment received)",
    subject: "Receipt: {{AmountPaid}} paid on invoice {{InvoiceNumber}}",
    preheader: "Thank you, we received your card payment.",
    bodyText: `Hi {{FirstName}},

Thank you! We received your card payment of {{AmountPaid}} for invoice {{InvoiceNumber}} on {{PaidOn}}.

Invoice total: {{Total}}
Balance due now: {{Balance}}

Your invoice: {{InvoiceLink}}
Payment reference: {{PaymentReference}}

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you! We received your card payment of <strong>{{AmountPaid}}</strong> for invoice <strong>{{InvoiceNumber}}</strong> on {{PaidOn}}.</p>
<p><strong>Invoice total:</strong> {{Total}}<br><strong>Balance due now:</strong> {{Balance}}</p>
<p><a href="{{InvoiceLink}}">View your invoice</a><br><span style="font-size:13px;color:#52606d">Payment reference: {{PaymentReference}}</span></p>
${signature.html}`,
  },
  {
    key: "payment_notification",
    name: "Card payment received (to the agency)",
    subject: "Card payment received: {{AmountPaid}} for {{InvoiceNumber}}",
    preheader: "{{ClientName}} paid by card through Stripe.",
    bodyText: `{{ClientName}} paid {{AmountPaid}} by card through Stripe for invoice {{InvoiceNumber}} on {{PaidOn}}. The balance is now {{Balance}}.

Stripe's reference: {{PaymentReference}}
Open the invoice: {{AdminInvoiceLink}}`,
    bodyHtml: `<p><strong>{{ClientName}}</strong> paid <strong>{{AmountPaid}}</strong> by card through Stripe for invoice <strong>{{InvoiceNumber}}</strong> on {{PaidOn}}. The balance is now {{Balance}}.</p>
<p>Stripe's reference: {{PaymentReference}}<br><a href="{{AdminInvoiceLink}}">Open the invoice</a></p>`,
  },
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
