import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarCheck from "lucide-react/icons/calendar-check";
import HeartHandshake from "lucide-react/icons/heart-handshake";
import PartyPopper from "lucide-react/icons/party-popper";
import Rocket from "lucide-react/icons/rocket";
import Smartphone from "lucide-react/icons/smartphone";
import Sparkles from "lucide-react/icons/sparkles";
import UtensilsCrossed from "lucide-react/icons/utensils-crossed";
import Wallet from "lucide-react/icons/wallet";
import * as React from "react";
import { Link, useLoaderData, useLocation } from "react-router";
import { listPackageTiers } from "~/organization/settings.server";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/home-page";
import { REPLY_WITHIN } from "~/organization/reply-promise";
import { InquiryLink } from "./inquiry-link";
import { launchOfferPricesFrom, useLaunchOffer } from "./launch-offer";
import { PackageCards } from "./package-cards";
import { publicPageMeta } from "./seo";
import { SiteMockup } from "./site-mockup";
import { FeatureCards } from "./feature-cards";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Websites for small businesses in Dallas-Fort Worth",
    description:
      `Launch. Grow. Scale. One-time-fee websites for caterers, party-rental firms and local businesses, built by twin sisters in Dallas-Fort Worth. Claim the ${launchOfferPricesFrom(matches).promoPrice} launch offer.`,
    path: "/",
  });

export async function loader(_: Route.LoaderArgs) {
  return { tiers: await listPackageTiers() };
}

const STATS = [
  { value: "87%", label: "trust", detail: "of customers trust a business more when it has a professional website" },
  { value: "5x", label: "ROI", detail: "the typical return on a website that turns visitors into inquiries" },
  { value: "3x", label: "more leads", detail: "when customers can find you, see your work and reach you in one tap" },
];

const VALUES = [
  { icon: Wallet, title: "One honest price", text: "Pay once for your site. No monthly retainers, no surprise invoices, no contracts to untangle." },
  { icon: Smartphone, title: "Made for phones", text: "Most of your customers find you on a phone. Every page we build is fast and easy to use on one." },
  { icon: HeartHandshake, title: "Real people, real support", text: `You talk to the two of us, not a ticket queue. We answer within ${REPLY_WITHIN}, usually sooner.` },
  { icon: Rocket, title: "Live in weeks", text: "From first call to launch in three to four weeks, with clear steps and no jargon along the way." },
];

const METRICS = [
  { value: "+65%", label: "inquiries" },
  { value: "+80%", label: "credibility" },
  { value: "+120%", label: "reach" },
  { value: "+50%", label: "repeat business" },
];

/**
 * The app's own link to a section of this page (a Link to `/#contact`) changes no `:target`: mark
 * the page as jumping before React Router scrolls to the section (this layout effect runs before
 * the root's), so app.css lays every section out and the scroll lands where the section is.
 */
function useSectionJump() {
  const { hash } = useLocation();
  React.useLayoutEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute("data-jump", hash.length > 1);
    return () => root.removeAttribute("data-jump");
  }, [hash]);
}

