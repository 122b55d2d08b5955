import ExternalLink from "lucide-react/icons/external-link";
import { buttonVariants } from "~/ui/button";
import type { PortfolioEntry } from "./portfolio-entry";
import { FeatureList } from "./feature-list";

/** A project's package, features and optional visit link: in its dialog and on its own page alike. */
export function PortfolioDetails({ item }: { item: PortfolioEntry }) {
  return (
    <>
      <div>
        <h3 className="text-sm font-semibold">Package</h3>
        <p className="text-sm text-muted-foreground">{item.tierLabel}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Features</h3>
        <FeatureList features={item.features} className="mt-2 grid gap-1.5 text-sm" />
      </div>
      {item.link ? (
        <a href={item.link} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline" })}>
          Visit the site <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      ) : null}
    </>
  );
}
