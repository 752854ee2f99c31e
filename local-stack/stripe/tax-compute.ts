// The arithmetic of a tax calculation: one line (or the shipping cost) at a place, its per-jurisdiction breakdown,
// and the calculation's summary breakdown. Rounding: tax is rounded half-up per line per jurisdiction (Stripe
// rounds per line item too). Inclusive prices: the taxable amount is amount ÷ (1 + combined rate), rounded half-up;
// the line's tax is the rest, split by jurisdiction, with any rounding cent given to the state part.
import type { Json } from './api';
import { jurisdictionsFor, percentageDecimal, placeName, taxTypeFor, type Place } from './tax-rates';

export type TaxBehavior = 'exclusive' | 'inclusive';
export type Override = 'none' | 'customer_exempt' | 'reverse_charge';

export interface ItemTax {
  amountTax: number;
  /** `tax_breakdown` of a line item (or of the shipping cost), per jurisdiction. */
  breakdown: Json[];
  /** This item's part of the calculation's `tax_breakdown`. */
  summary: SummaryPart;
}

interface SummaryPart {
  amount: number;
  inclusive: boolean;
  reason: string;
  rate: number;
  taxable: number;
  country: string;
  state: string | null;
  taxType: string;
}

/** `a × r / 100 000`, half-up, for a ≥ 0 and r in thousandths of a percent. */
const share = (amount: number, rate: number) => Math.floor((2 * amount * rate + 100_000) / 200_000);

export function taxItem(place: Place, override: Override, amount: number, behavior: TaxBehavior, taxCode: string): ItemTax {
  const inclusive = behavior === 'inclusive';
  const taxType = taxTypeFor(place.country);
  const usState = place.country === 'US' ? place.state : null;
  const topJurisdiction = {
    country: place.country,
    display_name: placeName(place),
    level: usState ? 'state' : 'country',
    state: usState,
  };
  const untaxed = (reason: string): ItemTax => ({
    amountTax: 0,
    breakdown: [{ amount: 0, jurisdiction: topJurisdiction, sourcing: 'destination', tax_rate_details: null, taxability_reason: reason, taxable_amount: 0 }],
    summary: { amount: 0, inclusive, reason, rate: 0, taxable: 0, country: place.country, state: usState, taxType },
  });

  const parts = jurisdictionsFor(place, taxCode);
  if (parts === null) return untaxed('not_collecting');
  if (override !== 'none') return untaxed(override);
  if (parts.length === 0) return untaxed('product_exempt');

  const combined = parts.reduce((sum, j) => sum + j.rate, 0);
  let taxable = amount;
  let taxes = parts.map((j) => share(amount, j.rate));
  if (inclusive) {
    taxable = Math.floor((2 * amount * 100_000 + 100_000 + combined) / (2 * (100_000 + combined)));
    taxes = parts.map((j) => share(taxable, j.rate));
    const drift = amount - taxable - taxes.reduce((a, b) => a + b, 0);
    taxes[0] = taxes[0]! + drift;
  }
  const breakdown = parts.map((j, i) => ({
    amount: taxes[i]!,
    jurisdiction: { country: place.country, display_name: j.displayName, level: j.level, state: usState },
    sourcing: 'destination',
    tax_rate_details: { display_name: 'Sales Tax', percentage_decimal: percentageDecimal(j.rate), tax_type: taxType },
    taxability_reason: 'standard_rated',
    taxable_amount: taxable,
  }));
  const amountTax = taxes.reduce((a, b) => a + b, 0);
  return {
    amountTax,
    breakdown,
    summary: { amount: amountTax, inclusive, reason: 'standard_rated', rate: combined, taxable, country: place.country, state: usState, taxType },
  };
}

/** The calculation's `tax_breakdown`: one entry per rate, reason and behaviour, in order of first appearance. */
export function summarize(parts: SummaryPart[]): Json[] {
  const groups = new Map<string, SummaryPart>();
  for (const p of parts) {
    const key = [p.inclusive, p.reason, p.rate, p.country, p.state, p.taxType].join('|');
    const g = groups.get(key);
    if (g) {
      g.amount += p.amount;
      g.taxable += p.taxable;
    } else groups.set(key, { ...p });
  }
  return [...groups.values()].map((g) => ({
    amount: g.amount,
    inclusive: g.inclusive,
    tax_rate_details: {
      country: g.country,
      flat_amount: null,
      percentage_decimal: percentageDecimal(g.rate),
      rate_type: g.rate > 0 ? 'percentage' : null,
      state: g.state,
      tax_type: g.taxType,
    },
    taxability_reason: g.reason,
    taxable_amount: g.taxable,
  }));
}
