import 'server-only';
// Admin search. Products: full-text on each category table's search_vector (every word a prefix), 5 per category, an
// exact SKU first, then the newest, 10 in all, with each product's primary image (kept in image_url by a trigger).
import { CATEGORIES } from '../../catalog/categories';
import { buildPrefixTsQuery, normalizeSearchInput, searchTerms } from '../../catalog/search-query';
import { estimator, plansFor, tableMatches, useIndexes, WALK_ORDERS } from '../../catalog/search-reads';
import { prefixWords } from '../../catalog/search-words';
import { searchStats } from '../../catalog/search-stats';
import { withActor, type DbActor } from '../../core/db';
import { searchAdminCustomers, searchAdminOrders } from './people';
import { ADMIN_SEARCH_LIMIT, ADMIN_SEARCH_PER_CATEGORY, type AdminSearchResult, type AdminSearchResults } from './rules';

export async function searchAdminProducts(actor: DbActor, input: string): Promise<AdminSearchResult[]> {
  const text = normalizeSearchInput(input);
  const tsquery = buildPrefixTsQuery(text);
  if (!tsquery) return [];
  const sku = text.toLowerCase();
  const stats = await searchStats();
  return withActor(actor, async (tx) => {
    // Per table, the newest matches of every status, each table walked newest first where the words are common and
    // read through the full-text index where they are rare (lib/catalog/search-plan.ts).
    await useIndexes(tx);
    const estimate = estimator(tx, stats, await prefixWords(tx, searchTerms(text)), sku)('search_vector', tx`true`);
    const plans = plansFor(estimate.shares, ADMIN_SEARCH_PER_CATEGORY);
    const by = tx.unsafe(WALK_ORDERS.newest);
    const condition = tx`search_vector @@ (select to_tsquery('english', ${tsquery}))`;
    const parts = CATEGORIES.map((category) => {
      const read = { by, scope: tx`true`, seek: estimate.seek(category) };
      return tx`(select id, category, created_at, false as exact
                   from (${tableMatches(tx, category, plans[category], read, condition, tx`false`)}) t
                  order by ${by} limit ${ADMIN_SEARCH_PER_CATEGORY})`;
    });
    const union = parts.reduce((acc, part) => tx`${acc} union all ${part}`);
    // A SKU typed in full comes first, found through the SKU prefix index (lower(sku) in "C" order).
    const rows = await tx<{ id: string; category: AdminSearchResult['category']; name: string; sku: string | null; image_url: string | null }[]>`
      select c.id, c.category, c.name, c.sku, c.image_url from (
        select distinct on (id) * from (
          select id, category, created_at, true as exact from public.catalog_products where lower(sku) collate "C" = ${sku}
          union all ${union}
        ) found order by id, exact desc
      ) hits
      join public.catalog_products c on c.id = hits.id and c.category = hits.category
       order by hits.exact desc, hits.created_at desc, hits.id desc
       limit ${ADMIN_SEARCH_LIMIT}`;
    return rows.map((r) => ({ id: r.id, category: r.category, name: r.name, sku: r.sku, imageUrl: r.image_url }));
  });
}

/** The header search: products, orders and customers at once (three statements side by side). */
export async function searchAdmin(actor: DbActor, input: string): Promise<AdminSearchResults> {
  const [products, orders, customers] = await Promise.all([
    searchAdminProducts(actor, input),
    searchAdminOrders(actor, input),
    searchAdminCustomers(actor, input),
  ]);
  return { products, orders, customers };
}
