import 'server-only';
import { asAnon } from '../core/db';
import { isCategory, type Category } from '../catalog/categories';
import { getSearchResults } from '../catalog/search';
import { normalizeSearchInput } from '../catalog/search-query';
import { ACTIVE_SQL } from '../catalog/status';

// The quick-order SKU field's autocomplete: SKUs that start with what was typed (in SKU order, through the C-collated
// prefix indexes), then, when fewer than eight do, the shop's own search for the words typed (its overlay query and
// cache: names, stones and materials, typos forgiven), products with a SKU only.

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
  const bySku = await asAnon(
    (tx) => tx<(SkuSuggestion & { category: string })[]>`
      select id, category, sku, name, image_url as "imageUrl" from public.catalog_products
       where lower(sku) collate "C" like ${likePrefix(typed)} and ${tx.unsafe(ACTIVE_SQL)}
       order by lower(sku) collate "C" limit ${SUGGEST_LIMIT}`,
  );
  const found: SkuSuggestion[] = bySku.filter((row): row is SkuSuggestion => isCategory(row.category));
  if (found.length < SUGGEST_LIMIT) {
    const seen = new Set(found.map((s) => s.id));
    for (const hit of (await getSearchResults(typed)).results) {
      if (found.length === SUGGEST_LIMIT) break;
      if (!hit.sku || seen.has(hit.id)) continue;
      found.push({ id: hit.id, category: hit.category, sku: hit.sku, name: hit.name, imageUrl: hit.image_url });
    }
  }
  return found;
}
