// Server-side pricing of checkout lines, with the product pages' own price rules (lib/purchase/pricing). Pure: the
// products come in, priced lines and the total in cents come out.
import type { Category } from '../catalog/categories';
import {
  availableStyles,
  defaultSizeFor,
  ringSizing,
  sizesFor,
  stoneName,
  type StoneChoice,
  type Style,
} from '../purchase/pricing';
import { effectivePackSize, quantityProblem, smallestQuantity } from '../purchase/pack-size';
import { breakSpecification } from '../purchase/volume-pricing';
import { priceProductLine, type GroupTerms, type PriceRule } from '../purchase/group-pricing';
import { groupPriceLabel } from '../purchase/price-labels';
import type { Product } from '../catalog/types';
import type { CartSpecifications } from '../purchase/types';
import { specificationEntries, specificationsText } from '../purchase/labels';
import { canonicalRingSize } from '../catalog/ring-sizes';
import { productLeadTime, type LeadTime } from '../catalog/lead-time';
import { CheckoutError, EMPTY_CART_MESSAGE } from './errors';
import type { CheckoutLineInput } from './lines';

/** Largest amount Stripe accepts for one card payment in usd ($999,999.99). */
export const MAX_CHARGE_CENTS = 99_999_999;

export interface PricedLine {
  productId: string;
  category: Category;
  name: string;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  moq: number;
  /** The unit price after the product's volume break, when its total quantity reaches one. */
  unitPriceCents: number;
  /** The break charged ('Volume −10%' in the specifications text), or null. */
  percentOff: number | null;
  /** Which rule priced the line (lib/purchase/group-pricing.ts); absent on records written before price groups. */
  priceRule?: PriceRule | 'quote';
  /** The buyer's price group where its price was charged ('Wholesale price' in the specifications text). */
  priceGroup?: { id: string; name: string } | null;
  lineTotalCents: number;
  specifications: CartSpecifications;
  /** The order item's specifications text: the labels, joined with ', '. */
  specificationsText: string;
  /** The quote the line is bought from, at the quote's price (lib/quotes/checkout.ts). */
  quoteReference?: string | null;
  /** When the product ships, as priced; the order line keeps it. Absent on records written before lead times. */
  leadTime?: LeadTime;
}

export interface PricedCheckout {
  lines: PricedLine[];
  totalCents: number;
  currency: 'usd';
}

/** A sent size spelled as one of the style's sizes ('18', '18.0', '6.50' → '18', '18', '6.5'), or null. */
export function canonicalSize(style: Style, size: string): string | null {
  const value = Number(size);
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(size) || !Number.isFinite(value)) return null;
  return sizesFor(style).find((s) => Number(s) === value) ?? null;
}

/**
 * The options a line is bought with, completed with the product page's defaults and checked against the product.
 * Only sizes the product page offers are kept (an adjustable necklace is priced at 16 inches but still stores one
 * of the offered lengths), so the order never records a size nobody could choose. A ring is bought in one of its
 * sizes, or in none when it has none: its size is never filled in.
 */
export function normalizeSelection(
  product: Product,
  spec: CheckoutLineInput['specifications'],
): { stoneType: StoneChoice; size: string | null; style: Style | null } | null {
  const stoneType: StoneChoice = spec.stoneType === 'stone2' ? 'stone2' : 'stone1';
  const styles = availableStyles(product);
  if (product.category === 'rings') {
    const size = spec.size ? canonicalRingSize(spec.size) : null;
    const { sizes } = ringSizing(product);
    if (spec.style || (sizes.length === 0 ? Boolean(spec.size) : !size || !sizes.includes(size))) return null;
    return { stoneType, size, style: null };
  }
  if (styles.length === 0) return { stoneType, size: null, style: null };
  const style = spec.style ?? styles[0]!;
  if (!styles.includes(style)) return null;
  const size = spec.size ? canonicalSize(style, spec.size) : defaultSizeFor(style);
  if (!size) return null;
  return { stoneType, size, style };
}

/** Why a line's choices cannot be bought, naming the line (the checkout's and the quote request's refusal). */
export function optionProblem(product: Product, spec: CheckoutLineInput['specifications']): string {
  if (product.category === 'rings' && !spec.style) {
    const { sizes } = ringSizing(product);
    if (sizes.length === 0 && spec.size) return `${product.name} is adjustable and is not sold by size.`;
    if (sizes.length > 0 && !spec.size) return `Please choose a ring size for ${product.name}.`;
    const size = spec.size ? (canonicalRingSize(spec.size) ?? spec.size) : null;
    if (size && !sizes.includes(size)) return `${product.name} is not offered in size ${size.slice(0, 20)}.`;
  }
  return `${product.name} is not available with the chosen options.`;
}

