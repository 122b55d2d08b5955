import type { RenderedEmail, TemplateVariables } from "./template-rendering";
import { escapeHtml } from "./template-rendering";

/**
 * One-time links in a message (a portal sign-in link, an admin invitation), kept apart from its
 * text (issue 41): the outbox row every admin reads in the e-mail log, and every backup holds, has
 * a mask in each link's place; the links themselves wait beside it (`email_outbox.sealed`, mask →
 * link) and are put in only as the message is sent, then dropped once it is delivered or given up.
 * A stored message (no SMTP) therefore keeps no usable link. Pure.
 */
export type SealedLinks = Record<string, string>;

export const WITHHELD = "[one-time link withheld]";

/** A one-time link as the log shows it: its last path segment, the secret, withheld. */
export function maskOf(link: string): string {
  return link.replace(/[^/]*$/, WITHHELD);
}

/** The variables to render with each of `names` masked, and the links the masks stand for (null when there are none). */
export function sealLinks(variables: TemplateVariables, names: readonly string[]): { shown: TemplateVariables; sealed: SealedLinks | null } {
  const shown = { ...variables };
  const sealed: SealedLinks = {};
  for (const name of names) {
    const link = variables[name];
    if (typeof link !== "string" || link === "") continue;
    const mask = maskOf(link);
    if (mask in sealed) throw new Error(`Two one-time links of one message would share the mask ${mask}`);
    sealed[mask] = link;
    shown[name] = mask;
  }
  return { shown, sealed: Object.keys(sealed).length > 0 ? sealed : null };
}

/** The message as it goes out: each mask replaced by its link (HTML-escaped in the HTML). */
export function unsealed(message: RenderedEmail, sealed: SealedLinks | null): RenderedEmail {
  if (!sealed) return message;
  const fill = (text: string, encode: (link: string) => string) => Object.entries(sealed).reduce((filled, [mask, link]) => filled.replaceAll(mask, encode(link)), text);
  return { subject: fill(message.subject, (link) => link), text: fill(message.text, (link) => link), html: fill(message.html, escapeHtml) };
}

/** Whether a message's text had a one-time link withheld (its link is not kept once the message is delivered). */
export function carriesWithheldLink(message: Pick<RenderedEmail, "text" | "html">): boolean {
  return message.text.includes(WITHHELD) || message.html.includes(WITHHELD);
}
