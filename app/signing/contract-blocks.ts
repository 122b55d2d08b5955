// How a contract's text is laid out in its PDF: a small, fixed reading of it, so that the signed
// text is shown as it was written (no markup beyond headings).

export type ContractBlock = { kind: "heading"; level: number; text: string } | { kind: "paragraph"; text: string };

/** The contract's headings (lines starting `# `, `## `, `### `, as in Markdown) and paragraphs (lines between blank lines, their breaks kept). */
export function contractBlocks(text: string): ContractBlock[] {
  const blocks: ContractBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = /^(#{1,6})(?:\s+(.*))?$/.exec(line.trimEnd());
    if (heading) {
      endParagraph();
      if (heading[2]?.trim()) blocks.push({ kind: "heading", level: heading[1].length, text: heading[2].trim() });
    } else if (line.trim() === "") {
      endParagraph();
    } else {
      paragraph.push(line.trimEnd());
    }
  }
  endParagraph();
  return blocks;
}
