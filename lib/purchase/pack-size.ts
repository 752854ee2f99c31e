// Pack sizes (order increments): a product sold in packs of n is bought in multiples of n, and at least its MOQ
// rounded up to a multiple. One rule for the quantity controls, the cart, quick order, reorder and the server's
// checkout. It imports only the MOQ rule, which imports nothing, so the quantity control stays small in the browser.
import { effectiveMoq } from './quantity';

/** The pack size of a product without one. */
export const DEFAULT_PACK_SIZE = 1;
/** The largest pack size the back office accepts. */
export const MAX_PACK_SIZE = 10_000;

export function effectivePackSize(packSize: number | null | undefined): number {
  return packSize && Number.isInteger(packSize) && packSize >= 1 && packSize <= MAX_PACK_SIZE ? packSize : DEFAULT_PACK_SIZE;
}

export interface QuantityRule {
  moq?: number | null;
  /** Named as the product rows name it, so a product or a listing card is a rule as it is. */
  pack_size?: number | null;
}

/** The smallest quantity that can be bought: the MOQ rounded up to a whole number of packs. */
export function smallestQuantity(rule: QuantityRule): number {
  const pack = effectivePackSize(rule.pack_size);
  return Math.ceil(effectiveMoq(rule.moq) / pack) * pack;
}

/** Any wanted quantity made buyable: rounded up to a whole number of packs, and never below the smallest. */
export function allowedQuantity(wanted: number, rule: QuantityRule): number {
  const min = smallestQuantity(rule);
  if (!Number.isFinite(wanted) || wanted <= min) return min;
  const pack = effectivePackSize(rule.pack_size);
  return Math.ceil(Math.floor(wanted) / pack) * pack;
}

export type QuantityProblem = 'below_moq' | 'not_pack_multiple';

/** Why a quantity cannot be bought as it is, or null when it can. */
export function quantityProblem(quantity: number, rule: QuantityRule): QuantityProblem | null {
  if (!Number.isSafeInteger(quantity) || quantity < smallestQuantity(rule)) return 'below_moq';
  return quantity % effectivePackSize(rule.pack_size) === 0 ? null : 'not_pack_multiple';
}

/** The quantity control's steps: one pack up or down, never below the smallest. */
export function stepUp(quantity: number, rule: QuantityRule): number {
  return allowedQuantity(allowedQuantity(quantity, rule) + effectivePackSize(rule.pack_size), rule);
}

export function stepDown(quantity: number, rule: QuantityRule): number {
  const pack = effectivePackSize(rule.pack_size);
  const current = allowedQuantity(quantity, rule);
  return Math.max(smallestQuantity(rule), current - pack);
}

/** The note under a quantity that was typed and rounded up; null when nothing changed. */
export function roundedNote(typed: number, rule: QuantityRule): string | null {
  const pack = effectivePackSize(rule.pack_size);
  const allowed = allowedQuantity(typed, rule);
  if (allowed === typed) return null;
  return pack > 1 ? `Sold in packs of ${pack}: rounded up to ${allowed}.` : `The minimum order is ${allowed}.`;
}
