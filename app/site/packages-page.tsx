import MailCheck from "lucide-react/icons/mail-check";
import { useState } from "react";
import { Link, useActionData, useLoaderData } from "react-router";
import { answerPromoClaim } from "~/leads/capture-actions.server";
import type { ClaimedPromo, PromoClaimResult } from "~/leads/capture-outcome";
import { siteTiers } from "~/organization/settings.server";
import { LAUNCH_OFFER_TIER } from "~/organization/tier-catalog";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/packages-page";
import { clientAddressOf } from "~/request-safety/client-address.server";
import { PackageCards } from "./package-cards";
import { daysText, launchOfferPricesFrom, useLaunchOffer } from "./launch-offer";
import { PromoClaimForm } from "./promo-claim-form";
import { publicPageMeta } from "./seo";
import { SiteMockup } from "./site-mockup";
import { tierPrice } from "./tier-display";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const { promoPrice } = launchOfferPricesFrom(matches);
  // Each package with its price as the catalog has it: "Starter ($99 with the launch offer), Growth Site ($249), Professional Automation".
  const packages = (data?.tiers ?? []).map((tier) => {
    const price = tierPrice(tier);
    if (tier.isCustomQuote) return tier.name;
    return `${tier.name} (${price.headline}${price.regular ? " with the launch offer" : ""})`;
  });
  return publicPageMeta(matches, {
    title: "Website Packages and Pricing",
    description: `Four one-time-fee website packages: ${new Intl.ListFormat("en", { type: "conjunction" }).format(packages)}. Claim your ${promoPrice} code.`,
    path: "/packages",
  });
};

export async function loader(_: Route.LoaderArgs) {
  return { tiers: await siteTiers() };
}

// The claim form posts here when JavaScript is off; the page then shows the code or the problem.
export async function action({ request, context }: Route.ActionArgs) {
  return answerPromoClaim(request, clientAddressOf(context));
}

const EXAMPLES = [
  { label: "Example Starter website: a one-page landing site", variant: "landing", accent: "#0f5c5e", caption: "Starter: one polished page" },
  { label: "Example Growth Site: a menu and services page", variant: "menu", accent: "#a34a28", caption: "Growth Site: menus and services" },
  { label: "Example Professional Automation site: online booking", variant: "booking", accent: "#5b3fa0", caption: "Professional: bookings and payments" },
  { label: "Example Premium Suite: a business dashboard", variant: "dashboard", accent: "#1d5fa8", caption: "Premium: your business dashboard" },
] as const;

export default function PackagesPage() {
  const { tiers } = useLoaderData<typeof loader>();
  const posted = useActionData<PromoClaimResult>();
  const [claimed, setClaimed] = useState<ClaimedPromo | null>(null);
  const shown = claimed ?? (posted?.ok ? posted : null);
  const { tierName, promoPrice, regularPrice, promoDays } = useLaunchOffer();
  const offerTier = tiers.find((tier) => tier.tier === LAUNCH_OFFER_TIER);

  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Website Packages</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Pick the package that fits today. Every price is a one-time fee, and every site can grow with you later.
          </p>
        </div>
      </section>

      <section aria-label="Packages" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <PackageCards
          tiers={tiers}
          headingLevel="h2"
          action={() => (
            <Link to="/#contact" className={cn(buttonVariants({ variant: "outline" }), "w-full")}>Request a Quote</Link>
          )}
        />
      </section>

      <section aria-labelledby="examples-heading" className="render-near-viewport mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="examples-heading" className="text-3xl font-bold tracking-tight">What each package looks like</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {EXAMPLES.map((example) => (
            <li key={example.caption} className="rounded-xl border bg-card p-4 shadow-sm">
              <SiteMockup label={example.label} variant={example.variant} accent={example.accent} className="h-auto w-full" />
              <p className="mt-3 text-sm font-medium">{example.caption}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="claim" aria-labelledby="claim-heading" className="render-near-viewport scroll-mt-20 bg-muted/50">
        <div className="mx-auto grid max-w-5xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="claim-heading" className="text-3xl font-bold tracking-tight">
              Claim your {promoPrice} {tierName} website
            </h2>
            <p className="mt-4 text-muted-foreground">
              Our launch offer: the complete {tierName} package, normally {regularPrice}, for {promoPrice}. Enter your details and
              we'll e-mail you a personal promo code, valid for {daysText(promoDays)}. Use it when you're ready to start; there's
              nothing to pay today.
            </p>
            {offerTier ? (
              <ul className="mt-6 grid gap-2 text-sm">
                {offerTier.features.map((feature) => (
                  <li key={feature}>• {feature}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            {shown ? (
              <div role="status" className="grid gap-3 text-center">
                <MailCheck className="mx-auto size-10 text-success" aria-hidden="true" />
                <p className="text-lg font-semibold">
                  {shown.alreadyClaimed ? "You already have a code — here it is again" : "Your promo code is ready"}
                </p>
                <p className="rounded-lg border-2 border-dashed border-primary bg-primary/5 px-4 py-3 font-mono text-2xl font-bold tracking-wider" data-testid="promo-code">
                  {shown.code}
                </p>
                <p className="text-sm text-muted-foreground">
                  We also sent it to <strong className="text-foreground">{shown.email}</strong>. It is valid until {shown.expiresOn}.
                </p>
              </div>
            ) : (
              <PromoClaimForm
                placement="packages_page"
                idPrefix="packages-claim"
                initialOutcome={posted && !posted.ok ? posted : undefined}
                onClaimed={setClaimed}
              />
            )}
          </div>
        </div>
      </section>
    </>
  );
}
