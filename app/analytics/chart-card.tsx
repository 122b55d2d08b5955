import Download from "lucide-react/icons/download";
import * as React from "react";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import { chartCsvHref, type AnalyticsChart } from "./analytics-chart-names";
import type { AnalyticsPeriodDays } from "./analytics-period";

export type ChartTable = { caption: string; headers: string[]; rows: { key: string; cells: React.ReactNode[] }[] };

/**
 * One chart of the analytics page: its title, a 'Download CSV' of its numbers, the chart (or a line
 * saying there is nothing to show), and the same numbers as a table behind a disclosure, which is
 * the chart's alternative for screen readers and for anyone who wants the exact figures.
 */
export function ChartCard({
  chart,
  days,
  title,
  description,
  empty,
  emptyText,
  table,
  children,
}: {
  chart: AnalyticsChart;
  days: AnalyticsPeriodDays;
  title: string;
  description: string;
  empty: boolean;
  emptyText: string;
  table: ChartTable;
  children: React.ReactNode;
}) {
  const headingId = React.useId();
  return (
    <Card aria-labelledby={headingId} role="region" data-chart-card={chart}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 flex-1 basis-56 gap-1">
            <CardTitle as="h2" id={headingId}>
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
          <a href={chartCsvHref(chart, days)} download className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`Download CSV: ${title}`}>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {empty ? <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p> : children}
        {empty ? null : (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Show as table</summary>
            <Table className="mt-2">
              <caption className="sr-only">{table.caption}</caption>
              <TableHeader>
                <TableRow>
                  {table.headers.map((header, index) => (
                    <TableHead key={header} className={index > 0 ? "text-right" : undefined}>
                      {header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={row.key}>
                    {row.cells.map((cell, index) => (
                      <TableCell key={index} className={index > 0 ? "text-right tabular-nums" : undefined}>
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
