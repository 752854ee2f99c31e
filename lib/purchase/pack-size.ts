// Pack sizes (order increments): a product sold in packs of n is bought in multiples of n, and at least its MOQ
// rounded up to a multiple. One rule for the quantity controls, the cart, quick order, reorder and the server's
// checkout. The quantity control itself uses only steps.ts, on the rule resolved by stepsOf.
import { effectiveMoq } from './quantity';
import { roundUp, type Steps } from './steps';

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

export function stepsOf(rule: QuantityRule): Steps {
  return { min: smallestQuantity(rule), pack: effectivePackSize(rule.pack_size) };
}

/** Any wanted quantity made buyable: rounded up to a whole number of packs, and never below the smallest. */
export function allowedQuantity(wanted: number, rule: QuantityRule): number {
  return roundUp(wanted, stepsOf(rule));
}

export type QuantityProblem = 'below_moq' | 'not_pack_multiple';

/** Why a quantity cannot be bought as it is, or null when it can. */
export function quantityProblem(quantity: number, rule: QuantityRule): QuantityProblem | null {
  if (!Number.isSafeInteger(quantity) || quantity < smallestQuantity(rule)) return 'below_moq';
  return quantity % effectivePackSize(rule.pack_size) === 0 ? null : 'not_pack_multiple';
}

