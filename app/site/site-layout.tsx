import { Link, Outlet, useLoaderData, useMatches } from "react-router";
import { config } from "~/config.server";
import { siteSettings, siteTiers } from "~/organization/settings.server";
import { SkipLink } from "~/ui/skip-link";
import type { Route } from "./+types/site-layout";
import { InquiryDialogProvider } from "./inquiry-dialog";
import { LaunchOfferProvider } from "./launch-offer";
import { launchOfferFor } from "./launch-offer.server";
import { PromoOfferOnWideScreens } from "./promo-offer-on-wide-screens";
import { SiteHeader } from "./site-header";
import { SITE_NAVIGATION } from "./site-navigation";
import { priceRangeOf } from "./tier-display";

export async function loader({ request }: Route.LoaderArgs) {
  const [settings, tiers] = await Promise.all([siteSettings(), siteTiers()]);
  return {
    companyName: settings.companyName ?? "Sister Site Studio",
    email: settings.replyToEmail,
    publicUrl: config().publicUrl,
    popupDelayMs: settings.promoPopupDelaySeconds * 1000,
    offer: await launchOfferFor(request, settings, tiers),
    priceRange: priceRangeOf(tiers),
  };
}

/** JSON-LD for search engines: who the agency is and where it works. */
function organizationJsonLd({ companyName, email, publicUrl, priceRange }: { companyName: string; email: string | null; publicUrl: string; priceRange: string | null }) {
  const organization = {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: companyName,
    url: `${publicUrl}/`,
    description:
      "One-time-fee websites for caterers, party-rental firms, startups and local service businesses, built by twin sisters in Dallas-Fort Worth.",
    ...(email ? { email } : {}),
    areaServed: "Dallas-Fort Worth, Texas",
    address: { "@type": "PostalAddress", addressLocality: "Dallas-Fort Worth", addressRegion: "TX", addressCountry: "US" },
    ...(priceRange ? { priceRange } : {}),
  };
  // `<` escaped so that no value can close the script element.
  return JSON.stringify(organization).replaceAll("<", "\\u003c");
}

export default function SiteLayout() {
  const { companyName, email, publicUrl, popupDelayMs, offer, priceRange } = useLoaderData<typeof loader>();
  // A page may ask for no promo popup (the unsubscribe page: nobody leaving wants an offer).
  const hidePromoOffer = useMatches().some((match) => (match.handle as { hidePromoOffer?: boolean } | undefined)?.hidePromoOffer);
  return (
    <LaunchOfferProvider value={offer}>
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
                Websites for small businesses, built by twin sisters in Dallas-Fort Worth. One price, no monthly surprises.
              </p>
            </div>
            <nav aria-label="Footer" className="grid grid-cols-2 gap-2 text-sm">
              {SITE_NAVIGATION.map((item) => (
                <Link key={item.to} to={item.to} className="py-1 text-muted-foreground hover:text-foreground">
                  {item.label}
                </Link>
              ))}
            </nav>
            <div className="text-sm text-muted-foreground">
              {email ? (
                <a className="underline-offset-4 hover:text-foreground hover:underline" href={`mailto:${email}`}>
                  {email}
                </a>
              ) : null}
              <p className="mt-1">Phone on request</p>
              <p className="mt-1">Dallas-Fort Worth, Texas</p>
              <p className="mt-4">
                © {new Date().getFullYear()} {companyName}
              </p>
            </div>
          </div>
        </footer>
        {hidePromoOffer ? null : <PromoOfferOnWideScreens popupDelayMs={popupDelayMs} />}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationJsonLd({ companyName, email, publicUrl, priceRange }) }} />
      </InquiryDialogProvider>
    </LaunchOfferProvider>
  );
}
