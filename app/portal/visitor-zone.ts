import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * The zone the client's times are shown in: the business's while the page is rendered on the
 * server (and without JavaScript), the browser's own once it runs, as the booking page does.
 */
export function useVisitorZone(businessZone: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => businessZone,
  );
}
