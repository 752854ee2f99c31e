import 'server-only';
// The bulk actions' writes, inside the action's one transaction as the admin under RLS. The target is counted first:
// ids that are not this table's, or an 'all matching' count that is not the one the admin confirmed, refuse the
// whole action. Each change is written to the product history by the tables' triggers, with
// the action's note (`app.product_change`, local to the transaction).
import { ActionError } from '../../core/action-result';
import type { Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { priceColumns } from './fields';
import { nameProductChange } from './history';
import { listWhere } from './list';
import { ownerKey, table, unusedImageUrls } from './products';
import {
  basisPoints,
  BULK_FLAGS,
  bulkNote,
  MATCHING_CHANGED,
  NOT_IN_CATEGORY,
  PRICE_TOO_LARGE,
  surchargeLeftOut,
  type BulkFlag,
  type BulkRequest,
  type BulkTarget,
} from './bulk-rules';
import type { ProductStatus } from './list-params';
import { bulkNotReadyRefusal } from './readiness';
import { readySql } from './readiness-check';

/** The target as a WHERE condition on the table (aliased `r`): the ids, or the list's filter. */
function targetWhere(tx: Tx, target: BulkTarget) {
  return target.kind === 'ids' ? tx`r.id = any(${target.ids}::uuid[])` : listWhere(tx, target.filter);
}

/**
 * Counts the target's rows and refuses a target that is not what the admin saw: ids that are not all this table's,
 * or a count of matching products other than the one confirmed. The rows are then changed by one statement with the
 * same condition (no list of 20,000 ids goes back and forth, and no separate locking pass writes every row twice).
 */
export async function countTarget(tx: Tx, category: Category, target: BulkTarget): Promise<number> {
  const [row] = await tx<{ n: number }[]>`select count(*)::int as n from ${table(tx, category)} r where ${targetWhere(tx, target)}`;
  const n = row?.n ?? 0;
  if (target.kind === 'ids' && n !== target.ids.length) throw new ActionError(NOT_IN_CATEGORY, 422);
  if (target.kind === 'matching' && n !== target.expected) throw new ActionError(MATCHING_CHANGED, 409);
  return n;
}

async function begin(tx: Tx, category: Category, target: BulkTarget, request: BulkRequest): Promise<number> {
  await nameProductChange(tx, bulkNote(request));
  return countTarget(tx, category, target);
}

/** What to do with products that are not ready when publishing: refuse (the default), publish them too, or skip them. */
export type UnreadyChoice = 'refuse' | 'publish' | 'skip';

/**
 * Publish, unpublish or archive; answers how many products were set and how many not-ready ones were skipped. A
 * publish counts the products it would make active that are not ready, and refuses them unless told what to do.
 */
export async function bulkSetStatus(
  tx: Tx,
  category: Category,
  target: BulkTarget,
  status: ProductStatus,
  unready: UnreadyChoice = 'refuse',
): Promise<{ count: number; skipped: number }> {
  const n = await begin(tx, category, target, { kind: 'status', status });
  let skip = tx`true`;
  let skipped = 0;
  if (status === 'active' && unready !== 'publish') {
    skipped = await unreadyIn(tx, category, target);
    if (skipped > 0 && unready === 'refuse') throw new ActionError(bulkNotReadyRefusal(skipped), 409);
    skip = tx`(r.status = 'active' or ${readySql(tx, category)})`;
  }
  await tx`update ${table(tx, category)} r set status = ${status} where ${targetWhere(tx, target)} and ${skip} and r.status <> ${status}`;
  return { count: n - skipped, skipped };
}

/** The target's products a publish would make active that are not ready. */
async function unreadyIn(tx: Tx, category: Category, target: BulkTarget): Promise<number> {
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from ${table(tx, category)} r
     where ${targetWhere(tx, target)} and r.status <> 'active' and not ${readySql(tx, category)}`;
  return row?.n ?? 0;
}

/** What the bulk bar asks before a publish: how many products the target holds and how many are not ready. */
export async function countNotReady(tx: Tx, category: Category, target: BulkTarget): Promise<{ total: number; notReady: number }> {
  return { total: await countTarget(tx, category, target), notReady: await unreadyIn(tx, category, target) };
}

export async function bulkSetFlag(tx: Tx, category: Category, target: BulkTarget, flag: BulkFlag, value: boolean): Promise<number> {
  const n = await begin(tx, category, target, { kind: 'flag', flag, value });
  const column = tx(BULK_FLAGS[flag]);
  await tx`update ${table(tx, category)} r set ${column} = ${value} where ${targetWhere(tx, target)} and r.${column} is distinct from ${value}`;
  return n;
}

/**
 * Every price column of the table by `percent`, rounded to the cent (Postgres' round: half away from zero, the rule
 * of changedPriceCents), never below 0.01; cells without a price (none, or 0) stay so.
 */
export async function bulkChangePrices(tx: Tx, category: Category, target: BulkTarget, percent: number): Promise<number> {
  const n = await begin(tx, category, target, { kind: 'price', percent });
  const factor = 10_000 + basisPoints(percent);
  if (!Number.isSafeInteger(factor)) throw new Error('the percent is not a whole number of basis points');
  // Column names come from the table's own list (fields.ts) and the factor is a whole number: nothing from input.
  const sets = priceColumns(category).map((c) => `${c} = case when r.${c} > 0 then greatest(0.01, round(r.${c} * ${factor} / 10000.0, 2)) else r.${c} end`);
  const anyPriced = priceColumns(category).map((c) => `r.${c} > 0`).join(' or ');
  try {
    await tx`update ${table(tx, category)} r set ${tx.unsafe(sets.join(', '))} where ${targetWhere(tx, target)} and (${tx.unsafe(anyPriced)})`;
  } catch (err) {
    if ((err as { code?: string }).code === '22003') throw new ActionError(PRICE_TOO_LARGE, 422);
    throw err;
  }
  return n;
}

/**
 * Sets the sizes of every ring of the target that is not adjustable (an adjustable ring is sold without sizes: it is
 * skipped). A ring whose surcharge starts at a size the list leaves out refuses the whole action, as the rings table
 * would: nothing is dropped from a price unseen. Answers how many rings were set and how many skipped.
 */
export async function bulkSetRingSizes(tx: Tx, target: BulkTarget, sizes: string[]): Promise<{ count: number; skipped: number }> {
  const n = await begin(tx, 'rings', target, { kind: 'sizes', sizes });
  const [found] = await tx<{ adjustable: number; left_out: number; from_sizes: string[] | null }[]>`
    select count(*) filter (where r.is_adjustable)::int as adjustable,
           count(*) filter (where not r.is_adjustable and r.size_surcharge_from <> all(${sizes}::text[]))::int as left_out,
           array_agg(distinct r.size_surcharge_from) filter (where not r.is_adjustable and r.size_surcharge_from <> all(${sizes}::text[])) as from_sizes
      from ${table(tx, 'rings')} r where ${targetWhere(tx, target)}`;
  if (found!.left_out > 0) {
    const from = [...(found!.from_sizes ?? [])].sort((a, b) => Number(a) - Number(b));
    throw new ActionError(surchargeLeftOut(found!.left_out, from), 422);
  }
  await tx`
    update ${table(tx, 'rings')} r set sizes = ${sizes}::text[]
     where ${targetWhere(tx, target)} and not r.is_adjustable and r.sizes is distinct from ${sizes}::text[]`;
  return { count: n - found!.adjustable, skipped: found!.adjustable };
}

/** Deletes the products (their image rows go with them); answers the count and the image URLs no row names now. */
export async function bulkDelete(tx: Tx, category: Category, target: BulkTarget): Promise<{ count: number; unusedUrls: string[] }> {
  const n = await begin(tx, category, target, { kind: 'delete' });
  const images = await tx<{ image_url: string }[]>`
    select i.image_url from public.product_images i
     where i.${ownerKey(tx, category)} in (select r.id from ${table(tx, category)} r where ${targetWhere(tx, target)})`;
  await tx`delete from ${table(tx, category)} r where ${targetWhere(tx, target)}`;
  return { count: n, unusedUrls: await unusedImageUrls(tx, images.map((i) => i.image_url)) };
}
