// Volume price breaks: per product, tiers of a minimum quantity and a percent off. A tier counts the product's total
// quantity in the cart across all its options (mix and match), and takes its percent off each line's unit price,
// which already depends on stone, size and material. The product page, the cart and the server's checkout all price
// through these functions. Only a type import: the product page carries them into the browser.
import type { PriceBreak } from '../catalog/types';

export type { PriceBreak };

export const MAX_PERCENT_OFF = 90;

/** The break reached by `totalQuantity` of one product (the deepest whose minimum it meets), or null. */
export function breakFor(totalQuantity: number, breaks: readonly PriceBreak[] | null | undefined): PriceBreak | null {
  let reached: PriceBreak | null = null;
  for (const b of breaks ?? []) {
    if (totalQuantity >= b.minQuantity && (!reached || b.minQuantity > reached.minQuantity)) reached = b;
  }
  return reached;
}

/** A unit price in cents after `percentOff`, to the nearest cent (half a cent rounds up), computed in whole numbers. */
export function discountedCents(unitCents: number, percentOff: number): number {
  const basisPoints = Math.round(percentOff * 100);
  return Math.floor((unitCents * (10_000 - basisPoints) + 5_000) / 10_000);
}

/** The unit price of a line whose product is bought `totalQuantity` times in the cart. */
export function unitCentsWithBreak(unitCents: number, totalQuantity: number, breaks: readonly PriceBreak[] | null | undefined): number {
  const reached = breakFor(totalQuantity, breaks);
  return reached ? discountedCents(unitCents, reached.percentOff) : unitCents;
}

/** The next break above `totalQuantity` and how many more pieces reach it: 'Add {n} more for {p}% off'. */
export function nextBreak(
  totalQuantity: number,
  breaks: readonly PriceBreak[] | null | undefined,
): { more: number; percentOff: number } | null {
  const current = breakFor(totalQuantity, breaks);
  let next: PriceBreak | null = null;
  for (const b of breaks ?? []) {
    if (b.minQuantity > totalQuantity && b.percentOff > (current?.percentOff ?? 0) && (!next || b.minQuantity < next.minQuantity)) next = b;
  }
  return next ? { more: next.minQuantity - totalQuantity, percentOff: next.percentOff } : null;
}

export const nextBreakLabel = (next: { more: number; percentOff: number }) => `Add ${next.more} more for ${formatPercent(next.percentOff)}% off`;

/** How the line's specifications name the break it was charged at: 'Volume −10%'. */
export const breakSpecification = (b: PriceBreak) => `Volume −${formatPercent(b.percentOff)}%`;

export function formatPercent(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}

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
