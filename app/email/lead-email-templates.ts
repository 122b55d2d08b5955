import { REPLY_WITHIN, REPLY_WITHIN_BUSINESS_HOURS } from "~/organization/reply-promise";
import { code, emailBody, letter, paragraph, preformatted, type DefaultEmailTemplate } from "./default-template-parts";

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
  return emailBody(
    paragraph(intro),
    {
      text: fields.map(([label, variable]) => `${label}: {{${variable}}}`).join("\n"),
      html: `<table cellpadding="4">\n${fields.map(([label, variable]) => `<tr><td>${label}</td><td>{{${variable}}}</td></tr>`).join("\n")}\n</table>`,
    },
    { text: "Message:\n{{Message}}", html: `<p><strong>Message</strong></p>\n${preformatted("{{Message}}").html}` },
  );
}

const checkSpamFolder = paragraph("If you don't see our reply, please check your spam folder.");

/** The e-mails of a visitor's forms: the promo code, the inquiry and contact confirmations, and the agency's notifications of them. */
export const LEAD_EMAIL_TEMPLATES: DefaultEmailTemplate[] = [
  {
    key: "promo_welcome",
    name: "Promo welcome (your $99 code)",
    subject: "Your {{PromoPrice}} website code: {{PromoCode}}",
    preheader: "Your launch price is reserved until {{ExpiryDate}}.",
    ...letter(
      paragraph("Thank you for claiming our launch offer! Your code is:"),
      code("{{PromoCode}}"),
      paragraph(
        "It takes **{{Offer}}** and is valid until **{{ExpiryDate}}**. Reply to this e-mail or send us an inquiry with your code, and we will set up a short discovery call to plan your site.",
      ),
    ),
  },
  {
    key: "inquiry_confirmation",
    name: "Inquiry confirmation",
    subject: "We received your inquiry, {{FirstName}}",
    preheader: `We'll get back to you within ${REPLY_WITHIN}.`,
    ...letter(
      paragraph(`Thank you for telling us about your business. We read every inquiry ourselves and will reply within ${REPLY_WITHIN} with next steps for **{{Tier}}**.`),
      checkSpamFolder,
    ),
  },
  {
    key: "inquiry_confirmation_promo",
    name: "Inquiry confirmation ($99 offer)",
    subject: "Your {{PromoPrice}} website is reserved, {{FirstName}}",
    preheader: "Your code {{PromoCode}} is valid until {{ExpiryDate}}.",
    ...letter(
      paragraph("Great news: your request for our launch offer (**{{Offer}}**) is in. Your promo code is:"),
      code("{{PromoCode}}"),
      paragraph(`It is valid until **{{ExpiryDate}}**. We'll reply within ${REPLY_WITHIN} to schedule a short discovery call and start on your site.`),
      checkSpamFolder,
    ),
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
    ...letter(paragraph(`Thanks for reaching out. Your message is with us, and we'll get back to you within ${REPLY_WITHIN_BUSINESS_HOURS}.`), checkSpamFolder),
  },
  {
    key: "contact_notification",
    name: "New contact message (to the agency)",
    subject: "New message from {{LeadName}}",
    preheader: "{{LeadEmail}} wrote from the contact page.",
    ...staffNotification("New message from the contact page.", LEAD_FIELDS),
  },
];
