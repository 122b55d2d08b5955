import { useCallback, useRef } from "react";

/**
 * Focus goes back to what opened a dialog when it closes. Radix does this only for a
 * dialog opened by its own Trigger; dialogs opened from anywhere (a context, a timer)
 * call `remember()` when they open and pass `onCloseAutoFocus` to the dialog content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
    opener.current = null;
  }, []);
  return { remember, onCloseAutoFocus };
}
