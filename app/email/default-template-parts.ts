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

/**
 * One part of a system e-mail's body, as its text part and its HTML part each say it. A part is
 * written once and both are made from it, so the two cannot drift apart; where they say it in
 * other words (a link's words in HTML, its address in text), the part is written as the two.
 */
export type BodyPart = { text: string; html: string };

/** The style of small print (a note under a button, a reference beside a link). */
export const SMALL_PRINT = "font-size:13px;color:#52606d";
const BUTTON = "display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none";

/** Words with their marks: `**words**` bold in HTML, `<{{Link}}>` a link to itself in HTML; both plain in text. */
function marked(words: string): BodyPart {
  return {
    text: words.replace(/\*\*(.+?)\*\*/g, "$1").replace(/<(\{\{\w+\}\})>/g, "$1"),
    html: words.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>").replace(/<(\{\{\w+\}\})>/g, '<a href="$1">$1</a>'),
  };
}

/** A paragraph (see `marked` for its marks). */
export function paragraph(words: string): BodyPart {
  const { text, html } = marked(words);
  return { text, html: `<p>${html}</p>` };
}

/** A label and its value a line ("Total: {{Total}}"), the labels bold in HTML. */
export function facts(lines: readonly (readonly [label: string, value: string])[]): BodyPart {
  return {
    text: lines.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html: `<p>${lines.map(([label, value]) => `<strong>${label}:</strong> ${value}`).join("<br>")}</p>`,
  };
}

/** The e-mail's one action: a button in HTML with the address written out under it, then a note; in text, the address then the note. */
export function button(label: string, link: string, note: string | BodyPart): BodyPart {
  const { text, html } = typeof note === "string" ? marked(note) : note;
  return {
    text: `${link}\n\n${text}`,
    html: `<p><a href="${link}" style="${BUTTON}">${label}</a></p>\n<p style="${SMALL_PRINT}">Or open this link: ${link}<br>${html}</p>`,
  };
}

/** A link on its own line: its words linked in HTML, the words then the address in text. */
export function link(words: string, address: string): BodyPart {
  return { text: `${words}: ${address}`, html: `<p><a href="${address}">${words}</a></p>` };
}

/** A code the reader types in (a promo code), large in HTML. */
export function code(value: string): BodyPart {
  return { text: value, html: `<p style="font-size:22px;font-weight:bold;letter-spacing:1px">${value}</p>` };
}

/** What someone wrote or chose, its lines kept. */
export function preformatted(value: string): BodyPart {
  return { text: value, html: `<p style="white-space:pre-wrap">${value}</p>` };
}

/** Small print (a document's fingerprint). */
export function smallPrint(words: string): BodyPart {
  return { text: words, html: `<p style="${SMALL_PRINT}">${words}</p>` };
}

/** A body from its parts: in text a blank line between them, in HTML a line break. */
export function emailBody(...parts: BodyPart[]): Pick<DefaultEmailTemplate, "bodyText" | "bodyHtml"> {
  return { bodyText: parts.map((part) => part.text).join("\n\n"), bodyHtml: parts.map((part) => part.html).join("\n") };
}

/** The agency's sign-off, at the end of every e-mail to a lead or client. */
export const signature: BodyPart = {
  text: "Warmly,\nThe twins at {{CompanyName}}\nDallas-Fort Worth, Texas",
  html: "<p>Warmly,<br>The twins at {{CompanyName}}<br>Dallas-Fort Worth, Texas</p>",
};

/** An e-mail to a lead or client: greeted by first name, signed by the agency. */
export function letter(...parts: BodyPart[]): Pick<DefaultEmailTemplate, "bodyText" | "bodyHtml"> {
  return emailBody(paragraph("Hi {{FirstName}},"), ...parts, signature);
}
