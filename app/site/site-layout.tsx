import { Link, Outlet, useLoaderData } from "react-router";
import { getOrganizationSettings } from "~/settings/settings.server";
import { SkipLink } from "~/ui/skip-link";
import type { Route } from "./+types/site-layout";
import { InquiryDialogProvider } from "./inquiry-dialog";
import { SiteHeader } from "./site-header";
import { SITE_NAVIGATION } from "./site-navigation";

export async function loader(_: Route.LoaderArgs) {
  const settings = await getOrganizationSettings();
  return {
    companyName: settings.companyName ?? "Our Studio",
    email: settings.replyToEmail,
  };
}

export default function SiteLayout() {
  const { companyName, email } = useLoaderData<typeof loader>();
  return (
    <InquiryDialogProvider>
      <SkipLink />
      <SiteHeader companyName={companyName} />
      <main id="main-content" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
          <div>
            <p className="text-lg font-bold">{companyName}</p>
            <p className="mt-2 text-sm text-muted-foreground">
              Websites for small businesses, built by twin sisters in Dallas-Fort Worth.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-2 text-sm">
            {SITE_NAVIGATION.map((item) => (
              <Link key={item.to} to={item.to} className="text-muted-foreground hover:text-foreground">
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="text-sm text-muted-foreground">
            {email ? (
              <a className="hover:text-foreground" href={`mailto:${email}`}>
                {email}
              </a>
            ) : null}
            <p className="mt-1">Dallas-Fort Worth, Texas</p>
            <p className="mt-4">
              © {new Date().getFullYear()} {companyName}
            </p>
          </div>
        </div>
      </footer>
    </InquiryDialogProvider>
  );
}
