import { labelEvery, niceTicks } from "./chart-scale";

// The analytics page's charts, drawn as server-rendered SVG (docs/decisions/021): no chart library is
// sent to the browser, the charts show before any JavaScript runs, and colours are SVG presentation
// attributes, not inline styles. Each chart is an image with a label; the same numbers are in the
// table of its card (ChartCard) for screen readers and for reading exact values.

export type ChartSeries = { key: string; label: string; color: string };
/** `label` names the bar in its tooltip; `axisLabel`, when shorter, goes under it (a week's first day). */
export type ChartCategory = { key: string; label: string; axisLabel?: string; values: Record<string, number> };

/** A colour-blind-safe categorical palette (Okabe–Ito, darkened for contrast on white). */
export const CHART_COLORS = ["#0f5c5e", "#d55e00", "#0072b2", "#b07700", "#8e5ea2", "#009e73", "#cc79a7", "#6b6b6b"] as const;

const WIDTH = 480;
const HEIGHT = 200;
const PLOT = { left: 48, right: 4, top: 10, bottom: 24 };

/**
 * Vertical bars, one band per category (a day or a week): the series stacked in one bar, or side by
 * side. Hovering a bar shows its figure (an SVG title).
 */
export function BarChart({
  label,
  categories,
  series,
  layout,
  formatValue = String,
}: {
  label: string;
  categories: ChartCategory[];
  series: ChartSeries[];
  layout: "stacked" | "grouped";
  formatValue?: (value: number) => string;
}) {
  const totals = categories.map((category) =>
    layout === "stacked"
      ? series.reduce((sum, item) => sum + (category.values[item.key] ?? 0), 0)
      : Math.max(0, ...series.map((item) => category.values[item.key] ?? 0)),
  );
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const band = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.max(1, band * 0.72);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  // About 6 units per character at this font size: label as many bars as their labels leave room for.
  const longestLabel = Math.max(1, ...categories.map((category) => (category.axisLabel ?? category.label).length));
  const every = labelEvery(categories.length, Math.max(1, Math.floor(plotWidth / (longestLabel * 6 + 12))));

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full text-muted-foreground" data-chart="bars">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.2} />
          <text x={PLOT.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="currentColor">
            {formatValue(tick)}
          </text>
        </g>
      ))}
      {categories.map((category, index) => {
        const bandStart = PLOT.left + index * band + (band - barWidth) / 2;
        let stackedTop = 0;
        return (
          <g key={category.key}>
            {series.map((item, seriesIndex) => {
              const value = category.values[item.key] ?? 0;
              if (value <= 0) return null;
              const width = layout === "stacked" ? barWidth : barWidth / series.length;
              const x = layout === "stacked" ? bandStart : bandStart + seriesIndex * width;
              const base = layout === "stacked" ? stackedTop : 0;
              if (layout === "stacked") stackedTop += value;
              return (
                <rect key={item.key} x={x} y={y(base + value)} width={Math.max(1, width - 1)} height={y(base) - y(base + value)} fill={item.color}>
                  <title>{`${category.label}: ${item.label} ${formatValue(value)}`}</title>
                </rect>
              );
            })}
            {index % every === 0 ? (
              <text x={PLOT.left + index * band + band / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="currentColor">
                {category.axisLabel ?? category.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** Horizontal bars, one row per item, each against the largest (the funnel's first step, the top of a ranking). */
export function HorizontalBars({
  label,
  rows,
  color = CHART_COLORS[0],
}: {
  label: string;
  rows: { key: string; label: string; value: number; text: string }[];
  color?: string;
}) {
  const rowHeight = 26;
  const labelWidth = 110;
  const textWidth = 150;
  const height = Math.max(1, rows.length) * rowHeight;
  const barSpace = WIDTH - labelWidth - textWidth;
  const largest = Math.max(0, ...rows.map((row) => row.value));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label} className="h-auto w-full" data-chart="horizontal-bars">
      {rows.map((row, index) => {
        const width = largest > 0 ? Math.max(row.value > 0 ? 2 : 0, (row.value / largest) * barSpace) : 0;
        const middle = index * rowHeight + rowHeight / 2;
        return (
          <g key={row.key}>
            <text x={labelWidth - 8} y={middle} dy="0.32em" textAnchor="end" fontSize={12} className="fill-foreground">
              {row.label.length > 16 ? `${row.label.slice(0, 15)}…` : row.label}
            </text>
            <rect x={labelWidth} y={index * rowHeight + 4} width={barSpace} height={rowHeight - 8} rx={3} className="fill-muted" />
            <rect x={labelWidth} y={index * rowHeight + 4} width={width} height={rowHeight - 8} rx={3} fill={color}>
              <title>{`${row.label}: ${row.text}`}</title>
            </rect>
            <text x={labelWidth + barSpace + 8} y={middle} dy="0.32em" fontSize={12} className="fill-foreground">
              {row.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The colour key of a chart with several series. */
export function ChartLegend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" aria-label="Legend">
      {series.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
            <rect width={10} height={10} rx={2} fill={item.color} />
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
