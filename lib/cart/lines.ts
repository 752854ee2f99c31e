// Cart line rules: the same product with the same specifications is one line whose quantity rises; every
// quantity is at least the product's MOQ, in whole packs. Pure: the React provider only dispatches these.
import { defaultSizeFor, type Style } from '../purchase/pricing';
import { effectiveMoq } from '../purchase/quantity';
import { allowedQuantity, effectivePackSize, smallestQuantity } from '../purchase/pack-size';
import type { ProductSummary } from '../catalog/types';
import { hasQuickAddPrice } from './quick-add';
import { specificationEntries } from '../purchase/labels';
import type { CartProductSnapshot, CartSpecifications } from '../purchase/types';
import type { CartItem } from './types';

export interface AddToCartInput {
  productId: string;
  quantity: number;
  specifications: CartSpecifications;
  selectedPrice?: number | null;
  /** The list price beside a group's `selectedPrice` (lib/purchase/group-pricing.ts). */
  listPrice?: number | null;
  product: CartProductSnapshot;
}

/**
 * Line id: the product id plus the serialised choices. Stone name and material follow from the product and the stone
 * choice, so only the choices themselves (stone, style, size) make two lines differ.
 */
export function cartLineId(productId: string, specifications: CartSpecifications): string {
  const choice = {
    stoneType: specifications.stoneType ?? 'stone1',
    style: specifications.style ?? null,
    size: specifications.size ?? null,
  };
  return `${productId}-${JSON.stringify(choice)}`;
}

/** A cart line's quantity rule, from its product snapshot. */
const ruleOf = (product: CartProductSnapshot) => ({ moq: product.moq, pack_size: product.packSize });

function lineFrom(input: AddToCartInput, quantity: number): CartItem {
  const moq = effectiveMoq(input.product.moq);
  const item: CartItem = {
    id: cartLineId(input.productId, input.specifications),
    productId: input.productId,
    quantity: allowedQuantity(quantity, ruleOf(input.product)),
    specifications: { ...input.specifications },
    product: { ...input.product, moq },
  };
  if (input.selectedPrice !== undefined) item.selectedPrice = input.selectedPrice;
  if (input.listPrice != null) item.listPrice = input.listPrice;
  return item;
}

/** Adds a line, or raises the quantity of the identical line (keeping its place and taking the newer price). */
export function addToCart(items: readonly CartItem[], input: AddToCartInput): CartItem[] {
  const id = cartLineId(input.productId, input.specifications);
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return [...items, lineFrom(input, input.quantity)];
  const existing = items[index]!;
  const added = allowedQuantity(input.quantity, ruleOf(input.product));
  const next = [...items];
  next[index] = lineFrom(input, existing.quantity + added);
  return next;
}

/** Sets a line's quantity, rounded up to whole packs of at least its MOQ. Unknown ids leave the cart as it is. */
export function updateCartQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return items as CartItem[];
  const item = items[index]!;
  const clamped = allowedQuantity(quantity, ruleOf(item.product));
  if (clamped === item.quantity) return items as CartItem[];
  const next = [...items];
  next[index] = { ...item, quantity: clamped };
  return next;
}

/**
 * Changes a line's choices (stone, style, size) where it stands, at the new choice's price. A line that then matches
 * another is one line with both quantities, in the changed line's place. Unknown ids leave the cart as it is.
 */
export function changeLineChoices(
  items: readonly CartItem[],
  id: string,
  change: { specifications: CartSpecifications; selectedPrice: number | null; listPrice?: number | null },
): CartItem[] {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return items as CartItem[];
  const item = items[index]!;
  const nextId = cartLineId(item.productId, change.specifications);
  const twin = items.find((other) => other.id === nextId && other !== item);
  const changed = lineFrom(
    {
      productId: item.productId,
      quantity: item.quantity,
      specifications: change.specifications,
      selectedPrice: change.selectedPrice,
      listPrice: change.listPrice ?? null,
      product: item.product,
    },
    item.quantity + (twin?.quantity ?? 0),
  );
  return items.filter((other) => other !== twin).map((other) => (other === item ? changed : other));
}

export function removeFromCart(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((item) => item.id !== id);
}

export function isProductInCart(items: readonly CartItem[], productId: string): boolean {
  return items.some((item) => item.productId === productId);
}

export type CartAction =
  | { type: 'add'; input: AddToCartInput }
  | { type: 'addMany'; inputs: AddToCartInput[] }
  | { type: 'update'; id: string; quantity: number }
  | { type: 'choose'; id: string; specifications: CartSpecifications; selectedPrice: number | null; listPrice?: number | null }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'replace'; items: CartItem[] };

export function cartReducer(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add':
      return addToCart(items, action.input);
    case 'addMany':
      return action.inputs.reduce<CartItem[]>((next, input) => addToCart(next, input), items);
    case 'update':
      return updateCartQuantity(items, action.id, action.quantity);
    case 'choose':
      return changeLineChoices(items, action.id, action);
    case 'remove':
      return removeFromCart(items, action.id);
    case 'clear':
      return [];
    case 'replace':
      return action.items;
  }
}

function summaryStyle(summary: ProductSummary): Style | null {
  if (summary.category === 'necklaces') return 'necklace';
  if (summary.category === 'bracelets') return 'bracelet';
  return null;
}

/**
 * A listing card's quick add: the product page's opening selection (stone 1, necklace 18 in, bracelet 7 in) at the
 * smallest quantity allowed (the MOQ in whole packs) and the card's default price. Returns null when that selection
 * has no price.
 */
export function summaryToCartInput(summary: ProductSummary): AddToCartInput | null {
  if (!hasQuickAddPrice(summary) || summary.default_price === null) return null;
  const style = summaryStyle(summary);
  const moq = effectiveMoq(summary.moq);
  return {
    productId: summary.id,
    quantity: smallestQuantity(summary),
    specifications: {
      stoneType: 'stone1',
      stoneName: summary.stone_name,
      size: style ? defaultSizeFor(style) : summary.default_size,
      material: summary.material,
      style,
    },
    selectedPrice: summary.default_price,
    ...(summary.list_price != null ? { listPrice: summary.list_price } : {}),
    product: {
      name: summary.name,
      sku: summary.sku,
      category: summary.category,
      imageUrl: summary.image_url,
      moq,
      packSize: effectivePackSize(summary.pack_size),
      price: summary.default_price,
    },
  };
}

/**
 * What a one-click add says it added: '12 × Aria Pendant (Necklace Length: 18", Style: Necklace)'. The choices made
 * for the buyer are named, so none is picked unseen; the cart line shows them too and can change them.
 */
export function addedDescription(input: AddToCartInput): string {
  const words = specificationEntries(input.specifications, input.product.category)
    .filter((e) => e.label !== 'Material')
    .map((e) => `${e.label}: ${e.value}`)
    .join(', ');
  return `${input.quantity} × ${input.product.name}${words ? ` (${words})` : ''}`;
}

/** The stored form of the cart (read back by storage.ts's parseStoredCart). */
export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify(items);
}
