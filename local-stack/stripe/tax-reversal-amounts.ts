// The amounts of a tax reversal: negative parameters, the "more than is left" error, and a flat amount (tax
// included) spread over what is left of each line and of the shipping cost, in proportion to its remaining total.
import type { FormObject } from './form';
import { invalid } from './api';
import { intParam } from './tax-calculations';
import type { TaxBehavior } from './tax-compute';

/** How much of an original line (or of the shipping cost) to take back, or is left, as positive cents. */
export interface Part {
  amount: number;
  tax: number;
}

const gross = (behavior: TaxBehavior, p: Part) => (behavior === 'exclusive' ? p.amount + p.tax : p.amount);

/** A required amount that must be zero or negative; answered as positive cents. */
export function negative(o: FormObject, key: string, param: string): number {
  const v = intParam(o, key, param, true)!;
  if (v > 0) throw invalid(`Invalid ${param}: must be less than or equal to 0`, { param });
  return -v;
}

export function tooMuch(param: string, what: string) {
  return invalid(`The amount to reverse for ${what} exceeds the amount remaining on the original transaction.`, { param });
}

/** Splits `flat` over the parts (key '' is the shipping cost); the last part takes the rounding remainder. */
export function spreadFlat(all: { key: string; behavior: TaxBehavior; left: Part }[], flat: number): Map<string, Part> {
  const parts = all.filter((p) => gross(p.behavior, p.left) > 0);
  const total = parts.reduce((s, p) => s + gross(p.behavior, p.left), 0);
  if (flat > total) throw tooMuch('flat_amount', 'flat_amount');
  const out = new Map<string, Part>();
  let given = 0;
  parts.forEach((p, i) => {
    const g = gross(p.behavior, p.left);
    const share = i === parts.length - 1 ? flat - given : Math.floor((flat * g) / total);
    given += share;
    const tax = Math.min(p.left.tax, Math.round((share * p.left.tax) / g));
    out.set(p.key, { amount: p.behavior === 'exclusive' ? share - tax : share, tax });
  });
  return out;
}
