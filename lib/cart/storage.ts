// Reading and writing the cart JSON in local storage. Whatever is stored is untrusted: anything unreadable gives an
// empty cart, and each line is re-keyed, MOQ-clamped and merged on the way in.
// zod/mini keeps the validator small; the cart provider loads this module after hydration, not with the page.
import * as z from 'zod/mini';
import { CATEGORIES } from '../catalog/categories';
import { correctionFor, type CartCorrection } from './corrections';
import { addToCart } from './lines';
import type { CartItem } from './types';

const text = z.nullable(z.string());
const price = z.nullable(z.number().check(z.minimum(0)));

const specificationsSchema = z.object({
  stoneType: z.optional(z.enum(['stone1', 'stone2'])),
  stoneName: z.optional(text),
  size: z.optional(text),
  material: z.optional(text),
  style: z.optional(z.nullable(z.enum(['necklace', 'bracelet']))),
});

const itemSchema = z.object({
  id: z.optional(z.string()),
  productId: z.string().check(z.minLength(1)),
  quantity: z.number().check(z.int(), z.minimum(1)),
  specifications: specificationsSchema,
  selectedPrice: z.optional(price),
  listPrice: z.optional(price),
  product: z.object({
    name: z.string(),
    sku: text,
    category: z.enum(CATEGORIES),
    imageUrl: text,
    moq: z.number().check(z.int(), z.minimum(1)),
    packSize: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
    priceBreaks: z.optional(z.array(z.object({ minQuantity: z.number(), percentOff: z.number() })).check(z.maxLength(20))),
    price,
  }),
});

/**
 * The stored cart and what reading it changed: quantities below the MOQ or in part packs are rounded up to ones that
 * can be bought, and each change is named so the cart can say so.
 */
export function readStoredCart(raw: string | null | undefined): { items: CartItem[]; corrections: CartCorrection[] } {
  if (!raw) return { items: [], corrections: [] };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { items: [], corrections: [] };
  }
  const parsed = z.array(itemSchema).safeParse(data);
  if (!parsed.success) return { items: [], corrections: [] };
  const corrections: CartCorrection[] = [];
  const items = parsed.data.reduce<CartItem[]>((lines, line) => {
    const correction = correctionFor(line.product.name, line.quantity, line.product.moq, line.product.packSize);
    if (correction) corrections.push(correction);
    return addToCart(lines, {
      productId: line.productId,
      quantity: line.quantity,
      specifications: line.specifications,
      selectedPrice: line.selectedPrice,
      listPrice: line.listPrice,
      product: line.product,
    });
  }, []);
  return { items, corrections };
}

/** The stored cart's lines (see readStoredCart). */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  return readStoredCart(raw).items;
}

export { serializeCart } from './lines';
