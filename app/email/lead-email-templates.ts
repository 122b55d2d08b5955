import { REPLY_WITHIN, REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";
import { signature, type DefaultEmailTemplate } from "./default-template-parts";

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

/** The e-mails of a visitor's forms: the promo code, the inquiry and contact confirmations, and the agency's notifications of them. */
export const LEAD_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
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
];
