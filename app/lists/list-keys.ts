/**
 * The back-office's keyboard shortcuts (decision 050), pure so the rules are tested once: `/`
 * focuses a list's search, `j`/`k` move through its rows and Enter opens one, `?` shows them all,
 * `Ctrl+K` (or ⌘K) jumps to any page or record. None but `Ctrl+K` fires while someone types in a
 * field, or while a dialog or a menu has the keyboard.
 */

/** What a key press was aimed at, as much of an element as the rules read. */
export type KeyTarget = { tagName: string; isContentEditable?: boolean; type?: string | null } | null;

const TEXT_INPUTS = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "datetime-local", "month", "time", "week"]);

/** Whether the key goes into a field (typing), not to the page. */
export function isTyping(target: KeyTarget): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && TEXT_INPUTS.has((target.type ?? "text").toLowerCase());
}

export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: KeyTarget };

/** Ctrl+K, or ⌘K on a Mac: the jump-to palette, wherever the focus is. */
export function isPaletteKey(press: KeyPress): boolean {
  return (press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === "k";
}

/** The page's own single-key shortcut this press is, or null (typing, a modifier held, or another key). */
export function pageShortcut(press: KeyPress): "search" | "next" | "previous" | "open" | "help" | null {
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(press.target)) return null;
  switch (press.key) {
    case "/":
      return "search";
    case "j":
      return "next";
    case "k":
      return "previous";
    case "Enter":
      return "open";
    case "?":
      return "help";
    default:
      return null;
  }
}

/** The row `j` or `k` moves to among `count` rows (none current yet: the first, either way). */
export function movedRow(current: number | null, step: "next" | "previous", count: number): number | null {
  if (count === 0) return null;
  if (current === null || current >= count) return 0;
  return step === "next" ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
}
