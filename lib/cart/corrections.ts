// A cart whose quantities cannot be bought as they are: stored on another device, stored before the product got a
// pack size, or edited by hand. The cart makes them buyable (whole packs, at least the MOQ) and says what it changed,
// so a buyer never pays for a quantity they did not see. Pure: the cart provider keeps the notes.
import { allowedQuantity, effectivePackSize, smallestQuantity } from '../purchase/pack-size';
import { effectiveMoq } from '../purchase/quantity';
import { updateCartQuantity } from './lines';
import type { CartItem } from './types';

/** One line's quantity changed to one that can be bought. */
export interface CartCorrection {
  name: string;
  from: number;
  to: number;
  moq: number;
  packSize: number;
}

/** A product's quantity rule as the server has it (the checkout's 422 names these). */
export interface QuantityRuleUpdate {
  productId: string;
  moq: number;
  packSize: number;
}

/** 'Six Band is sold in packs of 6: 7 became 12.' */
export function correctionNote(correction: CartCorrection): string {
  const rule =
    correction.packSize > 1
      ? `is sold in packs of ${correction.packSize}`
      : `has a minimum order of ${smallestQuantity({ moq: correction.moq })}`;
  return `${correction.name} ${rule}: ${correction.from} became ${correction.to}.`;
}

/** The correction a quantity needs under a rule, or null when it can be bought as it is. */
export function correctionFor(name: string, quantity: number, moq: number, packSize: number | undefined): CartCorrection | null {
  const rule = { moq: effectiveMoq(moq), pack_size: effectivePackSize(packSize) };
  const to = allowedQuantity(quantity, rule);
  return to === quantity ? null : { name, from: quantity, to, moq: rule.moq, packSize: rule.pack_size };
}

/**
 * Gives each named product's lines the server's rule (the snapshot may predate it) and rounds their quantities to
 * it. Lines of other products are left as they are.
 */
export function applyQuantityRules(
  items: readonly CartItem[],
  updates: readonly QuantityRuleUpdate[],
): { items: CartItem[]; corrections: CartCorrection[] } {
  const byProduct = new Map(updates.map((update) => [update.productId, update]));
  const corrections: CartCorrection[] = [];
  let next = [...items];
  for (const item of items) {
    const update = byProduct.get(item.productId);
    if (!update) continue;
    const packSize = effectivePackSize(update.packSize);
    const moq = effectiveMoq(update.moq);
    const correction = correctionFor(item.product.name, item.quantity, moq, packSize);
    next = next.map((line) => (line.id === item.id ? { ...line, product: { ...line.product, moq, packSize } } : line));
    if (correction) {
      next = updateCartQuantity(next, item.id, correction.to);
      corrections.push(correction);
    }
  }
  return { items: next, corrections };
}
