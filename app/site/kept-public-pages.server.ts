import type { NextFunction, Request, Response } from "express";
import { bookingPageCache } from "~/booking/booking-page-cache.server";
import { keptDocumentOf, sendKeptDocument } from "~/booking/kept-document.server";
import { carriesCampaignTouch } from "~/attribution/attribution-cookie.server";
import { carriesFlashToast } from "~/forms/flash.server";

/**
 * The public pages whose document is the same for every visitor, kept like the booking page
 * (decision 037): the home page, How It Works, Packages, the portfolio and each project, About and
 * Thank You. Not the contact and inquiry pages, whose forms carry a one-time key per visit
 * (decision 028), nor the unsubscribe pages (one per address).
 */
export const KEPT_PUBLIC_PATHS = ["/", "/how-it-works", "/packages", "/portfolio", "/portfolio/:itemId", "/about", "/thank-you"];

/** Renders the public page at `path` as React Router answers it, for no visitor in particular (no nonce, no cookie). */
export type RenderPublicPage = (path: string) => Promise<globalThis.Response>;

/**
 * Express handler for GET on KEPT_PUBLIC_PATHS, behind the request stack and in front of React
 * Router: answers with the kept document (synchronously when there is one), keeps it when there
 * is none, and passes to React Router whatever is not kept (a query string, which may set the
 * first-touch cookie; a pending toast; a visitor who came through a campaign, whose pages state its
 * promo days; the cache not listening; anything but a plain 200 page).
 */
export function serveKeptPublicPages(render: RenderPublicPage) {
  return function keptPublicPage(request: Request, response: Response, next: NextFunction): void {
    const cookie = request.headers.cookie;
    if (request.url.includes("?") || carriesFlashToast(cookie) || carriesCampaignTouch(cookie)) return next();
    const cache = bookingPageCache();
    const path = request.path;
    const kept = cache.keptPublicPage(path);
    if (kept) return sendKeptDocument(request, response, kept);
    if (kept === null) return next();
    cache
      .publicPage(path, async () => keptDocumentOf(await render(path)))
      .then((document) => (document ? sendKeptDocument(request, response, document) : next()), next);
  };
}
