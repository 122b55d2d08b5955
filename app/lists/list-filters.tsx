import Search from "lucide-react/icons/search";
import * as React from "react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { Button, LinkButton } from "~/ui/button";
import { Input } from "~/ui/input";
import { NativeSelect, NativeSelectOption } from "~/ui/native-select";
import { ListFold } from "./list-fold";
import { pageShortcut } from "./list-keys";
import { filterHref, type TableSort } from "./list-view";
import { keyboardIsTaken, keyPressOf } from "./table-row-keys";

export type ListFilterSelect = {
  name: string;
  label: string;
  /** The option that filters nothing ('All statuses'). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  /** The select's width class. */
  width?: string;
};

/** A day that bounds the rows (bookings from, to), read by `listParam.day()`. */
export type ListFilterDay = { name: string; label: string };

/**
 * A list's search and filters: a GET form, so the URL is the view and a reload or a shared link
 * shows the same rows. A select applies at once; the search and the days on Enter or the form's
 * button ('Search', or 'Filter' when there is no search box). The sort stays when the filters
 * change; the page goes back to the first.
 */
export function ListFilters({
  label,
  view,
  search,
  selects = [],
  days = [],
  keep = [],
}: {
  /** The form's accessible name ('Filter leads'). */
  label: string;
  view: { sort: TableSort } & Record<string, unknown>;
  search?: { placeholder: string };
  selects?: readonly ListFilterSelect[];
  days?: readonly ListFilterDay[];
  /** Other params of the view that the filters keep (a layout, say). */
  keep?: readonly string[];
}) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const formRef = React.useRef<HTMLFormElement>(null);
  const searchRef = React.useRef<HTMLInputElement>(null);
  const typing = React.useRef<number | undefined>(undefined);
  const fold = React.useContext(ListFold);
  const id = React.useId();
  const submitFilters = () => {
    if (formRef.current) void submit(formRef.current);
  };
  const cleared: Record<string, null> = { q: null };
  for (const filter of [...selects, ...days]) cleared[filter.name] = null;
  const current = (name: string) => {
    const value = view[name];
    return typeof value === "string" ? value : "";
  };
  const query = current("q");
  // The search the page shows now (the timer below reads it after renders its closure did not see).
  const shownQuery = React.useRef(query);
  React.useEffect(() => {
    shownQuery.current = query;
  }, [query]);
  // The search filters as it is typed (decision 050): a moment after the last key, the form goes
  // as a GET that replaces the history entry, so the URL holds the view and Back skips the keystrokes.
  const searchAsTyped = () => {
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      // Already the view's search (typed back, or sent with Enter meanwhile): nothing to go to.
      if (formRef.current && searchRef.current?.value.trim() !== shownQuery.current) void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, 250);
  };
  React.useEffect(() => () => window.clearTimeout(typing.current), []);
  // The box is not remounted per search (it would lose the caret mid-word): a search changed another
  // way (Clear, Back, a link) is written into it, unless it is being typed in.
  React.useEffect(() => {
    const input = searchRef.current;
    if (input && document.activeElement !== input && input.value !== query) input.value = query;
  }, [query]);
  // `/` focuses the search, wherever the page is (list-keys.ts); on a phone it unfolds the filters first.
  React.useEffect(() => {
    if (!search) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || keyboardIsTaken() || pageShortcut(keyPressOf(event)) !== "search") return;
      event.preventDefault();
      fold.unfold();
      requestAnimationFrame(() => {
        searchRef.current?.focus();
        searchRef.current?.select();
      });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [search, fold]);
  return (
    <Form ref={formRef} method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-2" onSubmit={() => window.clearTimeout(typing.current)}>
      {["sort", "dir", ...keep].map((name) => {
        const value = searchParams.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      {search ? (
        <div className="flex min-w-64 flex-1 gap-2">
          <label htmlFor={`${id}-q`} className="sr-only">
            {search.placeholder}
          </label>
          <div className="relative min-w-0 flex-1">
            <Input
              ref={searchRef}
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={query}
              placeholder={search.placeholder}
              maxLength={200}
              aria-keyshortcuts="/"
              aria-describedby={`${id}-q-keys`}
              className="pr-9"
              onChange={searchAsTyped}
            />
            <kbd id={`${id}-q-keys`} title="Press / to search" className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border bg-muted px-1.5 font-mono text-xs text-muted-foreground sm:block">
              <span className="sr-only">Press </span>/<span className="sr-only"> to search, j and k to move through the rows, Enter to open one</span>
            </kbd>
          </div>
          <Button type="submit" variant="secondary" icon={Search}>
            Search
          </Button>
        </div>
      ) : null}
      {selects.map((select) => (
        <NativeSelect
          key={`${select.name}:${current(select.name)}`}
          name={select.name}
          aria-label={select.label}
          defaultValue={current(select.name)}
          wrapperClassName={select.width ?? "w-44"}
          onChange={submitFilters}
        >
          <NativeSelectOption value="">{select.allLabel}</NativeSelectOption>
          {select.options.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      ))}
      {days.map((day) => (
        <label key={`${day.name}:${current(day.name)}`} className="grid gap-1 text-sm font-medium">
          {day.label}
          <Input name={day.name} type="date" defaultValue={current(day.name)} className="w-40" />
        </label>
      ))}
      {days.length > 0 && !search ? (
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      ) : null}
      {Object.keys(cleared).some((name) => current(name) !== "") ? (
        <LinkButton to={filterHref(searchParams, cleared)} variant="ghost">
          Clear
        </LinkButton>
      ) : null}
    </Form>
  );
}
