import * as React from "react";
import { Link } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/ui/dropdown-menu";

/**
 * A row's "…" menu. Until it is first opened it is only its button: a page of 25 rows renders 25
 * buttons, not 25 menus (the server renders every page once; decision 027). `items` is called when
 * the menu opens.
 */
export function RowMenu({ label, items }: { label: string; items: () => React.ReactNode }) {
  const [mounted, setMounted] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  // One element per row, drawn by app.css (its icon a CSS mask): a page has one per row (decision 038).
  const trigger = <button type="button" data-slot="row-menu" aria-label={label} aria-haspopup="menu" aria-expanded={open} />;
  if (!mounted) {
    return React.cloneElement(trigger, {
      onClick: () => {
        setMounted(true);
        setOpen(true);
      },
    });
  }
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">{open ? items() : null}</DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * A row's 'Delete': or, for a row that may not be deleted, the same item shown disabled with the
 * reason under it. It stays focusable (aria-disabled rather than skipped), so a keyboard or a
 * screen reader reaches the reason too; choosing it does nothing and leaves the menu open.
 */
export function DeleteMenuItem({ refusal, onSelect }: { refusal: string | null; onSelect: () => void }) {
  const reasonId = React.useId();
  if (refusal === null) {
    return (
      <DropdownMenuItem variant="destructive" onSelect={onSelect}>
        Delete
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem
      aria-disabled="true"
      aria-label="Delete"
      aria-describedby={reasonId}
      className="max-w-64 flex-col items-start gap-0.5 text-muted-foreground"
      onSelect={(event) => event.preventDefault()}
    >
      <span className="opacity-60">Delete</span>
      <span id={reasonId} className="text-xs">
        {refusal}
      </span>
    </DropdownMenuItem>
  );
}

/** A row menu's item that opens a page ('View Details', 'Edit'): a link, so it opens in a new tab too. */
export function RowMenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>{children}</Link>
    </DropdownMenuItem>
  );
}
