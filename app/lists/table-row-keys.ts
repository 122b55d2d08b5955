import * as React from "react";
import { movedRow, pageShortcut, type KeyPress } from "./list-keys";

/** What a key press was aimed at, as the shortcuts' rules read it. */
export function keyPressOf(event: KeyboardEvent): KeyPress {
  const target = event.target instanceof HTMLElement ? { tagName: event.target.tagName, isContentEditable: event.target.isContentEditable, type: event.target.getAttribute("type") } : null;
  return { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target };
}

/** A dialog or a menu has the keyboard: the page's shortcuts wait. */
export function keyboardIsTaken(): boolean {
  return document.querySelector("dialog[open], [role=menu]") !== null;
}

/**
 * `j`/`k` focus the next or previous row of the table (scrolled into view), Enter on a focused row
 * opens it: its `rowHref`, else the first link in it. Focus, not a highlight of our own, so a
 * screen reader reads the row and Tab goes on from it.
 */
export function useRowKeys(tableRef: React.RefObject<HTMLTableElement | null>, enabled: boolean, open: (index: number, row: HTMLTableRowElement) => void) {
  React.useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || keyboardIsTaken()) return;
      const shortcut = pageShortcut(keyPressOf(event));
      const rows = [...(tableRef.current?.tBodies[0]?.rows ?? [])].filter((row) => row.tabIndex === -1);
      const focused = rows.findIndex((row) => row === document.activeElement);
      if (shortcut === "next" || shortcut === "previous") {
        const next = movedRow(focused === -1 ? null : focused, shortcut, rows.length);
        if (next === null) return;
        event.preventDefault();
        rows[next]?.focus({ preventScroll: true });
        rows[next]?.scrollIntoView({ block: "nearest" });
      } else if (shortcut === "open" && focused !== -1) {
        event.preventDefault();
        open(focused, rows[focused]!);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [tableRef, enabled, open]);
}
