import type { LucideIcon } from "lucide-react";
import { cn } from "~/ui/class-names";

/** One reason to choose the agency: its icon, a short title and a sentence. */
export type Feature = { icon: LucideIcon; title: string; text: string };

/** The public pages' row of reasons (home's "Why small businesses choose us", About's values): a card each. */
export function FeatureCards({ features, className }: { features: readonly Feature[]; className?: string }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {features.map((feature) => (
        <li key={feature.title} className="rounded-xl border bg-card p-6 shadow-sm">
          <feature.icon className="size-8 text-primary" aria-hidden="true" />
          <h3 className="mt-4 text-lg font-semibold">{feature.title}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
