/**
 * What the logs must not carry, taken out of what they do: the tokens that open a booking, an
 * invoice or an unsubscribe link (whoever reads the logs could use them), and whole e-mail
 * addresses (personal data). Passwords, cookies and tokens in logged objects are removed by the
 * logger's own redaction (logger.server.ts).
 */

/** Paths whose segment after the prefix is a secret token (app/routes.ts: booking, invoice, unsubscribe, admin invitation and client portal sign-in links, calendar feeds; better-auth's reset link). */
const TOKEN_PATHS = /^(\/(?:booking|invoice|unsubscribe|auth\/invitation|api\/auth\/reset-password|portal\/sign-in|calendar)\/)([^/]+?)(\.data)?(?=\/|$)/;

/**
 * The path to log: the URL's path without its query (a query may carry a token or an address:
 * better-auth's e-mail links do), with a token segment replaced by `***`.
 */
export function redactedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return path.replace(TOKEN_PATHS, (_whole, prefix: string, _token: string, data: string | undefined) => `${prefix}***${data ?? ""}`);
}

const EMAIL_ADDRESS = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/**
 * Every e-mail address in a text masked (an SMTP error names its recipient): `jane.doe@example.com`
 * → `j***@example.com`, enough to tell addresses apart at a glance, not to write to one.
 */
export function maskEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, "$1***@$2");
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * The proxy's request id when it is one (short, plain characters: nothing that could break the
 * header it is echoed in, or a log line), else undefined and the app makes its own.
 */
export function requestIdFrom(header: string | undefined): string | undefined {
  return header !== undefined && SANE_REQUEST_ID.test(header) ? header : undefined;
}
