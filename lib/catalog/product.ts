import 'server-only';
import { unstable_cache } from 'next/cache';
import * as z from 'zod';
import { asAnon, type Tx } from '../core/db';
import { CATEGORIES, CATEGORY_INFO, isCategory, productPath, type Category } from './categories';

import type { Product, ProductImage } from './types';
import { ACTIVE_SQL } from './status';
import { CATALOG_TAG } from '../core/cache/tags';

// Single-product reads for the detail pages, the cart and the checkout. Rows are read as JSON (to_jsonb), so numeric
// columns arrive as numbers and every table's own columns come along without listing them.

export interface ProductDetail {
  product: Product;
  /** Primary first, then display order. */
  images: ProductImage[];
}

// Postgres accepts any 8-4-4-4-12 hex id; anything else cannot be a product and is simply not found.
const productId = z.guid();

export function isProductId(id: unknown): id is string {
  return productId.safeParse(id).success;
}

// The fallback lookup tries the tables in this order.
const LOOKUP_ORDER: readonly Category[] = ['bracelets', 'necklaces', 'rings', 'earrings', 'body_jewelry'];

type RawRow = Record<string, unknown>;

/** A product row read as JSON (to_jsonb) from its category's table. */
export function toProduct(category: Category, row: RawRow): Product {
  const { search_vector: _omit, name_vector: _omitNames, ...rest } = row;
  // Text is shown in NFC: a decomposed 'è' (e + combining accent) would place the accent apart from its letter.
  const nfc = (v: unknown) => (typeof v === 'string' ? v.normalize('NFC') : v);
  return { ...rest, name: nfc(rest.name), description: nfc(rest.description), category,
    moq: Number(rest.moq) || 1,
    pack_size: Number(rest.pack_size) || 1,
    price_breaks: Array.isArray(rest.price_breaks) ? rest.price_breaks : [],
  } as unknown as Product;
}

export async function readImages(tx: Tx, category: Category, id: string): Promise<ProductImage[]> {
  const owner = CATEGORY_INFO[category].imageOwnerKey;
  return tx<ProductImage[]>`
    select id, image_url, is_primary, display_order
      from public.product_images
     where ${tx(owner)} = ${id}
     order by is_primary desc, display_order asc, created_at asc`;
}

/** One product of one category with its images, or null (also for ids that are not uuids). */
export async function getProduct(category: Category, id: string): Promise<ProductDetail | null> {
  if (!isCategory(category) || !isProductId(id)) return null;
  return asAnon(async (tx) => {
    const [row] = await tx<{ row: RawRow }[]>`
      select to_jsonb(t) - 'search_vector' - 'name_vector' as row from ${tx('public.' + category)} t where t.id = ${id} and t.${tx.unsafe(ACTIVE_SQL)}`;
    if (!row) return null;
    return { product: toProduct(category, row.row), images: await readImages(tx, category, id) };
  });
}

/** The category whose table holds this id, or null. */
export async function findProductCategory(id: string): Promise<Category | null> {
  if (!isProductId(id)) return null;
  const rows = await asAnon(
    (tx) => tx<{ category: string }[]>`
      select category from public.catalog_products where id = ${id} and ${tx.unsafe(ACTIVE_SQL)}
       order by array_position(${LOOKUP_ORDER as string[]}::text[], category) limit 1`,
  );
  const category = rows[0]?.category;
  return isCategory(category) ? category : null;
}

/**
 * Products on sale by id across the five tables, in the order asked (each once); unknown and malformed ids, and
 * products that are not active, are left out: the checkout re-prices cart lines from these rows, and a line whose
 * product is missing here is one that can no longer be bought.
 */
export async function getProductsByIds(ids: readonly string[], inTx?: Tx): Promise<Product[]> {
  const wanted = [...new Set(ids.filter(isProductId).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  // In the caller's transaction when given (the account area reads as the signed-in customer), else as anon.
  const read = <T>(fn: (tx: Tx) => Promise<T>) => (inTx ? fn(inTx) : asAnon(fn));
  const rows = await read((tx) => {
    const parts = CATEGORIES.map(
      (category) => tx`
        select ${category}::text as category, to_jsonb(t) - 'search_vector' - 'name_vector' as row
          from ${tx('public.' + category)} t where t.id = any(${wanted}::uuid[]) and t.${tx.unsafe(ACTIVE_SQL)}`,
    );
    return parts.reduce((query, part) => tx`${query} union all ${part}`) as unknown as Promise<
      { category: string; row: RawRow }[]
    >;
  });
  const byId = new Map<string, Product>();
  for (const { category, row } of rows) {
    if (isCategory(category) && !byId.has(String(row.id))) byId.set(String(row.id), toProduct(category, row));
  }
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

export type ProductRoute =
  | { kind: 'found'; detail: ProductDetail }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

/**
 * What a detail URL shows. `category` is the route's category, or null for the /product/{id} fallback. A product that
 * lives in another table is redirected to its own route; another category's product is never shown.
 */
export async function resolveProductRoute(category: Category | null, id: string): Promise<ProductRoute> {
  if (!isProductId(id)) return { kind: 'not-found' };
  if (category) {
    const detail = await getProduct(category, id);
    if (detail) return { kind: 'found', detail };
  }
  const actual = await findProductCategory(id);
  if (actual && actual !== category) return { kind: 'redirect', to: productPath(actual, id.toLowerCase()) };
  return { kind: 'not-found' };
}

/** resolveProductRoute through the data cache (tag 'catalog', 5 minutes), for the detail pages. */
export const getProductRoute = unstable_cache(resolveProductRoute, ['product-route-v1'], {
  tags: [CATALOG_TAG],
  revalidate: 300,
});
