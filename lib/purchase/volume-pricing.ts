// Volume price breaks: per product, tiers of a minimum quantity and a percent off. A tier counts the product's total
// quantity in the cart across all its options (mix and match), and takes its percent off each line's unit price,
// which already depends on stone, size and material. The product page, the cart and the server's checkout all price
// through these functions. Only a type import: the product page carries them into the browser.
import type { PriceBreak } from '../catalog/types';

export type { PriceBreak };


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
export const breakSpecification = (b: Pick<PriceBreak, 'percentOff'>) => `Volume −${formatPercent(b.percentOff)}%`;

export function formatPercent(percent: number): string {
  return String(Math.round(percent * 100) / 100);
}
