import * as React from "react";
import { Outlet, useNavigate, useRouteError } from "react-router";
import { caughtRecordNotFound } from "~/http/record-not-found";
import { LinkButton } from "~/ui/button";
import { toast } from "~/ui/toaster";

/**
 * Every back-office page sits in this frame, inside the admin shell: what a page's loader could
 * not show (a record that is not there, a fault) is answered here, with the navigation still
 * around it, instead of replacing the whole back-office with the site's error page.
 */
export default function AdminPageFrame() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = caughtRecordNotFound(error);
  const back = notFound?.back ?? { href: "/admin", label: "Back to Dashboard" };
  useReturnToList(notFound?.back ? { message: notFound.notFound, href: notFound.back.href } : null);
  return (
    <section className="grid justify-items-start gap-3 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{notFound ? notFound.notFound : "Something went wrong"}</h1>
      <p className="text-muted-foreground">
        {notFound ? "It may have been deleted, or the link is mistyped." : "This page could not be shown. Please try again in a moment."}
      </p>
      <LinkButton to={back.href} variant="outline">
        {back.label}
      </LinkButton>
    </section>
  );
}

/**
 * A record page whose record is not there returns to its list with the message as a toast (spec
 * 001: 'Project not found', back to /admin/projects). A browser's navigation is redirected there
 * by the server (app/forms/record-page.server.ts); a client-side navigation or a revalidation
 * gets the 404, and goes there from here, in place of this page. What is rendered above stays
 * for the moment until then (and for a browser without the app).
 */
function useReturnToList(missing: { message: string; href: string } | null) {
  const navigate = useNavigate();
  const message = missing?.message;
  const href = missing?.href;
  React.useEffect(() => {
    if (!message || !href) return;
    // One toast however often this runs for the same miss (its id).
    toast.error(message, { id: `not-found:${href}` });
    void navigate(href, { replace: true });
  }, [message, href, navigate]);
}
