import type { EmailTemplateKey } from "./schema";

/** A system e-mail as it ships (default-templates.ts lists them all). */
export type DefaultEmailTemplate = {
  key: EmailTemplateKey;
  name: string;
  subject: string;
  preheader: string;
  bodyText: string;
  bodyHtml: string;
};

/** The agency's sign-off, at the end of every e-mail to a lead or client. */
export const signature = {
  text: "Warmly,\nThe twins at {{CompanyName}}\nDallas-Fort Worth, Texas",
  html: "<p>Warmly,<br>The twins at {{CompanyName}}<br>Dallas-Fort Worth, Texas</p>",
};
