/** The address of the page a request is for, its query kept: where its action answers, or sign-in brings the admin back. */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
