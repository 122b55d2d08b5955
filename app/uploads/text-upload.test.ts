import { describe, expect, it } from "vitest";
import { decodeTextUpload } from "./text-upload";

const csv = "Name,Email\nZoë Ångström,zoe@example.com\n";
const limits = { maxLineLength: 100 };

describe("an uploaded text file", () => {
  it("is read as UTF-8 with or without its byte-order mark, and as UTF-16 with one", () => {
    expect(decodeTextUpload(Buffer.from(csv), limits)).toEqual({ ok: true, text: csv });
    expect(decodeTextUpload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]), limits)).toEqual({ ok: true, text: csv });
    expect(decodeTextUpload(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, "utf16le")]), limits)).toEqual({ ok: true, text: csv });
    const bigEndian = Buffer.from(csv, "utf16le").swap16();
    expect(decodeTextUpload(Buffer.concat([Buffer.from([0xfe, 0xff]), bigEndian]), limits)).toEqual({ ok: true, text: csv });
  });

  it("is refused, saying how to save it, when it is another encoding or not text", () => {
    expect(decodeTextUpload(Buffer.from(csv, "latin1"), limits)).toMatchObject({ ok: false, error: expect.stringContaining("not UTF-8 text") });
    expect(decodeTextUpload(Buffer.from(csv, "utf16le"), limits)).toMatchObject({ ok: false, error: expect.stringContaining("not a text file") });
    expect(decodeTextUpload(Buffer.from([0xff, 0xfe, 0x00, 0xd8]), limits)).toMatchObject({ ok: false });
  });

  it("is refused when a line is longer than the limit, naming the line", () => {
    expect(decodeTextUpload(Buffer.from(`a\nb\n${"x".repeat(101)}\nc`), limits)).toEqual({ ok: false, error: "Line 3 is 101 characters long; a line may have at most 100." });
    expect(decodeTextUpload(Buffer.from(`a\n${"x".repeat(100)}`), limits)).toMatchObject({ ok: true });
  });
});
