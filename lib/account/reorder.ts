// Reorder: a past order's lines as cart lines, with the same choices, at today's prices, breaks, MOQ and packs. Every
// line whose product is still sold is added; what changed since is said line by line (a price up or down, a quantity
// raised to today's MOQ or pack, a choice no longer offered, kept on the line for the buyer to change), and a product
// no longer sold is named. The choices are read as data (order_items.choices), never from the text. Pure: the order
// lines and today's products come in.
import { specificationEntries } from '../purchase/labels';
import { defaultProductSize, stoneName, unitPrice, type StoneChoice } from '../purchase/pricing';
import { effectiveMoq } from '../purchase/quantity';
import { allowedQuantity, effectivePackSize, smallestQuantity } from '../purchase/pack-size';
import { priceProductLine, type GroupTerms } from '../purchase/group-pricing';
import { choicesSpecifications, type LineChoices } from '../purchase/line-choices';
import { formatCents, toCents } from '../core/format/money';
import type { Category } from '../catalog/categories';
import type { Product } from '../catalog/types';
import type { AddToCartInput } from '../cart/lines';
import { normalizeSelection } from '../checkout/pricing';

export interface ReorderLine {
  productId: string;
  category: Category | null;
  /** The product's name when it was bought (kept on the order line). */
  productName: string | null;
  quantity: number;
  /** What each piece cost on the order, in cents. */
  unitPriceCents: number;
  choices: LineChoices;
}

/** One line's difference from the order, in the buyer's words: 'Aurora Ring (Stone: Ruby)' and what changed. */
export interface ReorderChange {
  line: string;
  kind: 'gone' | 'choice' | 'quantity' | 'price';
  change: string;
}

export interface ReorderPlan {
  lines: AddToCartInput[];
  changes: ReorderChange[];
}

export const UNKNOWN_PRODUCT_NAME = 'Product Unavailable';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').normalize('NFC').trim().toLowerCase() === (b ?? '').normalize('NFC').trim().toLowerCase();

/**
 * The stone the line was bought with, today: the same choice while its stone keeps its name, else the choice now
 * holding that stone's name; null when the product no longer has it. Lines stored before the stone choice was kept
 * name the stone alone.
 */
export function stoneChoiceFor(product: Product, choices: LineChoices): StoneChoice | null {
  const bought = choices.stoneName;
  if (!bought) return choices.stoneType ?? 'stone1';
  const order: StoneChoice[] = choices.stoneType === 'stone2' ? ['stone2', 'stone1'] : ['stone1', 'stone2'];
  return order.find((choice) => same(stoneName(product, choice), bought)) ?? null;
}

/** 'Hudson Curb Link Bracelet (Bracelet Size: 7", Material: Silver)': the line as the buyer knew it. */
export function lineName(name: string, choices: LineChoices, category: Category | null): string {
  const words = specificationEntries(choicesSpecifications(choices), category ?? 'earrings')
    .map((e) => `${e.label}: ${e.value}`)
    .join(', ');
  return words ? `${name} (${words})` : name;
}

/** The line's choices in words ('Stone Ruby', 'Ring Size 7'); the material is the product's, not a choice. */
const choiceWords = (choices: LineChoices, category: Category) =>
  specificationEntries(choicesSpecifications(choices), category)
    .filter((e) => e.label !== 'Material')
    .map((e) => `${e.label} ${e.value}`);

/** What a changed choice says: only the choices that differ, 'Ring Size 12 is no longer offered: added as Ring Size 7'. */
function choiceChange(before: string[], after: string[]): string | null {
  const taken = before.filter((w) => !after.includes(w));
  const given = after.filter((w) => !before.includes(w));
  if (taken.length === 0 && given.length === 0) return null;
  // A line bought before its product had the choice (a ring before sizes) names nothing that was taken away.
  const why = taken.length > 0 ? `${taken.join(', ')} is no longer offered` : 'the order did not record this choice';
  return `${why}: ${given.length > 0 ? `added as ${given.join(', ')}` : 'added without it'}; change it in your cart`;
}

interface Decided {
  input: AddToCartInput;
  /** The line as the buyer knew it. */
  name: string;
  quoteReference: string | null;
  changes: ReorderChange[];
  /** Today's list price of one piece, in cents, before any break. */
  listCents: number;
  paidCents: number;
}

