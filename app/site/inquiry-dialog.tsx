import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { onDemand, useOnDemandDialog } from "~/ui/on-demand";
import type { InquiryPreset } from "./inquiry-preset";
import { POPUP_SCREEN_QUERY } from "./promo-offer-state";

type InquiryDialogContextValue = {
  openInquiry: (preset?: InquiryPreset) => void;
  /** Fetches the dialog's code ahead of a likely click (a pointer over a call to action, or focus on it). */
  prefetchInquiry: () => void;
};

const InquiryDialogContext = createContext<InquiryDialogContextValue | null>(null);

// The dialog's code is loaded when a visitor first opens it, keeping every page's first load small.
const inquiryFormDialog = onDemand(() => import("./inquiry-form-dialog"));

/** Any button on the public site opens the one inquiry dialog with its preset tier and promo flag. */
export function useInquiryDialog(): InquiryDialogContextValue {
  const context = useContext(InquiryDialogContext);
  if (!context) throw new Error("useInquiryDialog must be used inside InquiryDialogProvider");
  return context;
}

function prefetchInquiry(): void {
  inquiryFormDialog.load().catch(() => undefined);
}

export function InquiryDialogProvider({ children }: { children: React.ReactNode }) {
  const [preset, setPreset] = useState<InquiryPreset>({});
  const { Dialog: InquiryFormDialog, open, setOpen, show, onCloseAutoFocus } = useOnDemandDialog(inquiryFormDialog);
  const openInquiry = useCallback(
    (next: InquiryPreset = {}) => {
      setPreset(next);
      show();
    },
    [show],
  );
  // Once the app runs on a phone (a visitor who touched the page), its code is fetched when the
  // browser is idle, so that the tap on a call to action finds it (decision 028). A screen that gets
  // the offer popup fetches it when a pointer goes over a call to action or one gets the focus
  // (prefetchInquiry): in its first seconds it already fetches the popup's code (decision 037).
  useEffect(() => {
    if (window.matchMedia(POPUP_SCREEN_QUERY).matches) return;
    const fetchWhenIdle = () => void inquiryFormDialog.load().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const idle = window.requestIdleCallback(fetchWhenIdle, { timeout: 3_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(fetchWhenIdle, 1_000);
    return () => window.clearTimeout(timer);
  }, []);
  const value = useMemo(() => ({ openInquiry, prefetchInquiry }), [openInquiry]);
  return (
    <InquiryDialogContext.Provider value={value}>
      {children}
      {InquiryFormDialog ? (
        <InquiryFormDialog open={open} onOpenChange={setOpen} preset={preset} onCloseAutoFocus={onCloseAutoFocus} />
      ) : null}
    </InquiryDialogContext.Provider>
  );
}
