import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/** False while the server renders and while React hydrates (the first render matches the server's), true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
