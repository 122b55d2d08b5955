import { describe, expect, it } from "vitest";
import { headerText } from "./header-text";

const smuggled = `=?UTF-8?B?${Buffer.from("Bob\r\nBcc: x@evil.test").toString("base64")}?=`;

/** What a mail program shows of an encoded header: each encoded word decoded, once. */
function shown(header: string): string {
  return header.replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/g, (_, text: string) => Buffer.from(text, "base64").toString("utf8"));
}

describe("a mail header's text", () => {
  it("goes as it is when it holds no encoded word", () => {
    expect(headerText("New inquiry from Ana María")).toBe("New inquiry from Ana María");
  });

  it("is encoded whole when it holds one, so it shows as written and never as what the word hides", () => {
    const subject = `New inquiry from ${smuggled}`;
    const sent = headerText(subject);
    expect(sent).not.toContain(smuggled);
    expect(shown(sent)).toBe(subject);
    expect(shown(sent)).not.toMatch(/[\r\n]/);
  });
});
