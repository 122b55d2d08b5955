import { Outlet, useRouteError } from "react-router";
import { caughtRecordNotFound } from "~/http/record-not-found";
import { LinkButton } from "~/ui/button";

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
