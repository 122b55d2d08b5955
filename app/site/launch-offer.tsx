import * as React from "react";
import { launchOfferPrices } from "~/organization/tier-catalog";

/**
 * The launch offer as the public site states it: its price and the regular one (the tier catalog,
 * Settings), and how long a code claimed now lasts (the visitor's campaign's days when the page
 * knows they came through one, the Promos setting's otherwise). The site layout's loader reads it
 * once (./launch-offer.server.ts) and every header, page, popup and form on the site says these
 * numbers from here, never as fixed text, so the words follow the rule they state.
 */
export type LaunchOffer = { tierName: string; promoPrice: string; regularPrice: string; promoDays: number };

const LaunchOfferContext = React.createContext<LaunchOffer | null>(null);

/** Given by the site layout around every public page. */
export const LaunchOfferProvider = LaunchOfferContext.Provider;

export function useLaunchOffer(): LaunchOffer {
  const offer = React.useContext(LaunchOfferContext);
  if (!offer) throw new Error("The launch offer is read inside the site layout (LaunchOfferProvider).");
  return offer;
}

/** "7 days", "1 day". */
export function daysText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

type MatchLike = { data?: unknown; loaderData?: unknown } | undefined;

/** The site layout's offer prices, for a page's meta function (which has no hooks); the shipped catalog's before any is read. */
export function launchOfferPricesFrom(matches: readonly MatchLike[]): Pick<LaunchOffer, "tierName" | "promoPrice" | "regularPrice"> {
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { offer?: LaunchOffer } | undefined;
    if (data?.offer) return data.offer;
  }
  return launchOfferPrices([]);
}
