import CheckCircle2 from "lucide-react/icons/circle-check";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import type { Route } from "./+types/how-it-works-page";
import { InquiryLink } from "./inquiry-link";
import { publicPageMeta } from "./seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "How It Works",
    description:
      "From your first message to launch day in three to four weeks: inquiry, discovery call, design and build, review, launch and support.",
    path: "/how-it-works",
  });

const STEPS = [
  {
    when: "Day 1",
    title: "Inquiry form",
    text: "Tell us about your business in a two-minute form: what you sell, who your customers are and what the site should do. No obligation.",
  },
  {
    when: "Day 2-3",
    title: "Discovery call",
    text: "A friendly 30-minute call with both of us. We listen, ask about your goals, and recommend the package that fits, with a fixed price.",
  },
  {
    when: "Week 1-2",
    title: "Design and build",
    text: "We design your pages, write or polish your copy, prepare your photos and build the site. You see progress along the way.",
  },
  {
    when: "Week 2-3",
    title: "Review and revise",
    text: "You click through the real site on your phone and computer and tell us what to change. Your package's revisions are included.",
  },
  {
    when: "Week 3-4",
    title: "Launch and support",
    text: "We connect your domain, launch, and show you how to update the basics. After launch we're still a message away.",
  },
];

const INCLUDED = [
  "A design made for your business, not a reused template",
  "Mobile-first pages that load fast on any phone",
  "Search-engine basics: titles, descriptions and a sitemap",
  "Contact or inquiry form that reaches your inbox",
  "Secure hosting set-up and HTTPS",
  "Help connecting your own domain name",
  "A walkthrough of your finished site",
  "Straight answers from the two people who built it",
];

export default function HowItWorksPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">How It Works</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Five clear steps from your first message to a website you're proud to share. Most sites launch within three to
            four weeks.
          </p>
        </div>
      </section>
      <section aria-labelledby="steps-heading" className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <h2 id="steps-heading" className="sr-only">
          The five steps
        </h2>
        <ol className="grid gap-6">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-5 rounded-xl border bg-card p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <p className="text-sm font-semibold text-primary">{step.when}</p>
                <h3 className="text-xl font-semibold">{step.title}</h3>
                <p className="mt-2 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="included-heading" className="bg-muted/50">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
          <h2 id="included-heading" className="text-3xl font-bold tracking-tight">Every package includes</h2>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <InquiryLink preset={{}} className={cn(buttonVariants({ size: "lg" }), "mt-10")}>
            Start Your Project
          </InquiryLink>
        </div>
      </section>
    </>
  );
}
