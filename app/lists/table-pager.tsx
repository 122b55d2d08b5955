import type * as React from "react";
import { useSearchParams } from "react-router";
import { Button, LinkButton } from "~/ui/button";
import { pageHref } from "./list-view";

/** Previous / Next by keyset cursor; each is a link, so the browser's back button pages back too. */
export function DataTablePager({
  previousCursor,
  nextCursor,
  summary,
}: {
  previousCursor: string | null;
  nextCursor: string | null;
  summary?: React.ReactNode;
}) {
  const [searchParams] = useSearchParams();
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4">
      <div className="text-sm text-muted-foreground">{summary}</div>
      <div className="flex gap-2">
        <PageLink params={searchParams} direction="before" cursor={previousCursor} label="Previous" />
        <PageLink params={searchParams} direction="after" cursor={nextCursor} label="Next" />
      </div>
    </nav>
  );
}

/** A step to the page before or after, shown disabled where there is none. */
function PageLink({ params, direction, cursor, label }: { params: URLSearchParams; direction: "before" | "after"; cursor: string | null | undefined; label: string }) {
  return cursor ? (
    <LinkButton to={pageHref(params, direction, cursor)} variant="outline" size="sm">
      {label}
    </LinkButton>
  ) : (
    <Button variant="outline" size="sm" disabled>
      {label}
    </Button>
  );
}
