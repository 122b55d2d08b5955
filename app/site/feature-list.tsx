import Check from "lucide-react/icons/check";

/** What a package (or a portfolio site) includes, each feature ticked. */
export function FeatureList({ features, className }: { features: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
