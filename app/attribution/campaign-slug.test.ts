import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugFromName, uniqueSlug } from "./campaign-slug";

describe("slugFromName", () => {
  it("lower-cases, joins words with hyphens and drops punctuation and accents", () => {
    expect(slugFromName("Spring Launch — 2027!")).toBe("spring-launch-2027");
    expect(slugFromName("  Café Été  ")).toBe("cafe-ete");
    expect(slugFromName("a__b..c")).toBe("a-b-c");
  });

  it("always gives a valid slug, even from a name with no letters or a very long one", () => {
    expect(slugFromName("!!!")).toBe("campaign");
    const long = slugFromName("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toMatch(SLUG_PATTERN);
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug and numbers a taken one", () => {
    expect(uniqueSlug("spring", new Set())).toBe("spring");
    expect(uniqueSlug("spring", new Set(["spring"]))).toBe("spring-2");
    expect(uniqueSlug("spring", new Set(["spring", "spring-2"]))).toBe("spring-3");
  });

  it("stays within the maximum length when it adds a number", () => {
    const long = "a".repeat(SLUG_MAX_LENGTH);
    const next = uniqueSlug(long, new Set([long]));
    expect(next.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(next.endsWith("-2")).toBe(true);
  });
});
