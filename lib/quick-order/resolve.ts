import 'server-only';
import { asAnon, type Tx } from '../core/db';
import { CATEGORIES, isCategory } from '../catalog/categories';
import { toProduct } from '../catalog/product';
import { purchaseModel } from '../purchase/model';
import { smallestQuantity } from '../purchase/pack-size';
import type { ProductSelection } from '../purchase/options';
import type { PurchaseModel } from '../purchase/selection';
import { lineProblem, selectionFor, unknownSkuProblem, type LineProblem } from './lines';
import type { QuickOrderEntry } from './parse';

// Quick order's server side: every pasted line resolved in one SQL statement (the products by SKU, and the nearest
// SKUs for the ones nobody sells), then judged on each product's purchase model, the product page's own.

/** Unknown SKUs given a 'did you mean': a list of typos is answered, a list of nonsense is not searched for ever. */
const SUGGESTED_SKUS = 25;
const SUGGESTIONS_EACH = 3;
/** Trigram distance (1 − similarity) above which an SKU is too unlike to suggest. */
const SUGGESTION_DISTANCE = 0.75;

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

function lookUp(tx: Tx, skus: string[]): Promise<Row[]> {
  const found = CATEGORIES.map(
    (category) => tx`
      select ${category}::text as category, to_jsonb(t) - 'search_vector' - 'name_vector' as row
        from ${tx('public.' + category)} t where lower(t.sku) = any(${skus}::text[])`,
  ).reduce((query, part) => tx`${query} union all ${part}`);
  const nearest = CATEGORIES.map(
    (category) => tx`
      (select ${category}::text as category, sku, name, lower(sku) operator(extensions.<->) m.sku as distance
         from ${tx('public.' + category)} where sku is not null
        order by lower(sku) operator(extensions.<->) m.sku limit ${SUGGESTIONS_EACH})`,
  ).reduce((query, part) => tx`${query} union all ${part}`);
  return tx<Row[]>`
    with wanted(sku) as (select unnest(${skus}::text[])),
    found as (${found}),
    missing as (
      select w.sku from wanted w where not exists (select 1 from found f where lower(f.row->>'sku') = w.sku)
      limit ${SUGGESTED_SKUS})
    select category, row, null::text as asked from found
    union all
    select s.category, jsonb_build_object('sku', s.sku, 'name', s.name), m.sku
      from missing m cross join lateral (
        select * from (${nearest}) c where c.distance <= ${SUGGESTION_DISTANCE} order by c.distance, c.sku limit ${SUGGESTIONS_EACH}
      ) s`;
}

/** Resolves the lines in the caller's transaction: one statement, whatever the number of lines. */
export async function resolveQuickOrderIn(tx: Tx, entries: readonly QuickOrderEntry[]): Promise<QuickOrderResult> {
  const skus = [...new Set(entries.map((entry) => entry.sku.toLowerCase()))];
  const rows = skus.length > 0 ? await lookUp(tx, skus) : [];
  const bySku = new Map<string, PurchaseModel>();
  const suggestions = new Map<string, { sku: string; name: string }[]>();
  const models: Record<string, PurchaseModel> = {};
  for (const { category, row, asked } of rows) {
    if (!isCategory(category)) continue;
    if (asked !== null) {
      suggestions.set(asked, [...(suggestions.get(asked) ?? []), { sku: String(row.sku), name: String(row.name) }]);
      continue;
    }
    const model = purchaseModel(toProduct(category, row));
    models[model.productId] = model;
    bySku.set(String(row.sku).toLowerCase(), model);
  }
  const lines = entries.map((entry): ResolvedLine => {
    const model = bySku.get(entry.sku.toLowerCase());
    if (!model) {
      return {
        sku: entry.sku,
        productId: null,
        quantity: entry.quantity ?? 1,
        selection: null,
        problem: unknownSkuProblem(entry.sku, suggestions.get(entry.sku.toLowerCase()) ?? []),
      };
    }
    const quantity = entry.quantity ?? smallestQuantity({ moq: model.moq, pack_size: model.cartProduct.packSize });
    const selection = selectionFor(model, entry);
    return { sku: model.cartProduct.sku ?? entry.sku, productId: model.productId, quantity, selection, problem: lineProblem(model, selection, quantity) };
  });
  return { lines, models };
}

export function resolveQuickOrder(entries: readonly QuickOrderEntry[]): Promise<QuickOrderResult> {
  return asAnon((tx) => resolveQuickOrderIn(tx, entries));
}
