import { escapeHtml } from "./template-rendering";

/**
 * The visible unsubscribe link of an e-mail. Pure: the outbox applies it when it writes a message.
 * A template that places `{{UnsubscribeLink}}` itself gets the link there; marketing mail whose
 * template has no such place gets a footer, in the HTML and in the text part alike.
 */
const PLACEHOLDER = /\{\{\s*UnsubscribeLink\s*\}\}/;
const EVERY_PLACEHOLDER = new RegExp(PLACEHOLDER.source, "g");

/** Until Settings offers its own text, the line the footer says before the link. */
export const DEFAULT_UNSUBSCRIBE_FOOTER = "You are receiving this e-mail because you were in touch with us about a website.";

export function hasUnsubscribePlaceholder(body: { html: string; text: string }): boolean {
  return PLACEHOLDER.test(body.html) || PLACEHOLDER.test(body.text);
}

export function withUnsubscribeLink(
  body: { html: string; text: string },
  url: string,
  { footer, footerText = DEFAULT_UNSUBSCRIBE_FOOTER }: { footer: boolean; footerText?: string },
): { html: string; text: string } {
  const placedInHtml = PLACEHOLDER.test(body.html);
  const placedInText = PLACEHOLDER.test(body.text);
  // Functions, not strings: a `$` in the link must not act as a replacement pattern.
  let html = body.html.replace(EVERY_PLACEHOLDER, () => escapeHtml(url));
  let text = body.text.replace(EVERY_PLACEHOLDER, () => url);
  if (footer && !placedInHtml) html = appendHtmlFooter(html, footerText, url);
  if (footer && !placedInText) text = `${text.trimEnd()}\n\n--\n${footerText}\nUnsubscribe: ${url}\n`;
  return { html, text };
}

function appendHtmlFooter(html: string, footerText: string, url: string): string {
  const footer = `<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#52606d;text-align:center">${escapeHtml(footerText)} <a href="${escapeHtml(url)}" style="color:#52606d;text-decoration:underline">Unsubscribe</a></p>\n`;
  const end = html.lastIndexOf("</body>");
  return end === -1 ? `${html}\n${footer}` : `${html.slice(0, end)}${footer}${html.slice(end)}`;
}
