// Builds the product page's purchase model on the server: every selection the page can reach, with its price and
// words, from the same rules the checkout prices with (pricing.ts, options.ts, labels.ts).
import { specificationsText } from './labels';
import { materialLabel } from '../catalog/categories';
import { availableStyles, defaultSizeFor, displayPrice, hasSecondStone, stoneName, type StoneChoice } from './pricing';
import {
  cartSpecifications,
  formatGauge,
  initialSelection,
  isAdjustableNecklace,
  ringSizeHint,
  selectionDetails,
  selectionPrice,
  sizeLegend,
  sizeOptions,
  stoneOptions,
  styleOptions,
  type ProductSelection,
} from './options';
import { selectionKey, sizeOptionsKey, type PurchaseModel } from './selection';
import { effectiveMoq } from './quantity';
import { stepsOf } from './pack-size';
import type { Product } from '../catalog/types';

/** Shown beside the options: the material, and size and gauge for body jewelry (the same for every selection). */
export function purchaseFacts(product: Product): Array<[string, string]> {
  const facts: Array<[string, string]> = [['Material', materialLabel(product.material)]];
  if (product.category === 'body_jewelry') facts.push(['Size', product.size ?? ''], ['Gauge', formatGauge(product.gauge)]);
  return facts.filter(([, value]) => value.trim() !== '');
}

export function purchaseModel(product: Product): PurchaseModel {
  const initial = initialSelection(product);
  const stones: StoneChoice[] = hasSecondStone(product) ? ['stone1', 'stone2'] : ['stone1'];
  const styles = availableStyles(product);
  const moq = effectiveMoq(product.moq);
  const model: PurchaseModel = {
    productId: product.id,
    moq,
    steps: stepsOf(product),
    initial,
    stones: stoneOptions(product).map((o) => ({ value: o.value, label: o.label, disabled: o.disabled })),
    styles: styleOptions(product),
    styleInfo: {},
    ringSizeInfo: null,
    sizes: {},
    views: {},
    stoneNames: { stone1: stoneName(product, 'stone1'), stone2: stoneName(product, 'stone2') },
    material: product.material,
    cartProduct: {
      name: product.name,
      sku: product.sku,
      category: product.category,
      imageUrl: product.image_url,
      moq,
      packSize: product.pack_size,
      priceBreaks: product.price_breaks,
      price: displayPrice(product),
    },
  };
  const addView = (selection: ProductSelection) => {
    model.views[selectionKey(selection)] = {
      price: selectionPrice(product, selection),
      summary: specificationsText({ specifications: cartSpecifications(product, selection), product }),
      details: selectionDetails(product, selection),
    };
  };
  for (const style of styles) {
    const base: ProductSelection = { ...initial, style, size: defaultSizeFor(style) };
    const hint = isAdjustableNecklace(product, base) ? 'Adjustable: every length is priced as 16".' : undefined;
    model.styleInfo[style] = { defaultSize: base.size, legend: sizeLegend(style), ...(hint ? { hint } : {}) };
  }
  const ringSizes = styles.length === 0 ? sizeOptions(product, { ...initial, style: null }) : [];
  if (ringSizes.length > 0) {
    const hint = ringSizeHint(product);
    model.ringSizeInfo = { legend: sizeLegend(null), ...(hint ? { hint } : {}) };
  }
  for (const stoneType of stones) {
    if (styles.length === 0 && ringSizes.length === 0) addView({ stoneType, style: null, size: null });
    if (ringSizes.length > 0) {
      const sizes = sizeOptions(product, { stoneType, style: null, size: null });
      model.sizes[sizeOptionsKey(stoneType, null)] = sizes.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
      for (const { value } of sizes) addView({ stoneType, style: null, size: value });
    }
    for (const style of styles) {
      // Every size of the style is listed (a size without a price is shown disabled), the default size among them.
      const sizes = sizeOptions(product, { stoneType, style, size: null });
      model.sizes[sizeOptionsKey(stoneType, style)] = sizes.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
      for (const { value } of sizes) addView({ stoneType, style, size: value });
    }
  }
  return model;
}