/** One line bought again, or the reason it cannot be (the product is gone or has no price for any choice). */
export function reorderLine(line: ReorderLine, product: Product | undefined): Decided | ReorderChange {
  const bought = lineName(product?.name ?? line.productName ?? UNKNOWN_PRODUCT_NAME, line.choices, line.category ?? product?.category ?? null);
  const gone: ReorderChange = { line: bought, kind: 'gone', change: 'no longer sold' };
  if (!product || (line.category && line.category !== product.category)) return gone;

  const changes: ReorderChange[] = [];
  const stone = stoneChoiceFor(product, line.choices);
  const wanted = normalizeSelection(product, { stoneType: stone ?? 'stone1', size: line.choices.size ?? null, style: line.choices.style ?? null });
  let selection = stone && wanted && unitPrice(product, wanted) !== null ? wanted : null;
  if (!selection) {
    // A choice no longer offered: the line is kept with the product page's first priced choice, for the buyer to change.
    selection =
      (['stone1', 'stone2'] as const)
        .map(
          (stoneType) =>
            normalizeSelection(product, { stoneType, style: line.choices.style ?? null, size: line.choices.style ? null : defaultProductSize(product) }) ??
            normalizeSelection(product, { stoneType, size: defaultProductSize(product) }),
        )
        .find((s) => s !== null && unitPrice(product, s) !== null) ?? null;
    if (!selection) return gone;
  }
  const specifications = {
    stoneType: selection.stoneType,
    stoneName: stoneName(product, selection.stoneType),
    size: selection.size,
    material: product.material,
    style: selection.style,
  };
  const change = choiceChange(choiceWords(line.choices, product.category), choiceWords(specifications, product.category));
  if (change) changes.push({ line: bought, kind: 'choice', change });

  const quantity = allowedQuantity(line.quantity, product);
  if (quantity !== line.quantity) {
    const pack = effectivePackSize(product.pack_size);
    const rule = pack > 1 ? `sold in packs of ${pack}, at least ${smallestQuantity(product)}` : `minimum order ${smallestQuantity(product)}`;
    changes.push({ line: bought, kind: 'quantity', change: `quantity raised from ${line.quantity} to ${quantity} (${rule})` });
  }

  const price = unitPrice(product, selection)!;
  const moq = effectiveMoq(product.moq);
  return {
    input: {
      productId: product.id,
      quantity,
      specifications,
      selectedPrice: price,
      product: { name: product.name, sku: product.sku, category: product.category, imageUrl: product.image_url, moq, packSize: product.pack_size, priceBreaks: product.price_breaks, price },
    },
    name: bought,
    quoteReference: line.choices.quoteReference ?? null,
    changes,
    listCents: toCents(price),
    paidCents: line.unitPriceCents,
  };
}

/**
 * The order's lines bought again. Today's price of a line counts the volume break its product's lines reach together
 * in this reorder, as the cart and checkout count them; a price that differs from the order's is said.
 */
export function planReorder(lines: readonly ReorderLine[], products: ReadonlyMap<string, Product>, terms: GroupTerms | null = null): ReorderPlan {
  const decided = lines.map((line) => reorderLine(line, products.get(line.productId)));
  const totals = new Map<string, number>();
  for (const d of decided) if ('input' in d) totals.set(d.input.productId, (totals.get(d.input.productId) ?? 0) + d.input.quantity);

  const plan: ReorderPlan = { lines: [], changes: [] };
  for (const d of decided) {
    if (!('input' in d)) {
      plan.changes.push(d);
      continue;
    }
    const product = products.get(d.input.productId)!;
    const spec = d.input.specifications;
    // Today's price through the one resolver: the buyer's group price or the break, whichever is better.
    const selection = { stoneType: spec.stoneType ?? 'stone1', style: spec.style ?? null, size: spec.size ?? null };
    const today = priceProductLine(product, selection, totals.get(product.id) ?? d.input.quantity, terms);
    const todayCents = today?.resolved.unitCents ?? d.listCents;
    plan.lines.push(today?.group ? { ...d.input, selectedPrice: today.group.cents / 100, listPrice: today.listDollars } : d.input);
    plan.changes.push(...d.changes);
    if (todayCents !== d.paidCents) {
      const direction = todayCents > d.paidCents ? 'up' : 'down';
      const was = d.quoteReference ? `quoted at ${formatCents(d.paidCents)} in ${d.quoteReference}` : `was ${formatCents(d.paidCents)}`;
      plan.changes.push({ line: d.name, kind: 'price', change: `price ${direction} to ${formatCents(todayCents)} each (${was})` });
    }
  }
  return plan;
}
