import { describe, expect, it } from "vitest";
import { isDocumentNavigation } from "./document-navigation";

const get = (headers: Record<string, string>, method = "GET") => new Request("http://localhost/admin/projects/x", { method, headers });

describe("a browser's navigation to a page", () => {
  it("is a GET the browser marks as a navigation, or one that asks for HTML when nothing is marked", () => {
    expect(isDocumentNavigation(get({ "Sec-Fetch-Mode": "navigate", Accept: "text/html,application/xhtml+xml" }), {})).toBe(true);
    expect(isDocumentNavigation(get({ Accept: "text/html,application/xhtml+xml,*/*;q=0.8" }), undefined)).toBe(true);
  });

  it("is not React Router's data request, a script's fetch, a program's request or a post", () => {
    expect(isDocumentNavigation(get({ "Sec-Fetch-Mode": "navigate", Accept: "text/html" }), { dataRequest: true })).toBe(false);
    expect(isDocumentNavigation(get({ "Sec-Fetch-Mode": "cors", Accept: "*/*" }), {})).toBe(false);
    // A fetch that asks for HTML is still not the browser's navigation.
    expect(isDocumentNavigation(get({ "Sec-Fetch-Mode": "same-origin", Accept: "text/html" }), {})).toBe(false);
    expect(isDocumentNavigation(get({ Accept: "*/*" }), {})).toBe(false);
    expect(isDocumentNavigation(get({}), {})).toBe(false);
    expect(isDocumentNavigation(get({ "Sec-Fetch-Mode": "navigate", Accept: "text/html" }, "POST"), {})).toBe(false);
  });
});
