// Reorder: a past order's lines as cart lines at today's prices, MOQ and options, with the cart's own line rules.
// A line whose product is gone, or whose options the product no longer offers at a price, is named instead of being
// added. Pure: the order lines and today's products come in.
import { stoneName, unitPrice, type StoneChoice } from '../purchase/pricing';
import { effectiveMoq } from '../purchase/quantity';
import { allowedQuantity } from '../purchase/pack-size';
import type { Category } from '../catalog/categories';
import type { Product } from '../catalog/types';
import type { AddToCartInput } from '../cart/lines';
import { normalizeSelection } from '../checkout/pricing';
import { parseOrderLineOptions, type OrderLineOptions } from './order-options';

export interface ReorderLine {
  productId: string;
  category: Category | null;
  /** The product's name when it was bought (kept on the order line). */
  productName: string | null;
  quantity: number;
  specifications: string | null;
}

export interface ReorderPlan {
  lines: AddToCartInput[];
  /** Lines not added, named for the person: 'Aurora Ring (Stone: Ruby)'. */
  unavailable: string[];
}

export const UNKNOWN_PRODUCT_NAME = 'Product Unavailable';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The stone choice whose name the line was bought with, or null when the product no longer has that stone. */
export function stoneChoiceFor(product: Product, options: OrderLineOptions): StoneChoice | null {
  const bought = options.stoneName;
  if (!bought) return 'stone1';
  for (const choice of ['stone1', 'stone2'] as const) {
    const name = stoneName(product, choice);
    if (name ? same(name, bought) : same(bought, choice === 'stone1' ? 'Stone 1' : 'Stone 2')) return choice;
  }
  return null;
}

function describe(line: ReorderLine, product: Product | undefined): string {
  const name = product?.name ?? line.productName ?? UNKNOWN_PRODUCT_NAME;
  return line.specifications?.trim() ? `${name} (${line.specifications.trim()})` : name;
}

/** One cart line for an order line, or null when it cannot be bought again as it was. */
export function reorderLine(line: ReorderLine, product: Product | undefined): AddToCartInput | null {
  if (!product || (line.category && line.category !== product.category)) return null;
  const options = parseOrderLineOptions(line.specifications);
  if (!options) return null;
  const stoneType = stoneChoiceFor(product, options);
  if (!stoneType) return null;
  const selection = normalizeSelection(product, { stoneType, size: options.size, style: options.style });
  const price = selection ? unitPrice(product, selection) : null;
  if (!selection || price === null) return null;
  const moq = effectiveMoq(product.moq);
  return {
    productId: product.id,
    quantity: allowedQuantity(line.quantity, product),
    specifications: {
      stoneType,
      stoneName: stoneName(product, stoneType),
      size: selection.size,
      material: product.material,
      style: selection.style,
    },
    selectedPrice: price,
    product: { name: product.name, sku: product.sku, category: product.category, imageUrl: product.image_url, moq, packSize: product.pack_size, price },
  };
}

export function planReorder(lines: readonly ReorderLine[], products: ReadonlyMap<string, Product>): ReorderPlan {
  const plan: ReorderPlan = { lines: [], unavailable: [] };
  for (const line of lines) {
    const product = products.get(line.productId);
    const input = reorderLine(line, product);
    if (input) plan.lines.push(input);
    else plan.unavailable.push(describe(line, product));
  }
  return plan;
}
