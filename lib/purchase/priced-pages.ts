// What a page shows in a price view (./price-view.ts): cards and the product page's purchase model, with the list
// prices as read, the group's prices through the one resolver (./group-pricing.ts), or no price at all where the shop
// hides them from the viewer. Pure: the page loads the group's terms and passes them in.
import type { ProductSummary } from '../catalog/types';
import type { Product } from '../catalog/types';
import { defaultSizeFor, ringSizing, type Style } from './pricing';
import { groupFromPrice, groupUnitPrice, type GroupTerms } from './group-pricing';
import type { PurchaseModel } from './selection';
import type { PriceView } from './price-view';

function summaryStyle(category: ProductSummary['category']): Style | null {
  if (category === 'necklaces') return 'necklace';
  if (category === 'bracelets') return 'bracelet';
  return null;
}

/** A card as the view shows it. `terms` are the view's group's (null outside a group view). */
export function priceSummary<T extends ProductSummary | Omit<ProductSummary, 'created_at'>>(
  card: T,
  view: PriceView,
  terms: GroupTerms | null,
): T {
  if (view.kind === 'sign_in' || view.kind === 'apply') {
    return { ...card, price_from: null, default_price: null, price_gate: view.kind };
  }
  if (view.kind !== 'group' || !terms) return card;
  const style = summaryStyle(card.category);
  const selection = { stoneType: 'stone1' as const, style, size: style ? defaultSizeFor(style) : card.default_size };
  let groupDefault: number | null = null;
  if (card.default_price !== null) {
    // A ring's fixed price set without a size is its base: the opening size's surcharge still applies.
    const sizing = card.opening_surcharge && selection.size
      ? { sizes: [selection.size], surcharge: card.opening_surcharge, surchargeFrom: selection.size }
      : null;
    const group = groupUnitPrice(terms, card.id, selection, card.default_price, sizing);
    groupDefault = group ? group.cents / 100 : null;
  }
  return {
    ...card,
    price_from: groupFromPrice(terms, card.id, card.price_from),
    default_price: groupDefault,
    list_price: card.default_price,
  };
}

/**
 * The product page's model in a view: a group's price for every selection with the list price beside it (the
 * volume break's basis), or every price taken out where the shop hides them. Options keep their list availability:
 * a selection without a list price is not for sale in any view.
 */
export function pricePurchaseModel(model: PurchaseModel, product: Product, view: PriceView, terms: GroupTerms | null): PurchaseModel {
  if (view.kind === 'sign_in' || view.kind === 'apply') {
    const views = Object.fromEntries(Object.entries(model.views).map(([key, v]) => [key, { ...v, price: null }]));
    return { ...model, views, cartProduct: { ...model.cartProduct, price: null }, gate: view.kind };
  }
  if (view.kind !== 'group' || !terms) return model;
  const sizing = product.category === 'rings' ? ringSizing(product) : null;
  const views = Object.fromEntries(
    Object.entries(model.views).map(([key, v]) => {
      if (v.price === null) return [key, v];
      const [stoneType, style, size] = key.split('|') as [PurchaseModel['initial']['stoneType'], string, string];
      const selection = { stoneType, style: (style || null) as Style | null, size: size || null };
      const group = groupUnitPrice(terms, product.id, selection, v.price, sizing);
      return [key, group ? { ...v, price: group.cents / 100, listPrice: v.price } : v];
    }),
  );
  return { ...model, views, groupName: terms.name };
}
