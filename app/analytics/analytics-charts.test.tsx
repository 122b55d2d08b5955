import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, HorizontalBars } from "./analytics-charts";

const heights = (markup: string) => [...markup.matchAll(/<rect [^>]*height="([\d.]+)"[^>]*fill="#/g)].map((match) => Number(match[1]));

describe("the analytics charts", () => {
  it("stack each day's series into one bar, tallest at the axis top, with a title per segment", () => {
    const markup = renderToStaticMarkup(
      <BarChart
        label="Leads per day"
        layout="stacked"
        series={[
          { key: "a", label: "Popup", color: "#000001" },
          { key: "b", label: "Website", color: "#000002" },
        ]}
        categories={[
          { key: "1", label: "Mar 9", values: { a: 1, b: 1 } },
          { key: "2", label: "Mar 10", values: {} },
          { key: "3", label: "Mar 11", values: { a: 1 } },
        ]}
      />,
    );
    expect(markup).toContain('role="img"');
    expect(markup).toContain('aria-label="Leads per day"');
    expect(markup).toContain("<title>Mar 9: Website 1</title>");
    // Axis 0–2: a segment of 1 is half the plot's height; the empty day draws nothing.
    const segments = heights(markup);
    expect(segments).toHaveLength(3);
    expect(new Set(segments.map((height) => Math.round(height * 100)))).toHaveProperty("size", 1);
    expect(markup).not.toContain("NaN");
  });

  it("draw horizontal bars against the largest and nothing odd when every value is 0", () => {
    const markup = renderToStaticMarkup(
      <HorizontalBars
        label="Funnel"
        rows={[
          { key: "lead", label: "Leads", value: 4, text: "4" },
          { key: "client", label: "Clients", value: 1, text: "1 · 25%" },
        ]}
      />,
    );
    expect(markup).toContain("<title>Clients: 1 · 25%</title>");
    const empty = renderToStaticMarkup(<HorizontalBars label="Funnel" rows={[{ key: "lead", label: "Leads", value: 0, text: "0" }]} />);
    expect(empty).not.toContain("NaN");
    expect(empty).toContain('width="0"');
  });
});