export default function HomePage() {
  const { tiers } = useLoaderData<typeof loader>();
  const { tierName, promoPrice, regularPrice } = useLaunchOffer();
  useSectionJump();
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="mb-4 inline-block rounded-full bg-primary/10 px-4 py-1 text-sm font-medium text-primary">
            Launch offer: a complete one-page website for {promoPrice} (regularly {regularPrice})
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">Launch. Grow. Scale</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            We're twin sisters in Dallas-Fort Worth who build websites that make small businesses look as good online as
            they are in person: clear, fast, mobile-ready, and priced once, with no monthly surprises.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <InquiryLink preset={{ tier: "1", promo: true }} className={buttonVariants({ size: "lg" })}>
              Claim {promoPrice} Offer
            </InquiryLink>
            <a href="#packages" className={buttonVariants({ variant: "outline", size: "lg" })}>
                View Packages <ArrowRight className="size-4" aria-hidden="true" />
              </a>
            <InquiryLink preset={{ tier: "3" }} className={buttonVariants({ size: "lg", variant: "secondary" })}>
              Get a Custom Quote
            </InquiryLink>
          </div>
          <ul className="mx-auto mt-14 grid max-w-4xl gap-4 sm:grid-cols-3">
            {STATS.map((stat) => (
              <li key={stat.label} className="rounded-xl border bg-card p-6 text-left shadow-sm">
                <p className="text-3xl font-extrabold text-primary">
                  {stat.value} <span className="text-lg font-semibold text-foreground">{stat.label}</span>
                </p>
                <p className="mt-2 text-sm text-muted-foreground">{stat.detail}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="why-heading" className="text-3xl font-bold tracking-tight">Why small businesses choose us</h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          You are busy running your business. We make getting online the easy part.
        </p>
        <FeatureCards features={VALUES} className="mt-10" />
      </section>

      <section id="packages" aria-labelledby="packages-heading" className="render-near-viewport scroll-mt-20 bg-muted/50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="packages-heading" className="text-3xl font-bold tracking-tight">Packages and pricing</h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Four packages, one-time fees. Start small and grow: everything we build can be extended later.
          </p>
          <div className="mt-10">
            <PackageCards
              tiers={tiers}
              action={(tier) =>
                tier.tier === "1" ? (
                  <InquiryLink preset={{ tier: "1", promo: true }} className={cn(buttonVariants(), "w-full")}>
                    Claim the {promoPrice} {tier.name}
                  </InquiryLink>
                ) : (
                  <InquiryLink
                    preset={{ tier: tier.tier as "2" | "3" | "4" }}
                    className={cn(buttonVariants({ variant: "outline", size: "wrap" }), "w-full")}
                  >
                    {tier.isCustomQuote ? `Get a Quote for ${tier.name}` : `Choose ${tier.name}`}
                  </InquiryLink>
                )
              }
            />
          </div>
          <p className="mt-6 text-sm">
            <Link to="/packages" className="font-medium text-primary underline underline-offset-4">
              Compare every package in detail
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="catering-heading" className="render-near-viewport mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <UtensilsCrossed className="size-8 text-primary" aria-hidden="true" />
          <h2 id="catering-heading" className="mt-4 text-3xl font-bold tracking-tight">Websites for caterers</h2>
          <p className="mt-4 text-muted-foreground">
            Your food is already the talk of every party. Give the guests who ask "who catered this?" a place to find you:
            menus that are easy to read on a phone, photos of your spreads, and a request form that collects the date,
            headcount and budget before you ever pick up the phone.
          </p>
          <ul className="mt-4 grid gap-1 text-sm text-muted-foreground">
            <li>• Menus and packages that you can update yourself</li>
            <li>• Event photo gallery</li>
            <li>• Quote requests with every detail you need</li>
          </ul>
          <InquiryLink preset={{ tier: "catering" }} className={cn(buttonVariants(), "mt-6")}>
            Get a Catering Website
          </InquiryLink>
        </div>
        <SiteMockup label="Example catering website with a menu and prices" variant="menu" accent="#a34a28" className="h-auto w-full max-w-lg justify-self-center" />
      </section>

      <section aria-labelledby="rentals-heading" className="render-near-viewport bg-muted/50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <SiteMockup label="Example party-rental website with a booking calendar" variant="booking" accent="#5b3fa0" className="order-last h-auto w-full max-w-lg justify-self-center lg:order-first" />
          <div>
            <PartyPopper className="size-8 text-primary" aria-hidden="true" />
            <h2 id="rentals-heading" className="mt-4 text-3xl font-bold tracking-tight">Websites for party rentals</h2>
            <p className="mt-4 text-muted-foreground">
              Bounce houses, tents, tables and chairs: your customers want to know what is free on their date and whether
              you deliver to them. We build rental sites with live availability, delivery-radius checks and online deposits,
              so bookings arrive while you sleep.
            </p>
            <ul className="mt-4 grid gap-1 text-sm text-muted-foreground">
              <li>• Availability by date</li>
              <li>• Deposits and payments online</li>
              <li>• Automatic confirmations and reminders</li>
            </ul>
            <InquiryLink preset={{ tier: "rentals" }} className={cn(buttonVariants(), "mt-6")}>
              Get a Rental Website
            </InquiryLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="results-heading" className="render-near-viewport mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="results-heading" className="text-3xl font-bold tracking-tight">What a good website does for a small business</h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Typical changes small businesses report in the months after moving from a social-media page alone to a real website.
        </p>
        <ul className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {METRICS.map((metric) => (
            <li key={metric.label} className="rounded-xl border bg-card p-6 text-center shadow-sm">
              <p className="text-4xl font-extrabold text-primary">{metric.value}</p>
              <p className="mt-2 font-medium">{metric.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="contact" aria-labelledby="cta-heading" className="render-near-viewport scroll-mt-20 bg-primary text-primary-foreground">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <Sparkles className="mx-auto size-8" aria-hidden="true" />
          <h2 id="cta-heading" className="mt-4 text-3xl font-bold tracking-tight">Your website for {promoPrice} with our launch offer</h2>
          <p className="mx-auto mt-4 max-w-2xl opacity-90">
            Claim the launch offer and get a complete {tierName} website, normally {regularPrice}. Tell us about your business and we'll
            reply within {REPLY_WITHIN}. Want something bigger? Ask for a quote; it's free.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <InquiryLink preset={{ tier: "1", promo: true }} className={buttonVariants({ size: "lg", variant: "secondary" })}>
              Claim Your {promoPrice} Website
            </InquiryLink>
            <InquiryLink preset={{}} className={buttonVariants({ size: "lg", variant: "outline-inverse" })}>
              <CalendarCheck className="size-4" aria-hidden="true" />
              Request a Quote
            </InquiryLink>
          </div>
        </div>
      </section>
    </>
  );
}
