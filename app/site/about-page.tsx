import Eye from "lucide-react/icons/eye";
import HandCoins from "lucide-react/icons/hand-coins";
import Heart from "lucide-react/icons/heart";
import Layers from "lucide-react/icons/layers";
import LifeBuoy from "lucide-react/icons/life-buoy";
import Sparkles from "lucide-react/icons/sparkles";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/about-page";
import { InquiryLink } from "./inquiry-link";
import { useLaunchOffer } from "./launch-offer";
import { publicPageMeta } from "./seo";
import { FeatureCards } from "./feature-cards";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "About Us",
    description:
      "We're twin sisters in Dallas-Fort Worth building affordable, honest websites for caterers, party-rental firms and local businesses.",
    path: "/about",
  });

/** Why choose us, with the launch offer's price as the catalog has it. */
const reasons = (promoPrice: string) => [
  { icon: Eye, title: "Transparency", text: "A fixed price before we start, a clear plan for every week, and no hidden fees. Ever." },
  { icon: HandCoins, title: "Affordability", text: `One-time fees sized for small businesses, starting at ${promoPrice} with our launch offer.` },
  { icon: Layers, title: "Scalability", text: "Start with one page; add booking, payments or a full business suite when you're ready." },
  { icon: LifeBuoy, title: "Real support", text: "You get the two of us, by e-mail or phone, before and after launch. No call centers." },
];

export default function AboutPage() {
  const { promoPrice } = useLaunchOffer();
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">About Us</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Two sisters, one mission: help the small businesses we love look as good online as they are in real life.
          </p>
        </div>
      </section>

      <section aria-labelledby="story-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h2 id="story-heading" className="text-3xl font-bold tracking-tight">Our story</h2>
        <div className="mt-6 grid gap-4 text-lg leading-relaxed text-muted-foreground">
          <p>
            We're identical twins, born and raised in Dallas-Fort Worth. One of us spent years writing software; the other
            spent them planning events, working side by side with caterers, florists and rental companies across the
            Metroplex.
          </p>
          <p>
            Over and over, we met business owners who were brilliant at what they did, yet invisible online. A caterer whose
            food had people lining up, with only a social-media page and a phone number. A bounce-house company turning
            away weekend bookings because every order came in by text.
          </p>
        </div>
      </section>

      <section aria-labelledby="inspiration-heading" className="bg-muted/50">
        <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2">
          <div>
            <Sparkles className="size-8 text-primary" aria-hidden="true" />
            <h2 id="inspiration-heading" className="mt-4 text-2xl font-bold">What inspired us</h2>
            <p className="mt-3 text-muted-foreground">
              The agencies they called quoted thousands of dollars and monthly retainers. The do-it-yourself builders ate
              their evenings. We knew we could do better: combine real design and engineering with an event planner's
              feel for what customers need, at a price a small business can say yes to.
            </p>
          </div>
          <div>
            <Heart className="size-8 text-primary" aria-hidden="true" />
            <h2 className="mt-4 text-2xl font-bold">Our mission</h2>
            <p className="mt-3 text-muted-foreground">
              To give every small business a website that earns its keep: one that brings in inquiries, answers customers'
              questions before they ask, and takes bookings while you're busy doing the work you love.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="why-heading" className="text-3xl font-bold tracking-tight">Why choose us</h2>
        <FeatureCards features={reasons(promoPrice)} className="mt-8" />
      </section>

      <section aria-labelledby="dream-heading" className="bg-primary text-primary-foreground">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
          <h2 id="dream-heading" className="text-3xl font-bold tracking-tight">From dream to digital</h2>
          <p className="mt-4 opacity-90">
            Every business starts as somebody's dream. Tell us about yours, and we'll turn it into a website that works as
            hard as you do. Your first conversation with us is free, friendly and without obligation.
          </p>
          <InquiryLink preset={{}} className={cn(buttonVariants({ size: "lg", variant: "secondary" }), "mt-8")}>
            Start Your Project
          </InquiryLink>
        </div>
      </section>
    </>
  );
}
