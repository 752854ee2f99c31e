// What is wrong with one quick-order line, and its one-click fix, judged on the product's purchase model (the same
// model the product page prices with, lib/purchase/model.ts). Pure: the server judges a pasted list with it, and the
// grid judges again as the buyer changes a quantity or an option, so both say the same.
import { allowedQuantity, quantityProblem, smallestQuantity } from '../purchase/pack-size';
import type { ProductSelection } from '../purchase/options';
import type { StoneChoice, Style } from '../purchase/pricing';
import { choose, purchaseSizeInfo, purchaseSizes, purchaseView, type PurchaseModel } from '../purchase/selection';
import type { QuickOrderEntry } from './parse';

export type LineProblem =
  | { code: 'unknown_sku'; message: string; suggestions: { sku: string; name: string }[] }
  | { code: 'below_moq' | 'not_pack_multiple'; message: string; fix: { label: string; quantity: number } }
  | { code: 'option_unavailable'; message: string; fix: { label: string; selection: ProductSelection } }
  | { code: 'no_price'; message: string };

/** A product's rule as the grid needs it: the model's snapshot holds the MOQ and pack size. */
const ruleOf = (model: PurchaseModel) => ({ moq: model.moq, pack_size: model.cartProduct.packSize ?? 1 });

export function unknownSkuProblem(sku: string, suggestions: { sku: string; name: string }[]): LineProblem {
  return { code: 'unknown_sku', message: `No product has the SKU “${sku}”.`, suggestions };
}

/** Option words as buyers write them: 'Stone 2', '2', 'stone2' or the stone's name; '18"', '18 in', '18.0'. */
function stoneFrom(model: PurchaseModel, text: string | undefined): StoneChoice | null | undefined {
  if (!text) return undefined;
  const word = text.trim().toLowerCase().replace(/\s+/g, '');
  if (word === '1' || word === 'stone1') return 'stone1';
  if (word === '2' || word === 'stone2') return 'stone2';
  const named = model.stones.find((option) => model.stoneNames[option.value]?.toLowerCase().replace(/\s+/g, '') === word);
  return named ? named.value : null;
}

function styleFrom(model: PurchaseModel, text: string | undefined): Style | null | undefined {
  if (!text) return undefined;
  const word = text.trim().toLowerCase();
  const option = model.styles.find((s) => s.value === word || s.label.toLowerCase() === word);
  return option ? option.value : null;
}

export function normalizeSize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^(us|size)\s*/, '')
    .replace(/(["”″]|inches|inch|in)$/, '')
    .trim()
    .replace(/\.0+$/, '');
}

/** '7.50' is ring size 7.5 and '18.0' length 18: sizes are numbers where both are written as numbers. */
const sameSize = (offered: string, asked: string) =>
  offered === asked || (/^\d+(\.\d+)?$/.test(asked) && /^\d+(\.\d+)?$/.test(offered) && Number(offered) === Number(asked));

/**
 * The selection a line's option words ask for, starting from the product page's opening selection. Null when a word
 * names something the product does not offer (another material, a third stone, a 40" chain).
 */
export function selectionFor(model: PurchaseModel, entry: Pick<QuickOrderEntry, 'stone' | 'size' | 'style' | 'material'>): ProductSelection | null {
  let selection = model.initial;
  if (entry.material && entry.material.trim().toLowerCase().replace(/[\s_]+/g, '-') !== (model.material ?? '').toLowerCase()) return null;
  const style = styleFrom(model, entry.style);
  if (style === null) return null;
  if (style) selection = choose(model, selection, { style });
  const stone = stoneFrom(model, entry.stone);
  if (stone === null) return null;
  if (stone) {
    selection = choose(model, selection, { stone });
    if (selection.stoneType !== stone) return null;
  }
  if (entry.size) {
    const size = normalizeSize(entry.size);
    const option = purchaseSizes(model, selection).find((o) => sameSize(o.value, size));
    if (!option || option.disabled) return null;
    selection = { ...selection, size: option.value };
  }
  return selection;
}

/** The unit price of a selection (before breaks), or null when it has none. */
export function selectionUnitPrice(model: PurchaseModel, selection: ProductSelection): number | null {
  return purchaseView(model, selection).price;
}

/** The line's problem, or null when it can be added as it is. Options first: the fix of a quantity needs a price. */
export function lineProblem(model: PurchaseModel, selection: ProductSelection | null, quantity: number): LineProblem | null {
  const name = model.cartProduct.name;
  if (selection === null) {
    return {
      code: 'option_unavailable',
      message: `${name} is not offered with these options.`,
      fix: { label: 'Use the standard options', selection: model.initial },
    };
  }
  // A piece sold by size is never added without one (a ring's default size comes with the standard options).
  const sizes = purchaseSizes(model, selection);
  if (sizes.length > 0 && !sizes.some((o) => o.value === selection.size)) {
    return {
      code: 'option_unavailable',
      message: `Please choose a ${(purchaseSizeInfo(model, selection)?.legend ?? 'size').toLowerCase()} for ${name}.`,
      fix: { label: 'Use the standard options', selection: model.initial },
    };
  }
  if (selectionUnitPrice(model, selection) === null) {
    return { code: 'no_price', message: `${name} has no price for this selection: add it to a quote instead.` };
  }
  const rule = ruleOf(model);
  const problem = quantityProblem(quantity, rule);
  if (problem === 'below_moq') {
    const to = smallestQuantity(rule);
    return { code: 'below_moq', message: `The minimum order is ${to}.`, fix: { label: `Raise to ${to}`, quantity: to } };
  }
  if (problem === 'not_pack_multiple') {
    const to = allowedQuantity(quantity, rule);
    return {
      code: 'not_pack_multiple',
      message: `Sold in packs of ${rule.pack_size}.`,
      fix: { label: `Round up to ${to}`, quantity: to },
    };
  }
  return null;
}
