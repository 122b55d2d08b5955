/** An e-mail as it went out: its HTML in a frame that runs nothing of it, and its text part folded below. */
export function EmailCopy({ title, html, text }: { title: string; html: string; text: string }) {
  return (
    <>
      <iframe title={title} srcDoc={html} sandbox="" className="h-[32rem] w-full rounded-md border bg-white" />
      <details>
        <summary className="cursor-pointer text-sm font-medium">Text version</summary>
        {/* A long text scrolls in its box: focusable, so the keyboard scrolls it too (WCAG 2.1.1). */}
        <pre tabIndex={0} role="region" aria-label={`${title}, text version`} className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap wrap-anywhere rounded-md border bg-muted/40 p-3 text-sm">
          {text}
        </pre>
      </details>
    </>
  );
}
