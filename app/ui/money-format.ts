/** The one money formatter: amounts are stored in integer cents and shown in US dollars. */
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}
