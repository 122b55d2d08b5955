import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// Poppler's tools (Debian's poppler-utils), the outside judges of a PDF (docs/testing.md): its text
// as pdftotext extracts it, and its signatures as pdfsig verifies them.

const run = promisify(execFile);

async function withFile<T>(pdf: Uint8Array, read: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), "pdf-tools-"));
  try {
    const file = path.join(folder, "document.pdf");
    await writeFile(file, pdf);
    return await read(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The PDF's text, one entry per page (pdftotext ends each page with a form feed). */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    return stdout.split("\f").slice(0, -1);
  });
}

/** What pdfsig says of the PDF's signatures (it exits non-zero for an invalid one: its report is what counts). */
export async function pdfSignatures(pdf: Uint8Array): Promise<string> {
  return withFile(pdf, async (file) => {
    try {
      const { stdout, stderr } = await run("pdfsig", [file]);
      return stdout + stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
    }
  });
}
