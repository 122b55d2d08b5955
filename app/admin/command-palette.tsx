import * as React from "react";
import { useFetcher, useNavigate } from "react-router";
import { isPaletteKey, pageShortcut } from "~/lists/list-keys";
import { keyboardIsTaken, keyPressOf } from "~/lists/table-row-keys";
import { Input } from "~/ui/input";
import { ModalDialog } from "~/ui/modal-dialog";
import { matchPages, type FoundRecord } from "./jump-targets";

/**
 * The back-office's keyboard (decision 050): `Ctrl+K` (⌘K) opens the palette that jumps to any page
 * or record by name, from anywhere, a field included; `?` shows every shortcut. The lists' own keys
 * (`/`, `j`, `k`, Enter) are the list kit's (app/lists/list-page.tsx, data-table.tsx).
 */
export function useAdminShortcuts() {
  const [palette, setPalette] = React.useState(false);
  const [help, setHelp] = React.useState(false);
  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const press = keyPressOf(event);
      if (isPaletteKey(press)) {
        event.preventDefault();
        setHelp(false);
        setPalette((open) => !open);
      } else if (!event.defaultPrevented && !keyboardIsTaken() && pageShortcut(press) === "help") {
        event.preventDefault();
        setHelp(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return { palette, setPalette, help, setHelp };
}

type Choice = { key: string; label: string; detail: string; href: string };

const SEARCH_DELAY_MS = 150;

export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Jump to" description="A page, or a lead, client or project by name. ↑ ↓ to choose, Enter to open." width="lg">
      <PaletteSearch onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

/** Mounted with the dialog: each opening starts empty. */
function PaletteSearch({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const found = useFetcher<{ q: string; records: FoundRecord[] }>();
  const [query, setQuery] = React.useState("");
  const [active, setActive] = React.useState(0);
  const listId = React.useId();
  const searching = React.useRef<number | undefined>(undefined);
  React.useEffect(() => () => window.clearTimeout(searching.current), []);

  const trimmed = query.trim();
  const records = trimmed && found.data?.q === trimmed ? found.data.records : [];
  const choices: Choice[] = [
    ...matchPages(trimmed)
      .slice(0, trimmed ? 6 : 20)
      .map((page) => ({ key: `page:${page.href}`, label: page.label, detail: "Page", href: page.href })),
    ...records.map((record) => ({ key: `${record.kind}:${record.href}`, label: record.label, detail: `${record.kind} · ${record.detail}`, href: record.href })),
  ];
  const current = Math.min(active, Math.max(choices.length - 1, 0));

  const go = (choice: Choice | undefined) => {
    if (!choice) return;
    onDone();
    void navigate(choice.href);
  };

  return (
    <div className="grid gap-3">
      <Input
        data-autofocus
        role="combobox"
        aria-label="Page or name"
        aria-expanded={choices.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={choices[current] ? `${listId}-${current}` : undefined}
        placeholder="Type a page or a name…"
        value={query}
        maxLength={200}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setQuery(next);
          setActive(0);
          window.clearTimeout(searching.current);
          if (next.trim()) searching.current = window.setTimeout(() => found.load(`/admin/search?q=${encodeURIComponent(next.trim())}`), SEARCH_DELAY_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((current + step + choices.length) % Math.max(choices.length, 1));
          } else if (event.key === "Enter") {
            event.preventDefault();
            go(choices[current]);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Pages and records" className="grid max-h-80 gap-0.5 overflow-y-auto">
        {choices.map((choice, index) => (
          <li
            key={choice.key}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            className="flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
            onMouseMove={() => setActive(index)}
            onClick={() => go(choice)}
          >
            <span className="truncate font-medium">{choice.label}</span>
            <span className="shrink-0 truncate text-xs text-muted-foreground">{choice.detail}</span>
          </li>
        ))}
      </ul>
      {trimmed && choices.length === 0 && found.state === "idle" ? <p className="text-sm text-muted-foreground">Nothing is called “{trimmed}”.</p> : null}
      <p className="text-xs text-muted-foreground">
        Press <kbd className="rounded border px-1 font-mono">?</kbd> on any page for every keyboard shortcut.
      </p>
    </div>
  );
}

const SHORTCUTS: [string[], string][] = [
  [["Ctrl", "K"], "Jump to a page, lead, client or project (⌘K on a Mac)"],
  [["/"], "Search the list on this page"],
  [["j"], "Next row of the list"],
  [["k"], "Previous row of the list"],
  [["Enter"], "Open the row"],
  [["?"], "These shortcuts"],
];

/** "Keyboard shortcuts": what `?` shows, and the shell's link to it. */
export function ShortcutsHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" description="None but Ctrl+K works while you type in a field." width="md">
      <dl className="grid gap-2 text-sm">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what} className="flex items-center justify-between gap-4">
            <dt className="flex gap-1">
              {keys.map((key) => (
                <kbd key={key} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-muted-foreground">{what}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
