import 'server-only';
import { asAnon } from '../core/db';
import { isCategory, type Category } from '../catalog/categories';
import { buildPrefixTsQuery, normalizeSearchInput } from '../catalog/search-query';

// The quick-order SKU field's autocomplete: SKUs that start with what was typed (in SKU order, through the C-collated
// prefix indexes), then products whose name words start with it (newest first, through the name index).

export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_LIMIT = 8;
export const SUGGEST_MAX_CHARS = 60;

export interface SkuSuggestion {
  id: string;
  category: Category;
  sku: string;
  name: string;
  imageUrl: string | null;
}

/** `%`, `_` and `\` match themselves in the prefix. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

export async function suggestSkus(input: string): Promise<SkuSuggestion[]> {
  const typed = normalizeSearchInput(input).toLowerCase();
  if (typed.length < SUGGEST_MIN_CHARS) return [];
  const words = buildPrefixTsQuery(typed);
  const rows = await asAnon(
    (tx) => tx<(SkuSuggestion & { category: string })[]>`
      select id, category, sku, name, image_url as "imageUrl" from (
        (select id, category, sku, name, image_url, 0 as rank, lower(sku) collate "C" as key, created_at
           from public.catalog_products
          where lower(sku) collate "C" like ${likePrefix(typed)}
          order by lower(sku) collate "C" limit ${SUGGEST_LIMIT})
        ${words ? tx`union all
        (select id, category, sku, name, image_url, 1, null, created_at
           from public.catalog_products
          where sku is not null and name_vector @@ to_tsquery('english', ${words})
          order by created_at desc limit ${SUGGEST_LIMIT})` : tx``}
      ) s order by rank, key, created_at desc`,
  );
  const seen = new Set<string>();
  return rows
    .filter((row) => isCategory(row.category) && !seen.has(row.id) && seen.add(row.id))
    .slice(0, SUGGEST_LIMIT);
}
