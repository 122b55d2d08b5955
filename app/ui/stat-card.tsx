import type * as React from "react";
import { Card, CardContent } from "~/ui/card";

/** A figure on a tile: the back-office's counts (leads, consultations) all look the same. */
export function StatCard({
  label,
  value,
  valueTitle,
  icon,
  footer,
  className,
}: {
  label: string;
  value: React.ReactNode;
  /** Shown on hover over the figure, e.g. that it is an estimate. */
  valueTitle?: string;
  icon?: React.ReactNode;
  footer?: React.ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardContent className="grid gap-1">
        <p className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
          {label}
          {icon}
        </p>
        <p className="text-3xl font-bold" title={valueTitle}>
          {value}
        </p>
        {footer ? <p className="text-sm text-muted-foreground">{footer}</p> : null}
      </CardContent>
    </Card>
  );
}

type StatFigure = { label: string; value: React.ReactNode; valueTitle?: string; footer?: React.ReactNode };

/** A row of figures above a list or a record (two a row on a phone, four on a laptop). */
export function StatCards({ label, figures }: { label: string; figures: readonly StatFigure[] }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {figures.map((figure) => (
        <StatCard key={figure.label} {...figure} />
      ))}
    </section>
  );
}
