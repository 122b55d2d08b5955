import { useEffect } from "react";

/** Sent once React has taken over the page; the paint-first script replays an early click on it. */
export const APP_HYDRATED_EVENT = "app-hydrated";

/**
 * Marks the page as taken over by React: `<html data-hydrated>` (browser tests wait for it before
 * using what needs the scripts) and the `APP_HYDRATED_EVENT`. Used once, in the root layout, whose
 * effects run after every other component's.
 */
export function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    window.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
}
