// What the visitor's browser remembers about the $99 offer (spec 000 §4). Browser only.

import { WIDE_SCREEN_QUERY } from "~/document/wide-screen";

/** Set when the popup is closed or the offer claimed; the popup stays away while it exists. */
export const POPUP_SEEN_COOKIE = "promo_popup_seen";
export const POPUP_SEEN_DAYS = 7;
/** Set after a successful claim; hides the sticky button. */
export const PROMO_CLAIMED_STORAGE_KEY = "promo_claimed";
/** The screens the popup and the sticky button are for: the wide ones, where the app starts at once. */
export const POPUP_SCREEN_QUERY = WIDE_SCREEN_QUERY;

export function popupSeen(): boolean {
  return document.cookie.split(";").some((part) => part.trim().startsWith(`${POPUP_SEEN_COOKIE}=`));
}

export function markPopupSeen(): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${POPUP_SEEN_COOKIE}=1; Max-Age=${POPUP_SEEN_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

export function promoClaimed(): boolean {
  try {
    return window.localStorage.getItem(PROMO_CLAIMED_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

/** Remembers the claim and tells the sticky button (same tab) to hide. */
export function markPromoClaimed(): void {
  try {
    window.localStorage.setItem(PROMO_CLAIMED_STORAGE_KEY, "true");
  } catch {
    // Storage can be off (private mode); the button then simply stays.
  }
  window.dispatchEvent(new Event(PROMO_CLAIMED_STORAGE_KEY));
}
