import type { LucideIcon } from "lucide-react";
import Plus from "lucide-react/icons/plus";
import type * as React from "react";
import { Button, LinkButton } from "~/ui/button";
import { ExportCsvLink } from "./export-csv-link";

/** A link to a page next to the list ('Import CSV', 'Suppression list', 'Back to Dashboard'), before its actions. */
export type ListHeaderLink = { to: string; label: string; icon: LucideIcon; variant?: "outline" | "ghost" };

/** The page's one way to add a row, last and primary among its actions: a link to its 'new' page, or the button that opens its Add dialog. */
export type ListCreateLink = { label: string } & ({ to: string } | { onClick: () => void });

export type ListHeaderProps = {
  title: string;
  description?: React.ReactNode;
  links?: readonly ListHeaderLink[];
  /** The list's export route: an 'Export CSV' link of what the filters show. */
  exportPath?: string;
  actions?: React.ReactNode;
  createLink?: ListCreateLink;
};

/** The page's title, what it is for, its links and actions ('Import CSV', 'Export CSV'), then its create link ('Add Lead'). */
export function ListHeader({ title, description, links = [], exportPath, actions, createLink }: ListHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {links.length > 0 || exportPath || actions || createLink ? (
        <div className="flex flex-wrap gap-2">
          {links.map((link) => (
            <LinkButton key={link.to} to={link.to} variant={link.variant ?? "outline"} icon={link.icon}>
              {link.label}
            </LinkButton>
          ))}
          {exportPath ? <ExportCsvLink path={exportPath} /> : null}
          {actions}
          {createLink && "to" in createLink ? (
            <LinkButton to={createLink.to} icon={Plus}>
              {createLink.label}
            </LinkButton>
          ) : createLink ? (
            <Button onClick={createLink.onClick} icon={Plus}>
              {createLink.label}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
