import { describe, expect, it } from "vitest";
import { emailAddress, optionalDay, optionalName, optionalText, personName } from "./text-field";

describe("an optional text field", () => {
  it("is trimmed, null when empty or left out, and refuses more than its length", () => {
    const field = optionalText(5);
    expect([field.parse("  hi  "), field.parse("   "), field.parse(""), field.parse(undefined)]).toEqual(["hi", null, null, null]);
    expect(field.safeParse("toolong").error?.issues[0]?.message).toBe("Use at most 5 characters");
  });
});

describe("an optional day", () => {
  it("is null when empty or left out, and refuses a day the calendar has not with its message", () => {
    const field = optionalDay("Enter a date");
    expect([field.parse("2026-02-28"), field.parse(""), field.parse(undefined)]).toEqual(["2026-02-28", null, null]);
    expect(field.safeParse("2026-02-31").error?.issues[0]?.message).toBe("Enter a date");
    expect(field.safeParse("28/02/2026").error?.issues[0]?.message).toBe("Enter a date");
  });
});

describe("a required e-mail address", () => {
  it("is trimmed, and refuses an empty, a malformed or an overlong one with its message", () => {
    const field = emailAddress("Enter your e-mail address");
    expect(field.parse("  ann@example.com ")).toBe("ann@example.com");
    expect(field.safeParse("   ").error?.issues[0]?.message).toBe("Enter your e-mail address");
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe("Enter your e-mail address");
    expect(field.safeParse("not an address").error?.issues[0]?.message).toBe("Please enter a valid email address");
    expect(field.safeParse(`${"a".repeat(250)}@example.com`).error?.issues[0]?.message).toBe("Use at most 254 characters");
  });
});

describe("a name", () => {
  it("refuses what a mail header would decode into something else: an encoded word, a control character, a line break", () => {
    const field = personName("Name is required");
    expect(field.parse("  Ana María O'Brien-Núñez ")).toBe("Ana María O'Brien-Núñez");
    expect(field.parse("Q&A = ? Studio")).toBe("Q&A = ? Studio");
    for (const smuggled of ["=?UTF-8?B?Qm9iDQpCY2M6IHhAZXZpbC5jb20=?=", "Bob =?utf-8?q?=0D=0ABcc:_x@evil.com?= Smith", "=?ISO-8859-1?Q?a?="]) {
      expect(field.safeParse(smuggled).error?.issues[0]?.message, smuggled).toBe("Write the name as it reads, without encoded text (=?…?=)");
    }
    for (const broken of ["Bob\r\nBcc: x@evil.com", "Bob\u0085x", "Bob\u2028x"]) expect(field.safeParse(broken).error?.issues[0]?.message).toBe("Use letters, spaces and punctuation only");
    expect(field.safeParse("").error?.issues[0]?.message).toBe("Name is required");
    const business = optionalName(120);
    expect([business.parse(""), business.parse(" Mesa Verde ")]).toEqual([null, "Mesa Verde"]);
    expect(business.safeParse("=?UTF-8?B?QUJD?=").success).toBe(false);
  });
});
