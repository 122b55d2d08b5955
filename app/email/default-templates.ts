import type { EmailTemplateKey } from "./schema";

/**
 * The system e-mails as they ship. Admins edit them in Templates; the seed
 * only inserts a key that is missing, so edits survive restarts.
 * Variables: {{FirstName}}, {{Tier}}, {{Offer}}, {{ExpiryDate}}, {{PromoCode}},
 * {{CompanyName}}, and for staff notifications {{LeadName}}, {{LeadEmail}},
 * {{LeadPhone}}, {{BusinessType}}, {{Message}}, {{Source}}. Values are HTML-escaped when rendered.
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

export const DEFAULT_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "promo_welcome",
    name: "Promo welcome (your $99 code)",
    subject: "Your $99 website code: {{PromoCode}}",
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
    preheader: "We'll get back to you within 24-48 hours.",
    bodyText: `Hi {{FirstName}},

Thank you for telling us about your business. We read every inquiry ourselves and will reply within 24-48 hours with next steps for {{Tier}}.

If you don't see our reply, please check your spam folder.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thank you for telling us about your business. We read every inquiry ourselves and will reply within 24-48 hours with next steps for <strong>{{Tier}}</strong>.</p>
<p>If you don't see our reply, please check your spam folder.</p>
${signature.html}`,
  },
  {
    key: "inquiry_confirmation_promo",
    name: "Inquiry confirmation ($99 offer)",
    subject: "Your $99 website is reserved, {{FirstName}}",
    preheader: "We'll be in touch within 24-48 hours to get started.",
    bodyText: `Hi {{FirstName}},

Great news: your request for our launch offer ({{Offer}}) is in. We'll reply within 24-48 hours to schedule a short discovery call and start on your site.

If you don't see our reply, please check your spam folder.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Great news: your request for our launch offer (<strong>{{Offer}}</strong>) is in. We'll reply within 24-48 hours to schedule a short discovery call and start on your site.</p>
<p>If you don't see our reply, please check your spam folder.</p>
${signature.html}`,
  },
  {
    key: "admin_notification",
    name: "New inquiry (to the agency)",
    subject: "New inquiry from {{LeadName}} ({{Tier}})",
    preheader: "{{LeadEmail}} wrote in from the website.",
    bodyText: `New inquiry from the website.

Name: {{LeadName}}
E-mail: {{LeadEmail}}
Phone: {{LeadPhone}}
Business type: {{BusinessType}}
Package: {{Tier}}
Source: {{Source}}

Message:
{{Message}}`,
    bodyHtml: `<p>New inquiry from the website.</p>
<table cellpadding="4">
<tr><td>Name</td><td>{{LeadName}}</td></tr>
<tr><td>E-mail</td><td>{{LeadEmail}}</td></tr>
<tr><td>Phone</td><td>{{LeadPhone}}</td></tr>
<tr><td>Business type</td><td>{{BusinessType}}</td></tr>
<tr><td>Package</td><td>{{Tier}}</td></tr>
<tr><td>Source</td><td>{{Source}}</td></tr>
</table>
<p><strong>Message</strong></p>
<p style="white-space:pre-wrap">{{Message}}</p>`,
  },
  {
    key: "contact_confirmation",
    name: "Contact message confirmation",
    subject: "Thanks for your message, {{FirstName}}",
    preheader: "We'll get back to you within 24-48 business hours.",
    bodyText: `Hi {{FirstName}},

Thanks for reaching out. Your message is with us, and we'll get back to you within 24-48 business hours.

If you don't see our reply, please check your spam folder.

${signature.text}`,
    bodyHtml: `<p>Hi {{FirstName}},</p>
<p>Thanks for reaching out. Your message is with us, and we'll get back to you within 24-48 business hours.</p>
<p>If you don't see our reply, please check your spam folder.</p>
${signature.html}`,
  },
  {
    key: "contact_notification",
    name: "New contact message (to the agency)",
    subject: "New message from {{LeadName}}",
    preheader: "{{LeadEmail}} wrote from the contact page.",
    bodyText: `New message from the contact page.

Name: {{LeadName}}
E-mail: {{LeadEmail}}
Phone: {{LeadPhone}}
Business type: {{BusinessType}}

Message:
{{Message}}`,
    bodyHtml: `<p>New message from the contact page.</p>
<table cellpadding="4">
<tr><td>Name</td><td>{{LeadName}}</td></tr>
<tr><td>E-mail</td><td>{{LeadEmail}}</td></tr>
<tr><td>Phone</td><td>{{LeadPhone}}</td></tr>
<tr><td>Business type</td><td>{{BusinessType}}</td></tr>
</table>
<p><strong>Message</strong></p>
<p style="white-space:pre-wrap">{{Message}}</p>`,
  },
];
