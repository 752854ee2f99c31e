import 'server-only';
// The bulk actions' writes, inside the action's one transaction as the admin under RLS. The target's rows are locked
// first and counted: ids that are not this table's, or an 'all matching' count that is not the one the admin
// confirmed, refuse the whole action. Each change is written to the product history by the tables' triggers, with
// the action's note (`app.product_change`, local to the transaction).
import { ActionError } from '../../core/action-result';
import type { Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { priceColumns } from './fields';
import { listWhere } from './list';
import { ownerKey, table, unusedImageUrls } from './products';
import {
  basisPoints,
  BULK_FLAGS,
  bulkNote,
  MATCHING_CHANGED,
  NOT_IN_CATEGORY,
  PRICE_TOO_LARGE,
  type BulkFlag,
  type BulkRequest,
  type BulkTarget,
} from './bulk-rules';
import type { ProductStatus } from './list-params';

/** Locks the target's rows and answers their ids; refuses a target that is not what the admin saw. */
export async function lockTarget(tx: Tx, category: Category, target: BulkTarget): Promise<string[]> {
  if (target.kind === 'ids') {
    const rows = await tx<{ id: string }[]>`
      select id from ${table(tx, category)} where id = any(${target.ids}::uuid[]) order by id for update`;
    if (rows.length !== target.ids.length) throw new ActionError(NOT_IN_CATEGORY, 422);
    return rows.map((r) => r.id);
  }
  const rows = await tx<{ id: string }[]>`
    select r.id from ${table(tx, category)} r where ${listWhere(tx, target.filter)} order by r.id for update`;
  if (rows.length !== target.expected) throw new ActionError(MATCHING_CHANGED, 409);
  return rows.map((r) => r.id);
}

async function begin(tx: Tx, category: Category, target: BulkTarget, request: BulkRequest): Promise<string[]> {
  await tx`select set_config('app.product_change', ${bulkNote(request)}, true)`;
  return lockTarget(tx, category, target);
}

/** Publish, unpublish or archive; answers how many products the target holds. */
export async function bulkSetStatus(tx: Tx, category: Category, target: BulkTarget, status: ProductStatus): Promise<number> {
  const ids = await begin(tx, category, target, { kind: 'status', status });
  await tx`update ${table(tx, category)} set status = ${status} where id = any(${ids}::uuid[]) and status <> ${status}`;
  return ids.length;
}

export async function bulkSetFlag(tx: Tx, category: Category, target: BulkTarget, flag: BulkFlag, value: boolean): Promise<number> {
  const ids = await begin(tx, category, target, { kind: 'flag', flag, value });
  const column = tx(BULK_FLAGS[flag]);
  await tx`update ${table(tx, category)} set ${column} = ${value} where id = any(${ids}::uuid[]) and ${column} is distinct from ${value}`;
  return ids.length;
}

/**
 * Every price column of the table by `percent`, rounded to the cent (Postgres' round: half away from zero, the rule
 * of changedPriceCents), never below 0.01; cells without a price (none, or 0) stay so.
 */
export async function bulkChangePrices(tx: Tx, category: Category, target: BulkTarget, percent: number): Promise<number> {
  const ids = await begin(tx, category, target, { kind: 'price', percent });
  const factor = 10_000 + basisPoints(percent);
  const sets = priceColumns(category).map(
    (c) => `${c} = case when ${c} > 0 then greatest(0.01, round(${c} * $1::numeric / 10000, 2)) else ${c} end`,
  );
  const anyPriced = priceColumns(category).map((c) => `${c} > 0`).join(' or ');
  try {
    // Column names come from the table's own list (fields.ts), never from input.
    await tx.unsafe(`update public.${category} set ${sets.join(', ')} where id = any($2::uuid[]) and (${anyPriced})`, [factor, ids]);
  } catch (err) {
    if ((err as { code?: string }).code === '22003') throw new ActionError(PRICE_TOO_LARGE, 422);
    throw err;
  }
  return ids.length;
}

/** Deletes the products (their image rows go with them); answers the count and the image URLs no row names now. */
export async function bulkDelete(tx: Tx, category: Category, target: BulkTarget): Promise<{ count: number; unusedUrls: string[] }> {
  const ids = await begin(tx, category, target, { kind: 'delete' });
  const images = await tx<{ image_url: string }[]>`
    select image_url from public.product_images where ${ownerKey(tx, category)} = any(${ids}::uuid[])`;
  await tx`delete from ${table(tx, category)} where id = any(${ids}::uuid[])`;
  return { count: ids.length, unusedUrls: await unusedImageUrls(tx, images.map((i) => i.image_url)) };
}
