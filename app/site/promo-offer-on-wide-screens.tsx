import { useEffect } from "react";
import { onDemand, useOnDemand } from "~/ui/on-demand";
import { POPUP_SCREEN_QUERY } from "./promo-offer-state";

const promoOffer = onDemand<{ popupDelayMs: number }>(() => import("./promo-offer"));

/**
 * The $99 popup and sticky button, whose code loads only on a screen wide enough for them (a
 * phone never shows either, so its first load carries none of it), right after the app starts,
 * or when a window grows that wide. `popupDelayMs`: the popup's delay after the page's load (Settings). Neither is rendered on the server, so nothing is hydrated.
 */
export function PromoOfferOnWideScreens({ popupDelayMs }: { popupDelayMs: number }) {
  const [PromoOffer, load] = useOnDemand(promoOffer);
  useEffect(() => {
    const wideScreen = window.matchMedia(POPUP_SCREEN_QUERY);
    const loadWhenWide = () => {
      if (wideScreen.matches) load();
    };
    loadWhenWide();
    wideScreen.addEventListener("change", loadWhenWide);
    return () => wideScreen.removeEventListener("change", loadWhenWide);
  }, [load]);
  return PromoOffer ? <PromoOffer popupDelayMs={popupDelayMs} /> : null;
}
