// Price breaks as people write them: the CSV spelling '10:5;50:10;100:15' and the checks the admin form, the import
// and the database share (ascending quantities from 2, more off for more, 0–90 % with two decimals at most). Apart
// from volume-pricing.ts, so the cart and the product page carry only the arithmetic.
import type { PriceBreak } from '../catalog/types';
import { formatPercent } from './volume-pricing';

export const MAX_PERCENT_OFF = 90;

/** The CSV spelling of a product's breaks, '10:5;50:10;100:15' (ascending); empty for none. */
export function formatPriceBreaks(breaks: readonly PriceBreak[] | null | undefined): string {
  return [...(breaks ?? [])]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((b) => `${b.minQuantity}:${formatPercent(b.percentOff)}`)
    .join(';');
}

export type PriceBreaksParse = { ok: true; breaks: PriceBreak[] } | { ok: false; error: string };

/**
 * Reads the CSV spelling back. Quantities must be whole numbers of 2 or more and ascending, percents above 0 and at
 * most 90 with two decimals at most, and each deeper break must give more off than the one before.
 */
export function parsePriceBreaks(text: string | null | undefined): PriceBreaksParse {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, breaks: [] };
  const breaks: PriceBreak[] = [];
  for (const part of trimmed.split(';')) {
    const match = /^\s*(\d+)\s*:\s*(\d+(?:\.\d{1,2})?)\s*%?\s*$/.exec(part);
    if (!match) return { ok: false, error: `"${part.trim()}" is not a price break: write quantity:percent, such as 10:5` };
    breaks.push({ minQuantity: Number(match[1]), percentOff: Number(match[2]) });
  }
  const problem = priceBreaksProblem(breaks);
  return problem ? { ok: false, error: problem } : { ok: true, breaks };
}

/** What is wrong with a list of breaks, as a person reads it; null when it is sound. Shared with the admin form. */
export function priceBreaksProblem(breaks: readonly PriceBreak[]): string | null {
  let previous: PriceBreak | null = null;
  for (const b of breaks) {
    if (!Number.isSafeInteger(b.minQuantity) || b.minQuantity < 2) return 'A price break starts at a quantity of 2 or more';
    if (!(b.percentOff > 0 && b.percentOff <= MAX_PERCENT_OFF)) return `A price break gives more than 0% and at most ${MAX_PERCENT_OFF}% off`;
    if (Math.abs(Math.round(b.percentOff * 100) - b.percentOff * 100) > 1e-6) return 'A percent off has at most two decimals';
    if (previous && b.minQuantity <= previous.minQuantity) return 'Price break quantities must go up, each larger than the one before';
    if (previous && b.percentOff <= previous.percentOff) return 'A larger quantity must give more off than the break before it';
    previous = b;
  }
  return null;
}
