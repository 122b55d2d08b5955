// The one money formatter and parser: amounts are stored in integer cents and shown in US dollars. Written by
// hand instead of with Intl.NumberFormat: a phone spends ~30 ms setting up Intl's number data on
// first use, a long task during the public pages' start-up, for what is a comma and a dot here.

function withThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "$1,234.50", "-$5.00": an invoice amount, always with cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(Math.round(cents));
  return `${sign}$${withThousands(Math.floor(absolute / 100))}.${String(absolute % 100).padStart(2, "0")}`;
}

/** "$99", "$1,250", "$19.50": a price, without cents when it is whole dollars. */
export function formatPrice(cents: number): string {
  const amount = formatCents(cents);
  return amount.endsWith(".00") ? amount.slice(0, -3) : amount;
}

/** 1250 → "12.50": the plain amount a money input shows; "" for none. */
export function centsToDollarsInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** The largest amount a money column holds (PostgreSQL integer cents: $21,474,836.47). */
export const MAX_CENTS = 2_147_483_647;

/**
 * The one money parser: dollars as a person types them ("12", "12.5", "$1,250.00") → integer
 * cents; null when it is not an amount (negative, more than two decimals, a misplaced comma, words).
 */
export function parseDollarsToCents(input: string): number | null {
  const typed = input.trim().replace(/[$\s]/g, "");
  // A comma only between thousands ("1,250.05"): "12,00" is no amount, rather than twelve hundred dollars.
  if (!/^(\d{1,9}|\d{1,3}(,\d{3}){1,2})(\.\d{0,2})?$/.test(typed)) return null;
  const [whole = "0", fraction = ""] = typed.replaceAll(",", "").split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
