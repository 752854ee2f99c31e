import 'server-only';
// Header search over orders (reference, e-mail, buyer's name) and customers (name, e-mail, phone): every typed word
// found anywhere, as LIKE '%word%' on one lower-cased text per row, the newest first, 5 of each, once a word has 3
// characters. Both run in a database function that checks the admin and reads past the row policies, so that the
// trigram indexes can serve the words: it searches the newest 1,000 rows first and, when they hold fewer than 5
// matches, every match (admin_people_search says why). Orders are found by their PO number too, typed in full or by
// its start, through a function of their own (admin_order_po_search).
import { withActor, type DbActor, type Tx } from '../../core/db';
import { orderReference } from '../../orders/reference';
import { normalizeSearchInput } from '../../catalog/search-query';
import { PURCHASE_ORDER_MAX } from '../../checkout/contact';
import { ADMIN_SEARCH_MIN_LENGTH, ADMIN_SEARCH_PER_KIND, containsPattern, searchesPeople, searchWords, type AdminCustomerHit, type AdminOrderHit } from './rules';

/** The newest matches of every word, as the rows the database function builds. */
async function peopleSearch<Row>(tx: Tx, kind: 'orders' | 'customers', words: string[]): Promise<Row[]> {
  const rows = await tx<{ hit: Row }[]>`
    select hit from public.admin_people_search(${kind}, ${words.map(containsPattern)}::text[], ${ADMIN_SEARCH_PER_KIND}) hit`;
  return rows.map((r) => r.hit);
}

interface OrderHitRow {
  id: string;
  order_reference: string | null;
  customer_name: string | null;
  customer_email: string | null;
  status: string;
  total_amount: number;
  /** Only the PO search answers it. */
  purchase_order?: string | null;
}

/** Orders whose PO number is the text typed, or starts with it (case-insensitive), in PO order. */
async function purchaseOrderSearch(tx: Tx, text: string): Promise<OrderHitRow[]> {
  const rows = await tx<{ hit: OrderHitRow }[]>`
    select hit from public.admin_order_po_search(${text}, ${ADMIN_SEARCH_PER_KIND}) hit`;
  return rows.map((r) => r.hit);
}

/** Orders found by their PO number first, then by the words; each order once, 5 in all. */
export async function searchAdminOrders(actor: DbActor, input: string): Promise<AdminOrderHit[]> {
  const words = searchWords(input);
  const text = normalizeSearchInput(input);
  const byPurchaseOrder = text.length >= ADMIN_SEARCH_MIN_LENGTH && text.length <= PURCHASE_ORDER_MAX;
  const byWords = searchesPeople(words);
  if (!byPurchaseOrder && !byWords) return [];
  return withActor(actor, async (tx) => {
    const found = [
      ...(byPurchaseOrder ? await purchaseOrderSearch(tx, text) : []),
      ...(byWords ? await peopleSearch<OrderHitRow>(tx, 'orders', words) : []),
    ];
    const unique = new Map<string, OrderHitRow>();
    for (const r of found) if (!unique.has(r.id)) unique.set(r.id, r);
    return [...unique.values()]
      .slice(0, ADMIN_SEARCH_PER_KIND)
      .map((r) => ({
        id: r.id,
        reference: orderReference(r),
        name: r.customer_name,
        email: r.customer_email,
        status: r.status,
        totalCents: Number(r.total_amount),
        purchaseOrder: r.purchase_order ?? null,
      }));
  });
}

export async function searchAdminCustomers(actor: DbActor, input: string): Promise<AdminCustomerHit[]> {
  const words = searchWords(input);
  if (!searchesPeople(words)) return [];
  return withActor(actor, async (tx) => {
    const rows = await peopleSearch<{ key: string; user_id: string | null; name: string | null; email: string; orders_count: number }>(tx, 'customers', words);
    return rows.map((r) => ({ key: r.key, name: r.name, email: r.email, isGuest: r.user_id === null, orders: r.orders_count }));
  });
}
