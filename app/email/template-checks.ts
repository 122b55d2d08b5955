import { TEMPLATE_VARIABLE_NAMES } from "./template-variables";

/**
 * What is wrong with a template's text before it is saved: placeholders are plain `{{Name}}`
 * substitutions of the variable catalog, nothing else. Pure: the editor shows these as you type,
 * and the save action refuses with the same messages.
 */
export type TemplateProblem = { kind: "unknown_variable" | "broken_placeholder" | "image_without_alt"; text: string; message: string };

/** Exactly what `renderEmailTemplate` fills: `{{Name}}`, spaces inside the braces allowed. */
const WELL_FORMED = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** A short quote of the text around a broken placeholder, one line. */
function quoteAround(source: string, start: number, end: number): string {
  const from = Math.max(0, start);
  const to = Math.min(source.length, end);
  return source.slice(from, to).replace(/\s+/g, " ").trim();
}

export function placeholderProblems(source: string, known: ReadonlySet<string> = TEMPLATE_VARIABLE_NAMES): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: TemplateProblem) => {
    const key = `${problem.kind}:${problem.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  // Blank out each well-formed placeholder (same length, so positions hold) and look at what braces remain.
  let rest = "";
  let last = 0;
  for (const match of source.matchAll(WELL_FORMED)) {
    const start = match.index;
    const end = start + match[0].length;
    const name = match[1] ?? "";
    // `{{{Name}}}` renders a brace around the value: a typo, not a placeholder.
    if (source[start - 1] === "{" || source[end] === "}") {
      add(broken(quoteAround(source, start - 1, end + 1)));
    } else if (!known.has(name)) {
      add({ kind: "unknown_variable", text: name, message: `Unknown variable {{${name}}}: use one of the variables listed beside the editor` });
    }
    rest += source.slice(last, start) + " ".repeat(match[0].length);
    last = end;
  }
  rest += source.slice(last);
  for (const stray of rest.matchAll(/\{\{|\}\}/g)) {
    const start = stray.index;
    if (stray[0] === "{{") {
      const close = rest.indexOf("}}", start + 2);
      const lineEnd = rest.indexOf("\n", start);
      const stop = close >= 0 && (lineEnd < 0 || close < lineEnd) && close - start <= 40 ? close + 2 : Math.min(start + 2 + 12, lineEnd < 0 ? rest.length : lineEnd);
      add(broken(quoteAround(source, start, stop)));
    } else if (!rest.slice(Math.max(0, start - 42), start).includes("{{")) {
      // A closing pair without its opening pair (`{Name}}`): quote the word before it.
      const before = source.slice(0, start);
      const wordStart = Math.max(before.search(/[^\s]*$/), start - 14);
      add(broken(quoteAround(source, wordStart, start + 2)));
    }
  }
  return problems;
}

function broken(text: string): TemplateProblem {
  return { kind: "broken_placeholder", text, message: `Broken placeholder “${text}”: write a variable as {{Name}}` };
}

/** Images need alt text: mail clients block images by default and show the alt instead. */
export function imagesWithoutAlt(html: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    if (!/\salt\s*=\s*("[^"]*\S[^"]*"|'[^']*\S[^']*'|[^\s"'>]+)/i.test(match[0])) {
      const source = /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(match[0])?.[1] ?? "an image";
      problems.push({ kind: "image_without_alt", text: match[0], message: `Add alt text to the image ${source}: mail clients often hide images and show it instead` });
    }
  }
  return problems;
}

/** The problems of each field the editor has, in the editor's field names. */
export type TemplateFields = { subject: string; preheader: string; bodyHtml: string; bodyText: string };

export function templateProblems(fields: TemplateFields): Partial<Record<keyof TemplateFields, TemplateProblem[]>> {
  const result: Partial<Record<keyof TemplateFields, TemplateProblem[]>> = {};
  const put = (field: keyof TemplateFields, problems: TemplateProblem[]) => {
    if (problems.length > 0) result[field] = problems;
  };
  put("subject", placeholderProblems(fields.subject));
  put("preheader", placeholderProblems(fields.preheader));
  put("bodyHtml", [...placeholderProblems(fields.bodyHtml), ...imagesWithoutAlt(fields.bodyHtml)]);
  put("bodyText", placeholderProblems(fields.bodyText));
  return result;
}

/** One field's problems as the one message its field error shows (the first two, then a count). */
export function problemsMessage(problems: readonly TemplateProblem[]): string {
  const shown = problems.slice(0, 2).map((problem) => problem.message);
  const more = problems.length - shown.length;
  return more > 0 ? `${shown.join(". ")} (and ${more} more)` : shown.join(". ");
}
