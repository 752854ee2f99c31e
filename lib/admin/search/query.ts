import 'server-only';
// Admin search. Products: full-text on each category table's search_vector (every word a prefix), 5 per category, an
// exact SKU first, then the newest, 10 in all, with each product's primary image (kept in image_url by a trigger).
import { CATEGORIES } from '../../catalog/categories';
import { buildPrefixTsQuery, normalizeSearchInput } from '../../catalog/search-query';
import { withActor, type DbActor } from '../../core/db';
import { searchAdminCustomers, searchAdminOrders } from './people';
import { ADMIN_SEARCH_LIMIT, ADMIN_SEARCH_PER_CATEGORY, type AdminSearchResult, type AdminSearchResults } from './rules';

export async function searchAdminProducts(actor: DbActor, input: string): Promise<AdminSearchResult[]> {
  const text = normalizeSearchInput(input);
  const tsquery = buildPrefixTsQuery(text);
  if (!tsquery) return [];
  const sku = text.toLowerCase();
  return withActor(actor, async (tx) => {
    // How common a word is decides between walking the newest rows and the GIN index, so the plan is made for this
    // query's words, never reused from another's.
    await tx`set local plan_cache_mode = force_custom_plan`;
    const q = tx`to_tsquery('english', ${tsquery})`;
    // Per table, the newest matches (the planner walks the created_at index when a word is common, the GIN index
    // when it is rare); a SKU typed in full comes first, found through the SKU prefix index (lower(sku) in "C" order).
    const parts = CATEGORIES.map(
      (category) => tx`(
        select id, ${category}::text as category, name, sku, image_url, created_at, false as exact
          from ${tx('public.' + category)}
         where search_vector @@ ${q}
         order by created_at desc, id desc
         limit ${ADMIN_SEARCH_PER_CATEGORY})`,
    );
    const union = parts.reduce((acc, part) => tx`${acc} union all ${part}`);
    const rows = await tx<{ id: string; category: AdminSearchResult['category']; name: string; sku: string | null; image_url: string | null }[]>`
      select id, category, name, sku, image_url from (
        select distinct on (id) * from (
          select id, category, name, sku, image_url, created_at, true as exact from public.catalog_products where lower(sku) collate "C" = ${sku}
          union all ${union}
        ) found order by id, exact desc
      ) hits
       order by exact desc, created_at desc, id desc
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
