/**
 * A plain left click, without a key that asks the browser for a new tab, window or download: the
 * only click a link that the app enhances (it opens a dialog instead) should take over.
 */
export function isPlainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
