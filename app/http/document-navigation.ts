/**
 * Whether a GET is a browser's navigation to a page (a link opened in a new tab, an address typed,
 * a reload): the answer is a document the visitor sees. Not React Router's own data request (the
 * `….data` fetch behind a client-side navigation or a revalidation, which the server notes in the
 * load context, since the loader sees the page's address without the suffix), nor a script's
 * fetch or another program's request. Browsers say so in `Sec-Fetch-Mode: navigate`; a client
 * that sends no Sec-Fetch headers is taken at its `Accept`.
 */
export function isDocumentNavigation(request: Request, context: { dataRequest?: boolean } | undefined): boolean {
  if (request.method !== "GET" || context?.dataRequest) return false;
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode !== null) return mode === "navigate";
  return /\btext\/html\b/i.test(request.headers.get("Accept") ?? "");
}
