import 'server-only';
// The orders screen's search box: the header search's two database functions (admin_people_search and
// admin_order_po_search, 20261210000400_orders.sql), so the trigram and PO indexes serve it and no new LIKE scan
// reads the orders table. Each answers at most its newest 50 matches, so a search shows up to 100 orders; the status
// filter, order and pages apply to those.
import { normalizeSearchInput } from '../../catalog/search-query';
import { PURCHASE_ORDER_MAX } from '../../checkout/contact';
import type { Tx } from '../../core/db';
import { ADMIN_SEARCH_MIN_LENGTH, containsPattern, searchesPeople, searchWords } from '../search/rules';

/** The most each function gives (its own cap). */
export const ORDERS_SEARCH_PER_KIND = 50;

/** The words searched for: a word under 2 characters is ignored. */
export function ordersSearchWords(input: string): string[] {
  return searchWords(input).filter((w) => w.length >= ADMIN_SEARCH_MIN_LENGTH);
}

/** Whether the text is a search at all (some word of 2 characters or more). */
export function isOrdersSearch(input: string | undefined): input is string {
  return !!input && ordersSearchWords(input).length > 0;
}

export interface OrdersSearchHits {
  ids: string[];
  /** A kind answered its whole cap: older orders may match too, so the screen says to narrow the search. */
  capped: boolean;
}

/** The orders found by reference, e-mail, name (every word) or PO number (typed in full or its start). */
export async function searchOrderIds(tx: Tx, input: string): Promise<OrdersSearchHits> {
  const words = ordersSearchWords(input);
  const text = normalizeSearchInput(input);
  const ids = new Set<string>();
  let capped = false;
  if (text.length >= ADMIN_SEARCH_MIN_LENGTH && text.length <= PURCHASE_ORDER_MAX) {
    const rows = await tx<{ id: string }[]>`
      select hit->>'id' as id from public.admin_order_po_search(${text}, ${ORDERS_SEARCH_PER_KIND}) hit`;
    for (const r of rows) ids.add(r.id);
    capped ||= rows.length >= ORDERS_SEARCH_PER_KIND;
  }
  // The trigram index needs a word of 3 characters; 2-letter words then narrow what it finds.
  if (searchesPeople(words)) {
    const rows = await tx<{ id: string }[]>`
      select hit->>'id' as id
        from public.admin_people_search('orders', ${words.map(containsPattern)}::text[], ${ORDERS_SEARCH_PER_KIND}) hit`;
    for (const r of rows) ids.add(r.id);
    capped ||= rows.length >= ORDERS_SEARCH_PER_KIND;
  }
  return { ids: [...ids], capped };
}
