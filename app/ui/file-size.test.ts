import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("a file's size", () => {
  it("reads in KB below a megabyte, MB below a gigabyte, then GB", () => {
    expect(formatFileSize(10)).toBe("1 KB");
    expect(formatFileSize(840 * 1024)).toBe("840 KB");
    expect(formatFileSize(5.24 * 1024 * 1024)).toBe("5.2 MB");
    expect(formatFileSize(1.3 * 1024 * 1024 * 1024)).toBe("1.3 GB");
  });
});