/** The product's name, with the line's size where a size run splits it into lines: 'Halo Ring (Ring Size: 7)'. */
function sizedName(product: Product, line: CheckoutLineInput): string {
  const selection = normalizeSelection(product, line.specifications);
  const size = selection?.size
    ? specificationEntries({ size: selection.size, style: selection.style }, product.category).find((e) => e.label !== 'Style')
    : undefined;
  return size ? `${product.name} (${size.label}: ${size.value})` : product.name;
}

/**
 * Quantities the products cannot be bought in (below the MOQ, or not whole packs) are refused: the cart rounds to its
 * snapshot's rule, so this is a stale snapshot or a forged request. The error names every such product's rule, so
 * the checkout page can correct the cart and say what changed (lib/cart/corrections.ts).
 */
function refuseQuantities(lines: CheckoutLineInput[], products: ReadonlyMap<string, Product>): void {
  const refused = new Map<string, Product>();
  let firstLine: CheckoutLineInput | null = null;
  for (const line of lines) {
    const product = products.get(line.productId);
    if (product && quantityProblem(line.quantity, product) !== null) {
      refused.set(product.id, product);
      firstLine ??= line;
    }
  }
  const [first] = refused.values();
  if (!first || !firstLine) return;
  const min = smallestQuantity(first);
  const pack = effectivePackSize(first.pack_size);
  const rule = pack > 1 ? `is sold in packs of ${pack}, at least ${min}` : `has a minimum order of ${min}`;
  throw new CheckoutError(422, 'quantity_not_allowed', `${sizedName(first, firstLine)} ${rule}. Please update your cart.`, {
    rules: [...refused.values()].map((product) => ({
      productId: product.id,
      moq: product.moq,
      packSize: effectivePackSize(product.pack_size),
    })),
  });
}

/** Each product's total quantity over all its lines (mix and match: every option counts toward the break). */
function totalsByProduct(lines: CheckoutLineInput[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return totals;
}

/**
 * Prices every line from the product rows: unit price from stone, size or length and style, less the volume break
 * the product's total quantity reaches; quantities must meet the MOQ in whole packs (the cart makes them so, so
 * anything else is refused); cents per unit rounded once, so the total is exactly the sum of the order items.
 */
export function priceCheckout(
  lines: CheckoutLineInput[],
  products: ReadonlyMap<string, Product>,
  terms: GroupTerms | null = null,
): PricedCheckout {
  if (lines.length === 0) throw new CheckoutError(400, 'empty_cart', EMPTY_CART_MESSAGE);
  const priced: PricedLine[] = [];
  const totals = totalsByProduct(lines);
  refuseQuantities(lines, products);
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) {
      throw new CheckoutError(
        422,
        'unknown_product',
        'An item in your cart is no longer available. Please remove it from your cart.',
        { productId: line.productId },
      );
    }
    const selection = normalizeSelection(product, line.specifications);
    const price = selection ? priceProductLine(product, selection, totals.get(product.id) ?? line.quantity, terms) : null;
    if (!selection || !price) {
      throw new CheckoutError(422, 'option_unavailable', `${optionProblem(product, line.specifications)} Please update your cart.`, {
        productId: product.id,
      });
    }
    const quantity = line.quantity;
    // The one resolver (lib/purchase/group-pricing.ts): the group's price or the break, whichever is better.
    const { listDollars: dollars, group, resolved } = price;
    const unitPriceCents = resolved.unitCents;
    const reached = resolved.percentOff === null ? null : { percentOff: resolved.percentOff };
    const specifications: CartSpecifications = {
      stoneType: selection.stoneType,
      stoneName: stoneName(product, selection.stoneType),
      size: selection.size,
      material: product.material,
      style: selection.style,
    };
    const snapshot = {
      name: product.name,
      sku: product.sku,
      category: product.category,
      imageUrl: product.image_url,
      moq: product.moq,
      price: dollars,
    };
    priced.push({
      productId: product.id,
      category: product.category,
      name: product.name,
      sku: product.sku,
      imageUrl: product.image_url,
      quantity,
      moq: product.moq,
      unitPriceCents,
      percentOff: reached?.percentOff ?? null,
      priceRule: resolved.rule,
      priceGroup: group && terms && resolved.rule !== 'break' ? { id: terms.id, name: terms.name } : null,
      lineTotalCents: unitPriceCents * quantity,
      specifications,
      specificationsText: [
        specificationsText({ specifications, product: snapshot }),
        reached && breakSpecification(reached),
        group && terms && !reached && groupPriceLabel(terms.name),
      ]
        .filter(Boolean)
        .join(', '),
      leadTime: productLeadTime(product),
    });
  }
  const totalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  if (totalCents <= 0) throw new CheckoutError(400, 'empty_cart', EMPTY_CART_MESSAGE);
  if (!Number.isSafeInteger(totalCents) || totalCents > MAX_CHARGE_CENTS) {
    throw new CheckoutError(
      422,
      'amount_too_large',
      'Your order total is above the largest amount one card payment can take ($999,999.99). Please split your order.',
    );
  }
  return { lines: priced, totalCents, currency: 'usd' };
}
