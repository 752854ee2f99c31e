import 'server-only';
// The database side of a price list import, inside the import's one transaction: the groups by name, a batch's SKUs
// looked up in the five product tables in one statement, and a batch written in one statement (removals, changed
// prices and new ones), set-based, whatever the batch's size.
import { CATEGORIES, isCategory, type Category } from '../../catalog/categories';
import { toProduct } from '../../catalog/product';
import type { Product } from '../../catalog/types';
import type { Tx } from '../../core/db';
import type { PriceImportCounts } from './csv-rows';
import type { PriceOption } from './options';

/** Rows per batch: one lookup and one write each. */
export const PRICE_IMPORT_BATCH = 1000;

/**
 * Every group by lower-cased name. The rows are locked against deletion (key share) until the import commits, so a
 * group cannot vanish under a file that names it; renaming and price changes go on.
 */
export async function lockGroups(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx<{ id: string; key: string }[]>`select id, lower(name) as key from public.price_groups for key share`;
  return new Map(rows.map((r) => [r.key, r.id]));
}

/**
 * The products of these lower-cased SKUs, by lower-cased SKU: usually one; more when two products share a SKU but
 * for its case, or across tables. Read through each table's lower(sku) index (the quick order's).
 */
export async function lookUpSkus(tx: Tx, skus: readonly string[]): Promise<Map<string, Product[]>> {
  const found = new Map<string, Product[]>();
  if (skus.length === 0) return found;
  const parts = CATEGORIES.map(
    (category) => tx`
      select ${category}::text as category, to_jsonb(t) - 'search_vector' - 'name_vector' as row
        from ${tx('public.' + category)} t where lower(t.sku) collate "C" = any(${skus as string[]}::text[])`,
  ).reduce((query, part) => tx`${query} union all ${part}`);
  const rows = await (parts as unknown as Promise<{ category: string; row: Record<string, unknown> }[]>);
  for (const { category, row } of rows) {
    if (!isCategory(category)) continue;
    const product = toProduct(category, row);
    const key = String(product.sku).toLowerCase();
    found.set(key, [...(found.get(key) ?? []), product]);
  }
  return found;
}

export interface PriceWrite extends PriceOption {
  groupId: string;
  productId: string;
  category: Category;
  /** Dollars ('12.50'); null removes the fixed price. */
  price: string | null;
}

/**
 * One statement for the batch (its rows are distinct fixed prices: the file's checks refuse a second row for one):
 * the removals, the prices that differ, the new ones. A price equal to the stored one is not written at all. The
 * insert keeps `on conflict` for a price another transaction adds meanwhile. Answers the groups it changed.
 */
export async function writePriceBatch(tx: Tx, rows: readonly PriceWrite[], counts: PriceImportCounts): Promise<Set<string>> {
  const given = rows.map((r) => ({
    group_id: r.groupId,
    product_id: r.productId,
    category: r.category,
    stone: r.stone,
    style: r.style,
    size: r.size,
    price: r.price,
  }));
  const same = tx.unsafe('t.group_id = g.group_id and t.product_id = g.product_id and t.stone = g.stone and t.style = g.style and t.size = g.size');
  const changed = await tx<{ kind: 'created' | 'updated' | 'removed'; group_id: string; n: number }[]>`
    with given as materialized (
      select * from jsonb_to_recordset(${tx.json(given)})
        as g(group_id uuid, product_id uuid, category text, stone text, style text, size text, price numeric)
    ), removed as (
      delete from public.price_group_prices t using given g
       where g.price is null and ${same}
      returning t.group_id
    ), updated as (
      update public.price_group_prices t set price = g.price, updated_at = now() from given g
       where g.price is not null and ${same} and t.price <> g.price
      returning t.group_id
    ), created as (
      insert into public.price_group_prices as t (group_id, product_id, category, stone, style, size, price)
      select g.group_id, g.product_id, g.category, g.stone, g.style, g.size, g.price from given g
       where g.price is not null and not exists (select 1 from public.price_group_prices t where ${same})
      on conflict (group_id, product_id, stone, style, size) do update set price = excluded.price, updated_at = now()
       where t.price <> excluded.price
      returning t.group_id
    )
    select 'removed' as kind, group_id, count(*)::int as n from removed group by group_id
    union all select 'updated', group_id, count(*)::int from updated group by group_id
    union all select 'created', group_id, count(*)::int from created group by group_id`;
  const groups = new Set<string>();
  let written = 0;
  for (const c of changed) {
    counts[c.kind] += c.n;
    written += c.n;
    groups.add(c.group_id);
  }
  counts.unchanged += rows.length - written;
  return groups;
}
