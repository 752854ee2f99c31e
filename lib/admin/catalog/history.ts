import 'server-only';
// A product's history (product_events, written by the tables' triggers in the transaction of each change), newest
// first, a few at a time, read as the admin under RLS. Dates in the shop's time zone, as on admin orders.
import type { Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { formatDateTime } from '../../core/format/date';
import { actorLabel, describeChanges, eventTitle, type FieldChange, type ProductEventKind } from './history-labels';

export const HISTORY_PAGE_SIZE = 5;

export interface ProductHistoryEntry {
  id: number;
  title: string;
  /** 'Nov 23, 2026, 2:05 PM' in the shop's time zone. */
  at: string;
  who: string;
  /** The action that caused the change ('CSV import', a bulk action), when the app named one. */
  note: string | null;
  changes: FieldChange[];
}

export interface ProductHistoryPage {
  entries: ProductHistoryEntry[];
  /** Pass as `before` to read the next (older) few; null when there are no more. */
  nextBefore: number | null;
}

/** Names the action behind the product changes of the rest of this transaction, for their history rows. */
export async function nameProductChange(tx: Tx, note: string): Promise<void> {
  await tx`select set_config('app.product_change', ${note}, true)`;
}

export async function readProductHistory(
  tx: Tx,
  category: Category,
  productId: string,
  timeZone: string,
  before: number | null,
): Promise<ProductHistoryPage> {
  const rows = await tx<
    { id: string; kind: ProductEventKind; changes: Record<string, unknown>; note: string | null; actor_id: string | null; actor_email: string | null; created_at: Date }[]
  >`
    select id, kind, changes, note, actor_id, actor_email, created_at from public.product_events
     where product_id = ${productId} and category = ${category} and (${before}::bigint is null or id < ${before}::bigint)
     order by id desc limit ${HISTORY_PAGE_SIZE + 1}`;
  const shown = rows.slice(0, HISTORY_PAGE_SIZE);
  return {
    entries: shown.map((r) => ({
      id: Number(r.id),
      title: eventTitle(r.kind, r.changes),
      at: formatDateTime(r.created_at, timeZone),
      who: actorLabel(r.actor_email, r.actor_id),
      note: r.note,
      changes: r.kind === 'updated' ? describeChanges(category, r.changes) : [],
    })),
    nextBefore: rows.length > HISTORY_PAGE_SIZE ? Number(shown.at(-1)!.id) : null,
  };
}
