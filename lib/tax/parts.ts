// Pure tax arithmetic the shop does itself: the jurisdictions of a Stripe Tax calculation summed for the documents,
// and a refund's share of an order's tax.

/** One jurisdiction's tax on the order: 'Illinois' 6.25% $12.34. */
export interface TaxPart {
  name: string;
  rate: string;
  cents: number;
}

/** The per-jurisdiction tax of a calculation's line item or shipping cost, as Stripe answers it. */
interface ItemBreakdown {
  amount: number;
  jurisdiction: { display_name: string };
  tax_rate_details: { percentage_decimal: string } | null;
}

/** Sums the lines' and the shipping's per-jurisdiction tax into one part per jurisdiction, in order of appearance. */
export function taxParts(items: readonly { tax_breakdown?: readonly ItemBreakdown[] | null }[]): TaxPart[] {
  const parts = new Map<string, TaxPart>();
  for (const item of items) {
    for (const b of item.tax_breakdown ?? []) {
      if (!b.tax_rate_details || b.amount === 0) continue;
      const name = b.jurisdiction.display_name;
      const rate = b.tax_rate_details.percentage_decimal;
      const key = `${name}|${rate}`;
      const part = parts.get(key);
      if (part) part.cents += b.amount;
      else parts.set(key, { name, rate, cents: b.amount });
    }
  }
  return [...parts.values()];
}

/** A refund's share of the order's tax, rounded half-up and never more than the tax: what its credit note states. */
export function refundTaxShare(refundCents: number, order: { taxCents: number; totalCents: number }): number {
  if (order.taxCents <= 0 || order.totalCents <= 0 || refundCents <= 0) return 0;
  return Math.min(order.taxCents, Math.floor((2 * refundCents * order.taxCents + order.totalCents) / (2 * order.totalCents)));
}
