import Gift from "lucide-react/icons/gift";
import { useCallback, useEffect, useState } from "react";
import type { PromoPlacement } from "~/leads/inquiry-form";
import { popupDueInMs } from "~/organization/promo-popup";
import { onDemand, useOnDemandDialog } from "~/ui/on-demand";
import {
  markPopupSeen,
  POPUP_SCREEN_QUERY,
  popupSeen,
  PROMO_CLAIMED_STORAGE_KEY,
  promoClaimed,
} from "./promo-offer-state";
import { useLaunchOffer } from "./launch-offer";

const promoDialog = onDemand(() => import("./promo-dialog"));

/**
 * Runs `run` `ms` after the page's load event, as the visitor counts (at once if that is already
 * past); returns the cancel. Where the browser does not say when the load event was (no
 * navigation timing), from now. Here rather than in ./promo-offer-state: a phone loads that at start.
 */
function afterPageLoad(ms: number, run: () => void): () => void {
  let timer: number | undefined;
  const start = () => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const sinceLoad = navigation && navigation.loadEventStart > 0 ? performance.now() - navigation.loadEventStart : 0;
    timer = window.setTimeout(run, popupDueInMs(ms, sinceLoad));
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  return () => {
    window.removeEventListener("load", start);
    window.clearTimeout(timer);
  };
}

/**
 * The site-wide launch offer (spec 000 §4): a popup `popupDelayMs` (Settings; 2 s) after load on screens at least 768 px
 * wide unless the seen-cookie exists (closing or claiming sets it for 7 days), and a sticky
 * 'Claim $99 Offer' button (the catalog's price) on wide screens until the visitor has claimed.
 * Loaded by `PromoOfferOnWideScreens`, on wide screens only.
 */
export default function PromoOffer({ popupDelayMs }: { popupDelayMs: number }) {
  const [placement, setPlacement] = useState<PromoPlacement | null>(null);
  const [showSticky, setShowSticky] = useState(false);
  const { promoPrice } = useLaunchOffer();
  const { Dialog: PromoDialog, open, setOpen, show, onCloseAutoFocus } = useOnDemandDialog(promoDialog);

  useEffect(() => {
    // Wide screens only: a phone does not even read the storage, whose first read costs it time.
    const wideScreen = window.matchMedia(POPUP_SCREEN_QUERY);
    const update = () => setShowSticky(wideScreen.matches && !promoClaimed());
    update();
    wideScreen.addEventListener("change", update);
    window.addEventListener(PROMO_CLAIMED_STORAGE_KEY, update);
    window.addEventListener("storage", update);
    return () => {
      wideScreen.removeEventListener("change", update);
      window.removeEventListener(PROMO_CLAIMED_STORAGE_KEY, update);
      window.removeEventListener("storage", update);
    };
  }, []);

  useEffect(() => {
    const wide = () => window.matchMedia(POPUP_SCREEN_QUERY).matches;
    if (!wide() || popupSeen()) return;
    // The delay is counted from the page's load, not from this code's arrival, and the
    // dialog's code comes meanwhile, so the popup opens on time (a wide screen only: phones load none of it).
    // (A failed load is tried again when the popup is due.)
    promoDialog.load().catch(() => undefined);
    // Never over another dialog the visitor opened, nor after the window became narrow.
    const stillWanted = () => wide() && !popupSeen() && !document.querySelector('[role="dialog"]');
    return afterPageLoad(popupDelayMs, () => {
      if (!stillWanted()) return;
      setPlacement("popup");
      show(stillWanted);
    });
  }, [show, popupDelayMs]);

  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (!next && placement === "popup") markPopupSeen();
    },
    [placement, setOpen],
  );

  return (
    <>
      {showSticky ? (
        <button
          type="button"
          onClick={() => {
            setPlacement("sticky_button");
            show();
          }}
          className="fixed right-6 bottom-6 z-30 hidden items-center gap-2 rounded-full bg-primary px-5 py-3 text-sm font-semibold text-primary-foreground shadow-lg transition-transform outline-none hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 md:inline-flex"
        >
          <Gift className="size-4" aria-hidden="true" />
          Claim {promoPrice} Offer
        </button>
      ) : null}
      {PromoDialog && placement ? (
        <PromoDialog placement={placement} open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} />
      ) : null}
    </>
  );
}
