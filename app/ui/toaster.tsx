import * as React from "react";
import { onDemand, useOnDemand } from "./on-demand";

/**
 * The app's one toast, Sonner, loaded on demand: its ~10 KB would otherwise be part of every
 * public page's first load and of the desktop popup's (the budget is 120 KB). The region mounts
 * when a form is submitted (`prepareToasts`, while the request is on its way, so it is in place,
 * and announced by screen readers as a live region, before the answer's toast) or at the first
 * toast, whichever comes first (decision 028).
 */
type ToastOptions = { id?: string; description?: string; duration?: number };
type ToastKind = "success" | "error" | "info";

const loadSonner = () => import("./sonner-toaster");
const sonnerRegion = onDemand(loadSonner);

let markRegionMounted: () => void = () => {};
const regionMounted = new Promise<void>((resolve) => {
  markRegionMounted = resolve;
});

/** Asks for the region; until the Toaster has mounted, the ask is remembered for it. */
let regionWanted = false;
let wantRegion: () => void = () => {
  regionWanted = true;
};

function show(kind: ToastKind, title: string, options?: ToastOptions) {
  wantRegion();
  // A toast whose code could not be loaded (a dropped connection) is not shown; the next one tries again.
  Promise.all([loadSonner(), regionMounted]).then(
    ([sonner]) => sonner.toast[kind](title, options),
    () => undefined,
  );
}

/** Mounts the toast region ahead of a toast that may follow (a form on its way). */
export function prepareToasts(): void {
  wantRegion();
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
};

/** The app's single toast region; render once in the root layout. */
export function Toaster() {
  const [SonnerToaster, loadRegion] = useOnDemand(sonnerRegion);
  React.useEffect(() => {
    wantRegion = () => loadRegion();
    if (regionWanted) loadRegion();
  }, [loadRegion]);
  return SonnerToaster ? <SonnerToaster onMounted={markRegionMounted} /> : null;
}

export type FlashToast = {
  type: ToastKind;
  title: string;
  description?: string;
  id: string;
};

// Module-level so remounts, StrictMode's double effects and revalidations never repeat a flash.
const shownFlashIds = new Set<string>();

/** Shows a flash message from a loader (e.g. after a redirect) as a toast, once per `flash.id`. */
export function useFlashToast(flash: FlashToast | null | undefined): void {
  const id = flash?.id;
  const type = flash?.type;
  const title = flash?.title;
  const description = flash?.description;

  React.useEffect(() => {
    if (!id || !type || !title || shownFlashIds.has(id)) return;
    shownFlashIds.add(id);
    toast[type](title, { id, description });
  }, [id, type, title, description]);
}
