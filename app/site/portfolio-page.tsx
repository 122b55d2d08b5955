import ArrowUpRight from "lucide-react/icons/arrow-up-right";
import { useState } from "react";
import { useLoaderData } from "react-router";
import { onDemand, useOnDemandDialog } from "~/ui/on-demand";
import { isPlainClick } from "~/ui/plain-click";
import type { Route } from "./+types/portfolio-page";
import type { PortfolioEntry } from "./portfolio-entry";
import { listPortfolioItems } from "./portfolio.server";
import { publicPageMeta } from "./seo";
import { SiteMockup } from "./site-mockup";

const portfolioDialog = onDemand(() => import("./portfolio-dialog"));

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    title: "Portfolio",
    description: "Websites we built for a Fort Worth party-rental company and an Arlington home caterer, and what they changed.",
    path: "/portfolio",
  });

export async function loader(_: Route.LoaderArgs) {
  return { items: await listPortfolioItems() };
}

const LOOKS = [
  { variant: "booking", accent: "#5b3fa0" },
  { variant: "menu", accent: "#a34a28" },
] as const;

export default function PortfolioPage() {
  const { items } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState<PortfolioEntry | null>(null);
  const { Dialog: PortfolioDialog, open, setOpen, show, onCloseAutoFocus } = useOnDemandDialog(portfolioDialog);
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Portfolio</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            Real businesses, real results. Choose a project to see what we built and why.
          </p>
        </div>
      </section>
      <section aria-label="Projects" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <ul className="grid gap-8 md:grid-cols-2">
          {items.map((item, index) => {
            const look = LOOKS[index % LOOKS.length]!;
            return (
              <li key={item.id}>
                {/* A link to the project's own page, which a tap before the app runs opens; a dialog once it runs (decision 028). */}
                <a
                  href={`/portfolio/${item.id}`}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    setSelected(item);
                    show();
                  }}
                  className="group block w-full rounded-xl border bg-card p-4 text-left shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  <SiteMockup label={`Screenshot sketch of ${item.name}`} variant={look.variant} accent={look.accent} className="h-auto w-full" />
                  <span className="mt-4 block text-sm font-medium text-primary">{item.category}</span>
                  <span className="mt-1 block text-xl font-semibold">{item.name}</span>
                  <span className="mt-2 line-clamp-3 block text-sm text-muted-foreground">{item.description}</span>
                  <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium">
                    {item.tierLabel} · View details <ArrowUpRight className="size-4" aria-hidden="true" />
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </section>
      {PortfolioDialog && selected ? (
        <PortfolioDialog item={selected} open={open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
      ) : null}
    </>
  );
}
