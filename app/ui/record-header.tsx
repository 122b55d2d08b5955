import type * as React from "react";
import { BackLink } from "./back-link";

/**
 * The head of a record's page: the quiet way back to its list, the record's name with its badges,
 * a line on what it is, and the page's actions at the right.
 */
export function RecordHeader({
  back,
  title,
  description,
  actions,
}: {
  back: { to: string; label: string };
  title: React.ReactNode;
  description: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">
        <BackLink to={back.to} look="quiet">
          {back.label}
        </BackLink>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">{title}</h1>
        {description}
      </div>
      {actions}
    </div>
  );
}
