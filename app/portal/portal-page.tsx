import { Link } from "react-router";

/** A page of the portal past its home: the way back to the home's section, and the page's card with its heading (or the content's own). */
export function PortalPage({ back, title, children }: { back: string; title?: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <p>
        <Link to={back} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          ← Back to your portal
        </Link>
      </p>
      <section aria-labelledby={title ? "portal-page-title" : undefined} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
        {title ? (
          <h1 id="portal-page-title" className="text-2xl font-bold tracking-tight">
            {title}
          </h1>
        ) : null}
        {children}
      </section>
    </>
  );
}
