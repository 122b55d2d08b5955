import { NativeSelectOptions } from "~/ui/native-select";
import { TIER_IDS } from "./tier-catalog";
import { tierLabel, type TierNames } from "./tier-names";

/** The four tiers as a select's options, each named from the tier table. */
export function TierOptions({ tierNames }: { tierNames: TierNames }) {
  return <NativeSelectOptions options={TIER_IDS.map((tier) => ({ value: tier, label: tierLabel(tier, tierNames) }))} />;
}
