import { ArrowRight } from "lucide-react";
import { Button } from "~/ui/button";
import type { Route } from "./+types/home-page";
import { useInquiryDialog } from "./inquiry-dialog";

export const meta: Route.MetaFunction = () => [
  { title: "Websites for small businesses in Dallas-Fort Worth | $99 launch offer" },
  {
    name: "description",
    content:
      "Launch. Grow. Scale. One-time-fee websites for caterers, party-rental firms and local businesses, built by twin sisters in Dallas-Fort Worth. Claim the $99 launch offer.",
  },
];

export default function HomePage() {
  const { openInquiry } = useInquiryDialog();
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="mb-4 inline-block rounded-full bg-primary/10 px-4 py-1 text-sm font-medium text-primary">
            Launch offer: a complete one-page website for $99 (regularly $199)
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Launch. Grow. Scale</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            We build websites that make small businesses look as good online as they are in person: clear, fast,
            mobile-ready, and priced once, with no monthly surprises.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button size="lg" onClick={() => openInquiry({ tier: "1", promo: true })}>
              Claim $99 Offer
            </Button>
            <Button size="lg" variant="outline" asChild>
              <a href="#packages">
                View Packages <ArrowRight className="size-4" aria-hidden="true" />
              </a>
            </Button>
            <Button size="lg" variant="secondary" onClick={() => openInquiry({ tier: "3" })}>
              Get a Custom Quote
            </Button>
          </div>
        </div>
      </section>
      <section id="packages" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">Packages and pricing</h2>
      </section>
    </>
  );
}
