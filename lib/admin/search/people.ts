import 'server-only';
// Header search over orders (reference, e-mail, buyer's name) and customers (name, e-mail, phone): every typed word
// found anywhere, as LIKE '%word%' on one lower-cased text per row, the newest first, 5 of each, once a word has 3
// characters. Each runs in a database function that checks the admin and reads past the row policies, so that the
// trigram index can serve the words (migration …128000700_admin_people_search says why): a rare word is found through
// the index, a common one by walking the newest rows until the fifth match.
import { withActor, type DbActor } from '../../core/db';
import { orderReference } from '../../orders/reference';
import { ADMIN_SEARCH_PER_KIND, containsPattern, searchesPeople, searchWords, type AdminCustomerHit, type AdminOrderHit } from './rules';

export async function searchAdminOrders(actor: DbActor, input: string): Promise<AdminOrderHit[]> {
  const words = searchWords(input);
  if (!searchesPeople(words)) return [];
  return withActor(actor, async (tx) => {
    const rows = await tx<{ id: string; order_reference: string | null; customer_name: string | null; customer_email: string | null; status: string; total_amount: string }[]>`
      select * from public.admin_search_orders(${words.map(containsPattern)}::text[], ${ADMIN_SEARCH_PER_KIND})`;
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
    const rows = await tx<{ key: string; user_id: string | null; name: string | null; email: string; orders_count: number }[]>`
      select * from public.admin_search_customers(${words.map(containsPattern)}::text[], ${ADMIN_SEARCH_PER_KIND})`;
    return rows.map((r) => ({ key: r.key, name: r.name, email: r.email, isGuest: r.user_id === null, orders: r.orders_count }));
  });
}
