import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README and docs/ name files of the repository (a module, a test, a script, a decision).
// A file renamed or removed leaves a reader at a dead end, so each path they name must exist.
// Checked: every link's target (relative to the Markdown file, as a reader follows it), and every
// word that starts with a top-level folder of the repository (`app/…`, `tests/…`, `docs/…`),
// in prose, code spans and code blocks alike (from the repository's root). A code span holding
// another file path with a folder (`ui/dialog.tsx`) is looked for from the root and from app/.
// Not checked: URLs, globs and placeholders (`*`, `{id}`, `NNN`, `…`), and the paths of a running
// machine (`/etc/…`, `/usr/bin/chromium`, `./data`, `../main-checkout`).

const root = path.resolve(".");

/** The folders at the top of the repository that docs name (not what a build or a run makes). */
const MADE_BY_RUNNING = new Set(["node_modules", "build", "data", "test-results", "coverage", ".git", ".react-router"]);
const topFolders = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !MADE_BY_RUNNING.has(entry.name))
  .map((entry) => entry.name);

const FILE_EXTENSION = /\.(ts|tsx|mts|js|mjs|cjs|json|md|sql|css|sh|yml|yaml)$/;
/** Globs and placeholders: a pattern or an example, not one file. */
const NOT_ONE_PATH = /[*?{}<>…$%|\\]|NNN|\bX{2,}\b/;

type NamedPath = { path: string; line: number; from: "link" | "word" | "code" };

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every repository path a Markdown text names, with its line. */
function namedPaths(markdown: string, folders: readonly string[] = topFolders): NamedPath[] {
  const found: NamedPath[] = [];
  const startsInRepo = new RegExp(`(?<![\\w./~-])((?:${folders.map(escapeForRegExp).join("|")})/[\\w./@+\\-…*{}<>$%]*)`, "g");
  markdown.split("\n").forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = (match[1] ?? "").split("#")[0] ?? "";
      if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      found.push({ path: target, line, from: "link" });
    }
    for (const match of text.matchAll(startsInRepo)) {
      found.push({ path: (match[1] ?? "").replace(/[.,;:]+$/, ""), line, from: "word" });
    }
    for (const match of text.matchAll(/`([^`\s]+)`/g)) {
      const span = match[1] ?? "";
      const first = span.split("/")[0] ?? "";
      if (!span.includes("/") || folders.includes(first) || MADE_BY_RUNNING.has(first) || span.startsWith("/") || span.startsWith(".")) continue;
      if (!FILE_EXTENSION.test(span)) continue;
      found.push({ path: span, line, from: "code" });
    }
  });
  // A link is followed from its file, `../` included; a word or a code span starting so names a machine's path.
  return found.filter((named) => !NOT_ONE_PATH.test(named.path) && (named.from === "link" || !/^(\/|~|\.\/data|\.\.\/)/.test(named.path)));
}

/** The named paths of one Markdown file that do not exist. */
function missingIn(file: string): string[] {
  const markdown = fs.readFileSync(path.join(root, file), "utf8");
  return namedPaths(markdown)
    .filter(({ path: named, from }) => {
      if (from === "link") return !fs.existsSync(path.resolve(path.dirname(path.join(root, file)), named));
      // A code span may name a module from inside app/, as the code's own comments do (`forms/zod.ts`).
      if (from === "code") return !fs.existsSync(path.join(root, named)) && !fs.existsSync(path.join(root, "app", named));
      return !fs.existsSync(path.join(root, named));
    })
    .map(({ path: named, line }) => `${file}:${line}: ${named}`);
}

function markdownFilesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const documents = ["README.md", ...markdownFilesUnder("docs")];

describe("the paths the README and docs/ name", () => {
  it("are found in links, prose, code spans and code blocks; URLs, globs, placeholders and a machine's paths are not", () => {
    const sample = [
      "See [the decision](decisions/036-a-test-suite-in-minutes.md#why) and [Backups](#backups).",
      "Run `npx vitest run tests/integration/email-delivery.test.ts`; the module app/leads/leads-page.tsx, then `app/ui/dialog.tsx`.",
      "Not these: https://example.com/app/x.ts, `docs/decisions/NNN-title.md`, `app/**/*.test.ts`, docs/decisions/036-…md,",
      "/etc/systemd/system/agency.service, /usr/bin/chromium, `./data`, `../main-checkout`, `date-fns/format`, `/admin/leads`.",
      "```",
      "node bench/first-tap.mjs --out scripts/none.mjs",
      "```",
      "A bare `ui/dialog.tsx` names a file from the root; [the README](../README.md#configuration) is followed from here.",
    ].join("\n");
    expect(namedPaths(sample, ["app", "bench", "docs", "scripts", "tests"])).toEqual([
      { path: "decisions/036-a-test-suite-in-minutes.md", line: 1, from: "link" },
      { path: "tests/integration/email-delivery.test.ts", line: 2, from: "word" },
      { path: "app/leads/leads-page.tsx", line: 2, from: "word" },
      { path: "app/ui/dialog.tsx", line: 2, from: "word" },
      { path: "bench/first-tap.mjs", line: 6, from: "word" },
      { path: "scripts/none.mjs", line: 6, from: "word" },
      { path: "../README.md", line: 8, from: "link" },
      { path: "ui/dialog.tsx", line: 8, from: "code" },
    ]);
  });

  it("covers the README and every Markdown file under docs/", () => {
    expect(documents).toContain("README.md");
    expect(documents).toContain("docs/operations.md");
    expect(documents).toContain("docs/testing.md");
    expect(documents.filter((file) => file.startsWith("docs/decisions/")).length).toBeGreaterThan(40);
  });

  it.each(documents)("%s names only paths that exist", (file) => {
    expect(missingIn(file)).toEqual([]);
  });

  it.each(documents.filter((file) => /^docs\/decisions\/\d{3}/.test(file)))("%s says its status (accepted, or superseded by NNN)", (file) => {
    const record = fs.readFileSync(path.join(root, file), "utf8");
    expect(record.split("\n").slice(0, 6).join("\n")).toMatch(/^Status: (accepted|superseded by \d{3})/m);
  });

  it("the README is a front door: at most 250 lines, starting with the two commands", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
    expect(readme).toMatch(/^# .+\n\n```\nnpm install && npm start {2,}# .+\nnpm test {2,}# .+\n```\n/);
  });
});
