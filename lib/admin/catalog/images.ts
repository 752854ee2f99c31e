import 'server-only';
// A product's image rows, written as the admin under RLS. The first image (display order 0) is the primary one;
// every change here keeps that true, and the table's trigger keeps the product's image_url equal to it.
import { ActionError } from '../../core/action-result';
import type { Category } from '../../catalog/categories';
import type { ProductImage } from '../../catalog/types';
import type { Tx } from '../../core/db';
import { ownerKey, table } from './products';
import { PRODUCT_GONE } from './schema';

export const IMAGES_CHANGED = 'The images of this product changed in the meantime. Close the product and open it again.';

/** Locks the product row for the rest of the transaction (so concurrent image changes queue); false if it is gone. */
export async function lockProduct(tx: Tx, category: Category, productId: string): Promise<boolean> {
  const rows = await tx`select id from ${table(tx, category)} where id = ${productId} for update`;
  return rows.length > 0;
}

/** Appends an image after the product's others; the first image a product gets is its primary one. */
export async function appendImage(tx: Tx, category: Category, productId: string, url: string): Promise<ProductImage> {
  const owner = ownerKey(tx, category);
  const [image] = await tx<ProductImage[]>`
    insert into public.product_images (${owner}, image_url, is_primary, display_order)
    select ${productId}, ${url}, count(*) = 0, coalesce(max(display_order) + 1, 0)
      from public.product_images where ${owner} = ${productId}
    returning id, image_url, is_primary, display_order`;
  return image!;
}

/** Numbers the product's images 0, 1, 2… in their current order and makes the first one primary. */
async function renumber(tx: Tx, category: Category, productId: string): Promise<void> {
  const owner = ownerKey(tx, category);
  await tx`
    update public.product_images p set is_primary = (o.n = 1), display_order = o.n - 1
      from (select id, row_number() over (order by is_primary desc, display_order, created_at, id) as n
              from public.product_images where ${owner} = ${productId}) o
     where p.id = o.id and (p.is_primary is distinct from (o.n = 1) or p.display_order <> o.n - 1)`;
}

/** Deletes these images of the product; answers their URLs. Every id must be one of the product's images. */
export async function deleteImages(tx: Tx, category: Category, productId: string, imageIds: readonly string[]): Promise<string[]> {
  if (!(await lockProduct(tx, category, productId))) throw new ActionError(PRODUCT_GONE, 404);
  const owner = ownerKey(tx, category);
  const deleted = await tx<{ image_url: string }[]>`
    delete from public.product_images where ${owner} = ${productId} and id = any(${[...imageIds]}::uuid[]) returning image_url`;
  if (deleted.length !== new Set(imageIds).size) throw new ActionError(IMAGES_CHANGED, 409);
  await renumber(tx, category, productId);
  return deleted.map((d) => d.image_url);
}

/**
 * Saves a new order: `imageIds` is every image of the product, first to last. One statement rewrites display_order by
 * position and makes the first primary.
 */
export async function reorderImages(tx: Tx, category: Category, productId: string, imageIds: readonly string[]): Promise<void> {
  if (!(await lockProduct(tx, category, productId))) throw new ActionError(PRODUCT_GONE, 404);
  const owner = ownerKey(tx, category);
  const current = await tx<{ id: string }[]>`select id from public.product_images where ${owner} = ${productId}`;
  const wanted = new Set(imageIds.map((id) => id.toLowerCase()));
  if (wanted.size !== imageIds.length || current.length !== wanted.size || current.some((c) => !wanted.has(c.id))) {
    throw new ActionError(IMAGES_CHANGED, 409);
  }
  await tx`
    update public.product_images p set display_order = o.n - 1, is_primary = (o.n = 1)
      from unnest(${[...imageIds]}::uuid[]) with ordinality as o(id, n)
     where p.id = o.id and ${owner} = ${productId}
       and (p.display_order <> o.n - 1 or p.is_primary is distinct from (o.n = 1))`;
}
