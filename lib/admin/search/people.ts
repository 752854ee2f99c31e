import 'server-only';
// Header search over orders (reference, e-mail, buyer's name) and customers (name, e-mail, phone): every typed word
// found anywhere, as LIKE '%word%' on one lower-cased text per row, the newest first, 5 of each, once a word has 3
// characters. Both run in a database function that checks the admin and reads past the row policies, so that the
// trigram indexes can serve the words: it searches the newest 1,000 rows first and, when they hold fewer than 5
// matches, every match (migration …128000700 says why).
import { withActor, type DbActor, type Tx } from '../../core/db';
import { orderReference } from '../../orders/reference';
import { ADMIN_SEARCH_PER_KIND, containsPattern, searchesPeople, searchWords, type AdminCustomerHit, type AdminOrderHit } from './rules';

/** The newest matches of every word, as the rows the database function builds. */
async function peopleSearch<Row>(tx: Tx, kind: 'orders' | 'customers', words: string[]): Promise<Row[]> {
  const rows = await tx<{ hit: Row }[]>`
    select hit from public.admin_people_search(${kind}, ${words.map(containsPattern)}::text[], ${ADMIN_SEARCH_PER_KIND}) hit`;
  return rows.map((r) => r.hit);
}

export async function searchAdminOrders(actor: DbActor, input: string): Promise<AdminOrderHit[]> {
  const words = searchWords(input);
  if (!searchesPeople(words)) return [];
  return withActor(actor, async (tx) => {
    const rows = await peopleSearch<{ id: string; order_reference: string | null; customer_name: string | null; customer_email: string | null; status: string; total_amount: number }>(tx, 'orders', words);
    return rows.map((r) => ({
      id: r.id,
      reference: orderReference(r),
      name: r.customer_name,
      email: r.customer_email,
      status: r.status,
      totalCents: Number(r.total_amount),
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
