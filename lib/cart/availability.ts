import 'server-only';
// Which of a cart's products can no longer be bought: deleted, or no longer active (a draft or archived product).
// The cart labels those lines and the checkout refuses them (lib/checkout/pricing.ts, 'unknown_product'); both read
// the same rows (getProductsByIds: active products only).
import { getProductsByIds, isProductId } from '../catalog/product';

/** A cart holds a few dozen products; more ids than this in one question are refused. */
export const MAX_AVAILABILITY_IDS = 200;

export async function unavailableProductIds(ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter(isProductId).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const onSale = new Set((await getProductsByIds(wanted)).map((p) => p.id.toLowerCase()));
  return wanted.filter((id) => !onSale.has(id));
}
