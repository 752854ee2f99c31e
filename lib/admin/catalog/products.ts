import 'server-only';
// Products of one table for the back office, read and written as the admin under RLS: the category screen's page of
// cards with the product being edited, and the single-product writes of the modal. Rows go in through
// jsonb_populate_record, so every value is typed by the table itself.
import { ActionError } from '../../core/action-result';
import { CATEGORY_INFO, PAGE_SIZE, type Category } from '../../catalog/categories';
import type { ProductImage } from '../../catalog/types';
import { withActor, type DbActor, type Tx } from '../../core/db';
import { env } from '../../core/env';
import { totalPagesFor } from '../../core/pagination';
import { CATEGORY_FIELDS, writeColumns } from './fields';
import type { EditableRow } from './form-values';
import { countAllMatching, loadCategoryList, type CategoryListData } from './list';
import type { ListFilter, ListQuery } from './list-params';
import type { ProductWrite } from './schema';
import type { ProductStatus } from '../../catalog/status';
import { readProductHistory, type ProductHistoryPage } from './history';
import { readySql } from './readiness-check';

export interface AdminProductCard {
  id: string;
  name: string;
  sku: string | null;
  imageUrl: string | null;
  isNew: boolean;
  isMens: boolean;
  isAdjustable: boolean;
  status: ProductStatus;
  /** A draft or archived product that lacks a name, price, image or description (readiness.ts). */
  notReady: boolean;
}

export interface EditingProduct {
  row: EditableRow;
  /** In display order: the first is the primary image. */
  images: ProductImage[];
  /** The newest changes first; more are loaded from the modal. */
  history: ProductHistoryPage;
}

export interface CategoryScreenData {
  category: Category;
  items: AdminProductCard[];
  total: number;
  /** The count stopped at the search cap (list view with a search word). */
  capped: boolean;
  page: number;
  totalPages: number;
  editing: EditingProduct | null;
  /** The list view's page, when the screen shows the list rather than the grid (then `items` is empty). */
  list: CategoryListData | null;
}

export const table = (tx: Tx, category: Category) => tx(`public.${category}`);
export const ownerKey = (tx: Tx, category: Category) => tx(CATEGORY_INFO[category].imageOwnerKey);

const hasAdjustable = (category: Category) => CATEGORY_FIELDS[category].flags.some((f) => f.column === 'is_adjustable');

/** One product row with every column but the generated ones, or null. */
export async function readProductRow(tx: Tx, category: Category, id: string): Promise<EditableRow | null> {
  const [found] = await tx<{ row: EditableRow }[]>`
    select to_jsonb(t) - 'search_vector' - 'price_from' as row from ${table(tx, category)} t where t.id = ${id}`;
  return found?.row ?? null;
}

export async function readProductImages(tx: Tx, category: Category, id: string): Promise<ProductImage[]> {
  return tx<ProductImage[]>`
    select id, image_url, is_primary, display_order from public.product_images
     where ${ownerKey(tx, category)} = ${id}
     order by is_primary desc, display_order, created_at, id`;
}

async function loadEditing(tx: Tx, category: Category, editId: string | null, timeZone: string): Promise<EditingProduct | null> {
  if (!editId) return null;
  const row = await readProductRow(tx, category, editId);
  if (!row) return null;
  return { row, images: await readProductImages(tx, category, editId), history: await readProductHistory(tx, category, editId, timeZone, null) };
}

/** The category screen's count: every product of the category, whatever its status. */
const ALL_PRODUCTS: ListFilter = { status: null, material: null, isNew: false, isMens: false, q: '' };

/**
 * The category screen: 20 cards of the newest products on `page` (a page past the end shows the last one), the
 * count, and the product whose modal is open, when `editId` names one of this table. With `list`, the list view's
 * page in its sort and filters instead of the cards.
 */
