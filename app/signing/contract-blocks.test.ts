import { describe, expect, it } from "vitest";
import { contractBlocks } from "./contract-blocks";

describe("the contract's blocks", () => {
  it("reads headings from # lines and paragraphs between blank lines, keeping each paragraph's line breaks", () => {
    const text = "# Services agreement\r\n\r\nBetween Northwind Studio\r\nand Ann Lee.\n\n\n## 1. Scope\n- Design\n- Build\n###   Payment  \nDeposit 30%.\n#\n";
    expect(contractBlocks(text)).toEqual([
      { kind: "heading", level: 1, text: "Services agreement" },
      { kind: "paragraph", text: "Between Northwind Studio\nand Ann Lee." },
      { kind: "heading", level: 2, text: "1. Scope" },
      { kind: "paragraph", text: "- Design\n- Build" },
      { kind: "heading", level: 3, text: "Payment" },
      { kind: "paragraph", text: "Deposit 30%." },
    ]);
  });

  it("has nothing for an empty text, and a paragraph for text without headings", () => {
    expect(contractBlocks("")).toEqual([]);
    expect(contractBlocks("  \n\n")).toEqual([]);
    expect(contractBlocks("Just one line")).toEqual([{ kind: "paragraph", text: "Just one line" }]);
    expect(contractBlocks("#1 priority: launch")).toEqual([{ kind: "paragraph", text: "#1 priority: launch" }]);
  });
});
