import Plus from "lucide-react/icons/plus";
import type * as React from "react";
import { Button, LinkButton } from "~/ui/button";

/** The page's one way to add a row, last and primary among its actions: a link to its 'new' page, or the button that opens its Add dialog. */
export type ListCreateLink = { label: string } & ({ to: string } | { onClick: () => void });

/** The page's title, what it is for, and its actions ('Import', 'Export CSV'), then its create link ('Add Lead'). */
export function ListHeader({
  title,
  description,
  actions,
  createLink,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  createLink?: ListCreateLink;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions || createLink ? (
        <div className="flex flex-wrap gap-2">
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
