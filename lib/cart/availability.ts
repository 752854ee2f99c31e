import 'server-only';
// Which of a cart's products can no longer be bought: deleted, or no longer active (a draft or archived product).
// The cart labels those lines and the checkout refuses them (lib/checkout/pricing.ts, 'unknown_product'); both read
// the same rows (getProductsByIds: active products only).
import { z } from 'zod';
import { getProductsByIds, isProductId } from '../catalog/product';
import { purchaseModel } from '../purchase/model';
import type { PurchaseModel } from '../purchase/selection';
import { pricePurchaseModel } from '../purchase/priced-pages';
import type { GroupTerms } from '../purchase/group-pricing';
import type { PriceView } from '../purchase/price-view';
import { isUuid } from '../core/validation/text';
import { productLeadTime, type LeadTime } from '../catalog/lead-time';

/** A cart holds a few dozen products; more ids than this in one question are refused. */
export const MAX_AVAILABILITY_IDS = 200;

/** `ids=a,b,…`: the cart's product ids, as the cart's routes take them. */
export const productIdsQuerySchema = z
  .string({ error: 'Query parameter ids is required.' })
  .max(MAX_AVAILABILITY_IDS * 37, { error: `At most ${MAX_AVAILABILITY_IDS} products at a time.` })
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(
    z
      .array(z.string().refine(isUuid, { error: 'ids must be product ids.' }))
      .max(MAX_AVAILABILITY_IDS, { error: `At most ${MAX_AVAILABILITY_IDS} products at a time.` }),
  );

export async function unavailableProductIds(ids: readonly string[]): Promise<string[]> {
  return (await cartAvailability(ids)).unavailable;
}

/** What the cart asks of its products: the ones no longer sold, and when each one on sale ships (by lower-case id). */
export async function cartAvailability(ids: readonly string[]): Promise<{ unavailable: string[]; leadTimes: Record<string, LeadTime> }> {
  const wanted = [...new Set(ids.filter(isProductId).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return { unavailable: [], leadTimes: {} };
  const onSale = await getProductsByIds(wanted);
  const found = new Set(onSale.map((p) => p.id.toLowerCase()));
  const leadTimes = Object.fromEntries(onSale.map((p) => [p.id.toLowerCase(), productLeadTime(p)]));
  return { unavailable: wanted.filter((id) => !found.has(id)), leadTimes };
}

/**
 * The choices each product on sale offers, as its product page offers them (lib/purchase/model.ts): what a cart line
 * may be changed to, priced on the server for the buyer's view. Products no longer sold are left out.
 */
export async function cartChoiceModels(
  ids: readonly string[],
  pricing: { view: PriceView; terms: GroupTerms | null } = { view: { kind: 'list' }, terms: null },
): Promise<PurchaseModel[]> {
  return (await getProductsByIds(ids)).map((product) => pricePurchaseModel(purchaseModel(product), product, pricing.view, pricing.terms));
}
