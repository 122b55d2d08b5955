import { describe, expect, it } from "vitest";
import { imagesWithoutAlt, placeholderProblems, problemsMessage, templateProblems } from "./template-checks";

const texts = (source: string) => placeholderProblems(source).map((problem) => `${problem.kind}:${problem.text}`);

describe("placeholderProblems", () => {
  it("accepts known variables, with or without spaces inside the braces, and text without any", () => {
    expect(placeholderProblems("Hi {{FirstName}}, your code {{ PromoCode }} ends {{ExpiryDate}}.")).toEqual([]);
    expect(placeholderProblems("Plain text, and CSS like p { color: red }")).toEqual([]);
  });

  it("refuses an unknown variable, naming it once", () => {
    expect(texts("Hi {{FristName}} and {{FristName}}")).toEqual(["unknown_variable:FristName"]);
    expect(placeholderProblems("{{Discount}}")[0]?.message).toContain("Unknown variable {{Discount}}");
  });

  it("refuses broken placeholders, quoting what was written", () => {
    expect(texts("Hi {{ FirstName, welcome")).toEqual(["broken_placeholder:{{ FirstName,"]);
    expect(texts("Hi {{}} there")).toEqual(["broken_placeholder:{{}}"]);
    expect(texts("Hi {FirstName}} there")).toEqual(["broken_placeholder:{FirstName}}"]);
    expect(texts("Hi {{First Name}} there")).toEqual(["broken_placeholder:{{First Name}}"]);
    expect(texts("Hi {{{FirstName}}} there")).toEqual(["broken_placeholder:{{{FirstName}}}"]);
    expect(texts("Hi {{1st}}")).toEqual(["broken_placeholder:{{1st}}"]);
  });

  it("reports a broken and an unknown placeholder side by side", () => {
    expect(texts("{{Nope}} and {{FirstName")).toEqual(["unknown_variable:Nope", "broken_placeholder:{{FirstName"]);
  });
});

describe("imagesWithoutAlt", () => {
  it("asks for alt text on every image that has none or an empty one", () => {
    expect(imagesWithoutAlt('<img src="a.png" alt="Our logo"><img src=b.png alt=Logo>')).toEqual([]);
    const problems = imagesWithoutAlt('<p><img src="https://x.test/logo.png"></p><IMG SRC="c.png" alt="">');
    expect(problems).toHaveLength(2);
    expect(problems[0]?.message).toContain("https://x.test/logo.png");
  });
});

describe("templateProblems", () => {
  it("gives each field its own problems and one message for its field error", () => {
    const problems = templateProblems({ subject: "Hi {{Nope}}", preheader: "", bodyHtml: '<img src="x.png">', bodyText: "{{ A" });
    expect(Object.keys(problems).sort()).toEqual(["bodyHtml", "bodyText", "subject"]);
    expect(problemsMessage(problems.subject ?? [])).toBe("Unknown variable {{Nope}}: use one of the variables listed beside the editor");
    const many = placeholderProblems("{{A}} {{B}} {{C}}");
    expect(problemsMessage(many)).toMatch(/\{\{A\}\}.*\{\{B\}\}.*\(and 1 more\)$/);
  });
});
