import { formatPrice, MAX_CENTS, parseDollarsToCents } from "~/formatting/money";
import { z } from "./zod";

type MoneyFieldOptions = {
  /** The least amount accepted, in cents. */
  min?: number;
  /** The most, in cents: at most what the database holds. */
  max?: number;
};

/** Dollars as typed → cents by the one parser, within the bounds; `whenEmpty` answers an empty field. */
function moneyField<Empty>(message: string, { min = 0, max = MAX_CENTS }: MoneyFieldOptions, whenEmpty: () => Empty | typeof z.NEVER) {
  const most = Math.min(max, MAX_CENTS);
  return z
    .string()
    .optional()
    .transform((value, context): number | Empty => {
      if (!value?.trim()) {
        const empty = whenEmpty();
        if (empty !== z.NEVER) return empty;
      }
      const cents = parseDollarsToCents(value ?? "");
      if (cents === null || cents < min) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (cents > most) {
        context.addIssue({ code: "custom", message: `Enter at most ${formatPrice(most)}` });
        return z.NEVER;
      }
      return cents;
    });
}

/**
 * The one money field of every form: dollars as typed ("$1,250.50", "99.5") to integer cents, at
 * least `min` and at most `max` cents. Left empty it is `empty` (0 for a discount) when given,
 * else refused with `message`.
 */
export function dollarsField(message: string, options: MoneyFieldOptions & { empty?: number } = {}) {
  return moneyField(message, options, () => options.empty ?? z.NEVER);
}

/** The same field where empty means "no price" (null). */
export function optionalDollarsField(message: string, options: MoneyFieldOptions = {}) {
  return moneyField(message, options, () => null);
}
