/**
 * A referral's commission: `percent` of the referred client's first paid invoice, in whole cents,
 * rounded half up (a commission of 10 % on $99.95 is $10.00, not $9.99). Pure, used by the server
 * when the invoice is paid and by the list to show the percent with the amount.
 */
export function commissionCents(percent: number, invoiceTotalCents: number): number {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`A commission percent is 0 to 100, not ${percent}`);
  if (!Number.isInteger(invoiceTotalCents) || invoiceTotalCents < 0) throw new RangeError("An invoice total is a whole, non-negative number of cents");
  // Integer arithmetic: (total × percent) is exact; adding 50 before dividing by 100 rounds half up.
  return Math.floor((invoiceTotalCents * percent + 50) / 100);
}
