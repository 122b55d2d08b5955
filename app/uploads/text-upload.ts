/**
 * An uploaded text file (a CSV), decoded: UTF-8 with or without its byte-order mark, or UTF-16
 * with one (what spreadsheets write as "Unicode text"). Anything else is refused with what to do,
 * as is a line too long for the list it should be. Pure.
 */
import { formatCount } from "~/formatting/dates";
export type DecodedText = { ok: true; text: string } | { ok: false; error: string };

function longestLine(text: string): { line: number; length: number } {
  let longest = { line: 0, length: 0 };
  let start = 0;
  let line = 1;
  for (;;) {
    const end = text.indexOf("\n", start);
    const length = (end === -1 ? text.length : end) - start;
    if (length > longest.length) longest = { line, length };
    if (end === -1) return longest;
    start = end + 1;
    line += 1;
  }
}

export function decodeTextUpload(bytes: Uint8Array, { maxLineLength }: { maxLineLength: number }): DecodedText {
  let text: string;
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  try {
    if (starts(0xef, 0xbb, 0xbf)) text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    else if (starts(0xff, 0xfe)) text = new TextDecoder("utf-16le", { fatal: true }).decode(bytes);
    else if (starts(0xfe, 0xff)) text = new TextDecoder("utf-16be", { fatal: true }).decode(bytes);
    else {
      if (bytes.includes(0)) return { ok: false, error: "The file is not a text file (it holds zero bytes). Save it as “CSV UTF-8” and upload that." };
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    }
  } catch {
    return { ok: false, error: "The file is not UTF-8 text. Save it as “CSV UTF-8” (Excel: File › Save As › CSV UTF-8) and upload that." };
  }
  const longest = longestLine(text);
  if (longest.length > maxLineLength) {
    return {
      ok: false,
      error: `Line ${formatCount(longest.line)} is ${formatCount(longest.length)} characters long; a line may have at most ${formatCount(maxLineLength)}.`,
    };
  }
  return { ok: true, text };
}