export async function loadCategoryScreen(
  actor: DbActor,
  category: Category,
  page: number,
  editId: string | null,
  list?: { query: ListQuery; timeZone: string },
  timeZone: string = list?.timeZone ?? env().SHOP_TIME_ZONE,
): Promise<CategoryScreenData> {
  return withActor(actor, async (tx) => {
    if (list) {
      const data = await loadCategoryList(tx, category, list.query, list.timeZone);
      return { category, items: [], total: data.total, capped: data.capped, page: data.page, totalPages: data.totalPages, editing: await loadEditing(tx, category, editId, timeZone), list: data };
    }
    const total = await countAllMatching(tx, category, ALL_PRODUCTS);
    const totalPages = totalPagesFor(total, PAGE_SIZE);
    const shown = Math.max(1, Math.min(page, totalPages));
    const adjustable = hasAdjustable(category) ? tx`r.is_adjustable` : tx`false`;
    // The page's ids come from the (created_at, id) index alone; only those 20 rows are read, so a deep page skips
    // index entries instead of sorting the table.
    const rows = await tx<{ id: string; name: string; sku: string | null; image_url: string | null; is_new_arrival: boolean; is_mens_jewelry: boolean; adjustable: boolean; status: ProductStatus; not_ready: boolean }[]>`
      select r.id, r.name, r.sku, r.image_url, r.is_new_arrival, r.is_mens_jewelry, ${adjustable} as adjustable, r.status,
             r.status <> 'active' and not ${readySql(tx, category)} as not_ready
        from ${table(tx, category)} r
       where r.id in (select id from ${table(tx, category)} order by created_at desc, id desc limit ${PAGE_SIZE} offset ${(shown - 1) * PAGE_SIZE})
       order by r.created_at desc, r.id desc`;
    const editing = await loadEditing(tx, category, editId, timeZone);
    return {
      category,
      items: rows.map((r) => ({
        id: r.id, name: r.name, sku: r.sku, imageUrl: r.image_url, isNew: r.is_new_arrival, isMens: r.is_mens_jewelry, isAdjustable: r.adjustable, status: r.status, notReady: r.not_ready,
      })),
      total,
      capped: false,
      page: shown,
      totalPages,
      editing,
      list: null,
    };
  });
}

export const DUPLICATE_SKU = 'This SKU is already used by another product';

/** A unique violation on the table's sku is the admin's to fix, beside the SKU field. */
function duplicateSku(err: unknown, category: Category): never {
  const e = err as { code?: string; constraint_name?: string };
  if (e?.code === '23505' && e.constraint_name === `${category}_sku_key`) {
    throw new ActionError(DUPLICATE_SKU, 409, { sku: DUPLICATE_SKU });
  }
  throw err;
}

export async function insertProductRow(tx: Tx, category: Category, product: ProductWrite): Promise<string> {
  const columns = writeColumns(category);
  const rows = await tx<{ id: string }[]>`
    insert into ${table(tx, category)} (${tx(columns)})
    select ${tx(columns)} from jsonb_populate_record(null::${table(tx, category)}, ${tx.json(product)})
    returning id`.catch((err: unknown) => duplicateSku(err, category));
  return rows[0]!.id;
}

/** Writes every editable column; false when the product no longer exists. */
export async function updateProductRow(tx: Tx, category: Category, id: string, product: ProductWrite): Promise<boolean> {
  const columns = writeColumns(category);
  const rows = await tx<{ id: string }[]>`
    update ${table(tx, category)} t set (${tx(columns)}) = (
      select ${tx(columns)} from jsonb_populate_record(null::${table(tx, category)}, ${tx.json(product)})
    ) where t.id = ${id} returning t.id`.catch((err: unknown) => duplicateSku(err, category));
  return rows.length > 0;
}

/** Deletes the product (its image rows go with it); answers the image URLs it had, or null if it was not there. */
export async function deleteProductRow(tx: Tx, category: Category, id: string): Promise<string[] | null> {
  const images = await tx<{ image_url: string }[]>`
    select image_url from public.product_images where ${ownerKey(tx, category)} = ${id}`;
  const deleted = await tx`delete from ${table(tx, category)} where id = ${id} returning id`;
  return deleted.length > 0 ? images.map((i) => i.image_url) : null;
}

/** Of these URLs, the ones no image row names any more: their files may go. */
export async function unusedImageUrls(tx: Tx, urls: readonly string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const rows = await tx<{ url: string }[]>`
    select u.url from unnest(${[...new Set(urls)]}::text[]) as u(url)
     where not exists (select 1 from public.product_images i where i.image_url = u.url)`;
  return rows.map((r) => r.url);
}
