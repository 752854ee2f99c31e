import 'server-only';
import { asAnon, type Tx } from '../core/db';
import { CATEGORIES, isCategory } from '../catalog/categories';
import { toProduct } from '../catalog/product';
import type { Product } from '../catalog/types';
import { purchaseModel } from '../purchase/model';
import { pricePurchaseModel } from '../purchase/priced-pages';
import type { GroupTerms } from '../purchase/group-pricing';
import type { PriceView } from '../purchase/price-view';
import { smallestQuantity } from '../purchase/pack-size';
import type { ProductSelection } from '../purchase/options';
import type { PurchaseModel } from '../purchase/selection';
import { lineProblem, selectionFor, unknownSkuProblem, type LineProblem } from './lines';
import type { QuickOrderEntry } from './parse';
import { withinOneEdit } from '../catalog/search-query';
import { ACTIVE_SQL } from '../catalog/status';

// Quick order's server side: every pasted line resolved in one SQL statement (the products by SKU, and the SKUs
// nearest by key for the ones nobody sells), then judged on each product's purchase model, the product page's own.

/** Unknown SKUs given a 'did you mean': a list of typos is answered, a list of nonsense is not searched for ever. */
const SUGGESTED_SKUS = 25;
const SUGGESTIONS_EACH = 3;
/** Candidates read per table for each unknown SKU. */
const CANDIDATES_EACH = 20;

export interface ResolvedLine {
  /** As typed. */
  sku: string;
  productId: string | null;
  quantity: number;
  /** Null for an unknown SKU, or options the product does not offer. */
  selection: ProductSelection | null;
  problem: LineProblem | null;
}

export interface QuickOrderResult {
  lines: ResolvedLine[];
  /** Purchase models of the products the lines name, by product id. */
  models: Record<string, PurchaseModel>;
}

type Row = { category: string; row: Record<string, unknown>; asked: string | null };

/** Active products only: a draft or archived SKU is unknown to quick order, and never suggested. */
function lookUp(tx: Tx, skus: string[]): Promise<Row[]> {
  const active = tx.unsafe(ACTIVE_SQL);
  const found = CATEGORIES.map(
    (category) => tx`
      select ${category}::text as category, to_jsonb(t) - 'search_vector' - 'name_vector' as row
        from ${tx('public.' + category)} t where lower(t.sku) collate "C" = any(${skus}::text[]) and t.${active}`,
  ).reduce((query, part) => tx`${query} union all ${part}`);
  // Candidates for a 'did you mean': SKUs whose key (lower case, letters and digits: the migration's index) shares
  // all but the last two characters of the typed key, read as an index range (twenty a table at most); the caller
  // ranks them (rankSuggestions).
  const key = (column: string) => tx.unsafe(`regexp_replace(lower(${column}), '[^a-z0-9]+', '', 'g') collate "C"`);
  const nearest = CATEGORIES.map(
    (category) => tx`
      (select ${category}::text as category, sku, name from ${tx('public.' + category)}
        where ${key('sku')} >= m.lo and ${key('sku')} < m.hi and ${active}
        order by ${key('sku')} limit ${CANDIDATES_EACH})`,
  ).reduce((query, part) => tx`${query} union all ${part}`);
  return tx<Row[]>`
    with wanted(sku) as (select unnest(${skus}::text[])),
    found as (${found}),
    missing as (
      select w.sku, left(k.key, greatest(length(k.key) - 2, 3)) collate "C" as lo,
             (left(k.key, greatest(length(k.key) - 2, 3)) || '~') collate "C" as hi
        from wanted w cross join lateral (select ${key('w.sku')} as key) k
       where not exists (select 1 from found f where lower(f.row->>'sku') = w.sku) and length(k.key) >= 3
       limit ${SUGGESTED_SKUS})
    select category, row, null::text as asked from found
    union all
    select s.category, jsonb_build_object('sku', s.sku, 'name', s.name), m.sku
      from missing m cross join lateral (${nearest}) s`;
}

const skuKey = (sku: string) => sku.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The best three candidates for a typed SKU: the same key first ('RNG1008' for RNG-1008), then those one edit away
 * (a wrong, missing, extra or swapped character), then the rest of those sharing a prefix; SKU order within each.
 */
export function rankSuggestions(typed: string, candidates: { sku: string; name: string }[]): { sku: string; name: string }[] {
  const key = skuKey(typed);
  const rank = (sku: string) => (skuKey(sku) === key ? 0 : withinOneEdit(key, skuKey(sku)) ? 1 : 2);
  return [...candidates]
    .sort((a, b) => rank(a.sku) - rank(b.sku) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
    .slice(0, SUGGESTIONS_EACH);
}

/** Resolves the lines in the caller's transaction: one statement, whatever the number of lines. */
export async function resolveQuickOrderIn(
  tx: Tx,
  entries: readonly QuickOrderEntry[],
  pricing: QuickOrderPricing | null = null,
): Promise<QuickOrderResult> {
  const skus = [...new Set(entries.map((entry) => entry.sku.toLowerCase()))];
  const rows = skus.length > 0 ? await lookUp(tx, skus) : [];
  const bySku = new Map<string, PurchaseModel>();
  const suggestions = new Map<string, { sku: string; name: string }[]>();
  const models: Record<string, PurchaseModel> = {};
  const products: Product[] = [];
  for (const { category, row, asked } of rows) {
    if (!isCategory(category)) continue;
    if (asked !== null) {
      suggestions.set(asked, [...(suggestions.get(asked) ?? []), { sku: String(row.sku), name: String(row.name) }]);
      continue;
    }
    const product = toProduct(category, row);
    products.push(product);
    const model = purchaseModel(product);
    models[model.productId] = model;
    bySku.set(String(row.sku).toLowerCase(), model);
  }
  // The buyer's group prices (lib/purchase/priced-pages.ts), for the products found.
  const terms = pricing && products.length ? await pricing.terms(products.map((p) => p.id)) : null;
  if (pricing && terms) {
    for (const product of products) {
      const priced = pricePurchaseModel(models[product.id]!, product, pricing.view, terms);
      models[product.id] = priced;
      bySku.set(String(product.sku).toLowerCase(), priced);
    }
  }
  const lines = entries.map((entry): ResolvedLine => {
    const model = bySku.get(entry.sku.toLowerCase());
    if (!model) {
      return {
        sku: entry.sku,
        productId: null,
        quantity: entry.quantity ?? 1,
        selection: null,
        problem: unknownSkuProblem(entry.sku, rankSuggestions(entry.sku, suggestions.get(entry.sku.toLowerCase()) ?? [])),
      };
    }
    const quantity = entry.quantity ?? smallestQuantity({ moq: model.moq, pack_size: model.cartProduct.packSize });
    const selection = selectionFor(model, entry);
    return { sku: model.cartProduct.sku ?? entry.sku, productId: model.productId, quantity, selection, problem: lineProblem(model, selection, quantity) };
  });
  return { lines, models };
}

/** How the caller's prices apply: their view, and their group's terms for the products found. */
export interface QuickOrderPricing {
  view: PriceView;
  terms: (productIds: string[]) => Promise<GroupTerms | null>;
}

export function resolveQuickOrder(entries: readonly QuickOrderEntry[], pricing: QuickOrderPricing | null = null): Promise<QuickOrderResult> {
  return asAnon((tx) => resolveQuickOrderIn(tx, entries, pricing));
}
