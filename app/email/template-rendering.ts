/**
 * Fills {{Variable}} placeholders of an e-mail template. Pure: used by the outbox
 * when it writes a message, and by the template editor's preview.
 */
export type TemplateVariables = Record<string, string | number | null | undefined>;

export type EmailTemplateText = { subject: string; bodyText: string; bodyHtml: string; preheader?: string | null };

export type RenderedEmail = { subject: string; text: string; html: string };

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * Filled when the message is sent, not when it is queued: the link is signed with the outbox
 * row's id (unsubscribe-footer.ts). Left in place here unless a value is given (the preview's sample).
 */
const FILLED_AT_SEND = "UnsubscribeLink";

/**
 * A variable without a value (a lead with no phone) renders empty: a message never goes out with a
 * raw `{{…}}` in it. Typos never get this far: saving a template refuses an unknown or broken
 * placeholder (template-checks.ts).
 */
export function fillPlaceholders(template: string, variables: TemplateVariables, encode: (value: string) => string): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined || value === null) return name === FILLED_AT_SEND ? whole : "";
    return encode(String(value));
  });
}

/** A value in HTML: escaped, its line breaks kept (a note typed on several lines). */
function htmlValue(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

/** A subject is a mail header: line breaks in a value must never start a new header. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ");
}

/**
 * The closing line of a client's mail (invoices, bookings) while the client portal is on: the
 * sender passes the portal's address, so an admin's edits of the template cannot drop it and
 * switching the portal off removes it from every message at once (decision 033).
 */
export const PORTAL_LINE = "Your projects, invoices, calls and our messages are all in one place, your client portal:";

function portalLine(link: string): { text: string; html: string } {
  return {
    text: `${PORTAL_LINE} ${link}`,
    html: `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e5e7eb;font-size:14px;color:#52606d">${escapeHtml(PORTAL_LINE)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

/**
 * The 'Pay now' of an invoice's mail while card payments are on (decision 047): a button to the
 * invoice's page, where the client pays. Added by the sender like the portal's line, so an admin's
 * edits of the template cannot drop it and turning card payments off removes it everywhere at once.
 */
export const PAY_NOW_LINE = "Pay the balance by card on your invoice's page:";

function payNowBlock(link: string): { text: string; html: string } {
  return {
    text: `Pay now by card: ${link}`,
    html: `<p style="margin:24px 0 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Pay now</a><br><span style="font-size:13px;color:#52606d">${escapeHtml(PAY_NOW_LINE)} ${escapeHtml(link)}</span></p>`,
  };
}

/**
 * `footer`: who sends it and where they are (Settings › Organization: company name and address),
 * under every message, as the law of most places asks of business e-mail. `portalLink`: the
 * client portal's address, for the line that points a client to it. `payNowLink`: the invoice's
 * page, for its 'Pay now' button.
 */
export function renderEmailTemplate(
  template: EmailTemplateText,
  variables: TemplateVariables,
  footer?: string,
  { portalLink, payNowLink }: { portalLink?: string | null; payNowLink?: string | null } = {},
): RenderedEmail {
  const subject = oneLine(fillPlaceholders(template.subject, variables, (value) => value)).trim();
  const closing = [payNowLink ? payNowBlock(payNowLink) : null, portalLink ? portalLine(portalLink) : null].filter((block) => block !== null);
  // A paragraph that held only an empty variable (a proposal without a personal note) leaves no gap.
  const filledText = fillPlaceholders(template.bodyText, variables, (value) => value).replace(/\n{3,}/g, "\n\n");
  const body = closing.length > 0 ? [filledText.trimEnd(), ...closing.map((block) => block.text)].join("\n\n") : filledText;
  const text = footer ? `${body}\n\n--\n${footer}` : body;
  const filledHtml = fillPlaceholders(template.bodyHtml, variables, htmlValue).replace(/<p>\s*<\/p>\n?/g, "");
  const bodyHtml = [filledHtml, ...closing.map((block) => block.html)].join("\n");
  // The preheader is plain text typed in the editor: escaped whole, its values too.
  const preheader = template.preheader ? fillPlaceholders(escapeHtml(template.preheader), variables, escapeHtml) : "";
  return { subject, text, html: wrapHtml(subject, preheader, bodyHtml, footer) };
}

/** The footer line of an organization: its name and postal address, each line kept. */
export function organizationFooter(companyName: string | null, address: string | null): string | undefined {
  const lines = [companyName, address].map((line) => line?.trim()).filter((line): line is string => Boolean(line));
  return lines.length > 0 ? lines.join("\n") : undefined;
}

function wrapHtml(subject: string, preheader: string, body: string, footer?: string): string {
  const hiddenPreheader = preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
${hiddenPreheader}<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>${footer ? `\n<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b7280;text-align:center">${escapeHtml(footer).replace(/\r?\n/g, "<br>")}</p>` : ""}</body></html>`;
}
