import { useEffect } from "react";
import { useLocation } from "react-router";

/** Sent once React has taken over the page; the paint-first script replays an early click on it. */
export const APP_HYDRATED_EVENT = "app-hydrated";

/**
 * Marks the page as taken over by React: `<html data-hydrated>` (browser tests wait for it before
 * using what needs the scripts) and the `APP_HYDRATED_EVENT`. Used once, in the root layout, whose
 * effects run after every other component's.
 *
 * Also writes the key of the location on screen, `<html data-shown-location>`, once React has
 * committed it: the router's state turns idle before React paints the new page (a transition), so a
 * browser test that follows a link waits for this key, not for the router alone.
 */
export function useMarkHydrated() {
  const { key } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    window.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  useEffect(() => {
    document.documentElement.dataset.shownLocation = key;
  }, [key]);
}
