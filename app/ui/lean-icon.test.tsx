import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { leanIcon } from "./lean-icon";

const X = leanIcon({
  name: "x",
  node: [
    ["path", { d: "M18 6 6 18", key: "1bl5f8" }],
    ["path", { d: "m6 6 12 12", key: "d8bk6v" }],
  ],
});

describe("a lean icon", () => {
  it("draws its paths in a decorative svg whose look app.css gives (class lucide), without lucide's attributes", () => {
    expect(renderToStaticMarkup(<X className="size-4" />)).toBe(
      '<svg viewBox="0 0 24 24" class="lucide size-4" aria-hidden="true"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>',
    );
  });

  it("is not hidden from assistive technology once labelled, given a role or a title", () => {
    expect(renderToStaticMarkup(<X aria-label="Close" />)).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(<X role="img" />)).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(<X>{<title>Close</title>}</X>)).toContain("<title>Close</title></svg>");
  });
});
