import { Form, isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import { useCspNonce } from "~/document/csp-nonce";
import { RememberVisitorZone } from "~/document/visitor-zone";
import { caughtRecordNotFound } from "~/http/record-not-found";
import { getOrganizationSettings } from "~/organization/settings.server";
import { Button } from "~/ui/button";
import { SkipLink } from "~/ui/skip-link";
import type { Route } from "./+types/portal-layout";
import { findPortalClient } from "./portal-session.server";
import { PORTAL_UNAVAILABLE } from "./portal-texts";

// The client portal's frame, in the public site's look (its colours, type and widths), phone first:
// the agency's name, whether someone is signed in, and a way out. Each page guards itself.

// Its pages name themselves; a page the boundary answers (the portal off, a record not found) is "Client portal".
export const meta: Route.MetaFunction = () => [{ title: "Client portal" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getOrganizationSettings();
  const client = settings.clientPortalEnabled ? await findPortalClient(request) : null;
  return { companyName: settings.companyName ?? "Our studio", signedIn: client !== null };
}

function PortalFrame({ companyName, signedIn, children }: { companyName: string; signedIn: boolean; children: React.ReactNode }) {
  const nonce = useCspNonce();
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <RememberVisitorZone nonce={nonce} />
      <SkipLink />
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="grid leading-tight">
            <Link to="/" className="text-lg font-bold tracking-tight">
              {companyName}
            </Link>
            <span className="text-sm text-muted-foreground">Client portal</span>
          </p>
          {signedIn ? (
            <Form method="post" action="/portal?index">
              <input type="hidden" name="intent" value="sign-out" />
              <Button type="submit" variant="outline" size="sm">
                Sign out
              </Button>
            </Form>
          ) : null}
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-6 px-4 py-6 outline-none">
        {children}
      </main>
      <footer className="border-t bg-background">
        <p className="mx-auto max-w-3xl px-4 py-4 text-sm text-muted-foreground">
          © {new Date().getFullYear()} {companyName}
        </p>
      </footer>
    </div>
  );
}

export default function PortalLayout() {
  const { companyName, signedIn } = useLoaderData<typeof loader>();
  return (
    <PortalFrame companyName={companyName} signedIn={signedIn}>
      <Outlet />
    </PortalFrame>
  );
}

/** A portal that is off, a record that is not the client's, or a fault: said inside the portal's frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  // The frame's own data when only a page below it failed.
  const frame = useRouteLoaderData<typeof loader>("portal/portal-layout");
  const missing = caughtRecordNotFound(error);
  const message = missing?.notFound ?? (isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong on our side. Please try again in a moment.");
  const off = message === PORTAL_UNAVAILABLE;
  return (
    <PortalFrame companyName={frame?.companyName ?? "Client portal"} signedIn={frame?.signedIn ?? false}>
      <section className="grid gap-3 rounded-xl border bg-card p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">{off ? "Client portal" : missing ? "Not found" : "Sorry, this page could not be shown"}</h1>
        <p role="alert" className="text-muted-foreground">
          {message}
        </p>
        <p>
          <a className="font-medium text-primary underline" href={off ? "/" : "/portal"}>
            {off ? "Return to Home" : "Back to the client portal"}
          </a>
        </p>
      </section>
    </PortalFrame>
  );
}
