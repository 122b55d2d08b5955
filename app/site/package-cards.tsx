import { cn } from "~/ui/class-names";
import { tierPrice, type TierForDisplay } from "./tier-display";
import { FeatureList } from "./feature-list";

/** The four packages as cards, from the one tier catalog. `action` renders each card's button. */
export function PackageCards({
  tiers,
  action,
  headingLevel = "h3",
}: {
  tiers: readonly TierForDisplay[];
  action: (tier: TierForDisplay) => React.ReactNode;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {tiers.map((tier) => {
        const price = tierPrice(tier);
        const featured = tier.tier === "1";
        return (
          <li
            key={tier.tier}
            className={cn(
              "relative flex flex-col rounded-xl border bg-card p-6 shadow-sm",
              featured && "border-primary ring-2 ring-primary",
            )}
          >
            {featured ? (
              <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                Launch offer
              </p>
            ) : null}
            <p className="text-sm font-medium text-muted-foreground">Tier {tier.tier}</p>
            <Heading className="mt-1 text-xl font-bold">{tier.name}</Heading>
            {tier.tagline ? <p className="mt-2 text-sm text-muted-foreground">{tier.tagline}</p> : null}
            <p className="mt-5 flex items-baseline gap-2">
              <span className="text-3xl font-extrabold tracking-tight">{price.headline}</span>
              {price.regular ? (
                <span className="text-base text-muted-foreground line-through">
                  <span className="sr-only">regularly </span>
                  {price.regular}
                </span>
              ) : null}
            </p>
            <p className="text-sm text-muted-foreground">{price.note}</p>
            <FeatureList features={tier.features} className="mt-5 grid flex-1 content-start gap-2 text-sm" />
            <div className="mt-6">{action(tier)}</div>
          </li>
        );
      })}
    </ul>
  );
}
