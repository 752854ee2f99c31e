import 'server-only';
// The preview's read: one product of any status, as the signed-in admin (never as anon, never through a cache), so a
// draft is only ever read for the person allowed to see it.
import { withActor, type DbActor } from '../core/db';
import { isCategory, type Category } from './categories';
import { previewPath } from './preview-rules';
import { isProductId, readImages, toProduct, type ProductDetail } from './product';
import { isProductStatus, type ProductStatus } from './status';

export interface ProductPreview {
  detail: ProductDetail;
  status: ProductStatus;
}

export async function getProductPreview(actor: DbActor, category: Category, id: string): Promise<ProductPreview | null> {
  if (!isCategory(category) || !isProductId(id)) return null;
  return withActor(actor, async (tx) => {
    const [found] = await tx<{ row: Record<string, unknown> }[]>`
      select to_jsonb(t) - 'search_vector' - 'name_vector' as row from ${tx('public.' + category)} t where t.id = ${id}`;
    if (!found || !isProductStatus(found.row.status)) return null;
    return { detail: { product: toProduct(category, found.row), images: await readImages(tx, category, id) }, status: found.row.status };
  });
}

/**
 * Where staff see a product the shop answers 404 for: its preview, when the admin can read it and it is not active
 * (an active one's 404 is a real one: a wrong category is redirected by the page itself). `category` null: any table.
 */
export async function previewTarget(actor: DbActor, category: Category | null, id: string): Promise<string | null> {
  if (!isProductId(id) || (category !== null && !isCategory(category))) return null;
  const rows = await withActor(actor, (tx) =>
    category
      ? tx<{ category: string }[]>`select ${category}::text as category from ${tx('public.' + category)} where id = ${id} and status <> 'active'`
      : tx<{ category: string }[]>`select category from public.catalog_products where id = ${id} and status <> 'active' limit 1`,
  );
  const found = rows[0]?.category;
  return found && isCategory(found) ? previewPath(found, id.toLowerCase()) : null;
}
