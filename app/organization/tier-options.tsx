import { NativeSelectOption } from "~/ui/native-select";
import { TIER_IDS } from "./tier-catalog";
import { tierLabel, type TierNames } from "./tier-names";

/** The four tiers as a select's options, each named from the tier table. */
export function TierOptions({ tierNames }: { tierNames: TierNames }) {
  return TIER_IDS.map((tier) => (
    <NativeSelectOption key={tier} value={tier}>
      {tierLabel(tier, tierNames)}
    </NativeSelectOption>
  ));
}
