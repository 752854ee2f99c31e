import 'server-only';
// Header search over orders (reference, e-mail, buyer's name) and customers (name, e-mail, phone): every typed word
// found anywhere, as LIKE '%word%' on one lower-cased text per row, the newest first, 5 of each, once a word has 3
// characters. A trigram index
// finds a rare word; for a common one the planner walks the newest rows and stops at the fifth match (it learns which
// is which from the index's statistics, so the plan is made for each query's words).
import { withActor, type DbActor } from '../../core/db';
import { orderReference } from '../../orders/reference';
import { ADMIN_SEARCH_PER_KIND, containsPattern, searchesPeople, searchWords, type AdminCustomerHit, type AdminOrderHit } from './rules';

/** The indexed text of an order (orders_search_idx): the query must say it exactly so. */
const ORDER_TEXT =
  "lower(coalesce(o.order_reference, '') || ' ' || coalesce(o.customer_email::text, '') || ' ' || coalesce(o.customer_name, ''))";

export async function searchAdminOrders(actor: DbActor, input: string): Promise<AdminOrderHit[]> {
  const words = searchWords(input);
  if (!searchesPeople(words)) return [];
  return withActor(actor, async (tx) => {
    await tx`set local plan_cache_mode = force_custom_plan`;
    const text = tx.unsafe(ORDER_TEXT);
    const filter = words.map((w) => tx`${text} like ${containsPattern(w)}`).reduce((a, b) => tx`${a} and ${b}`);
    const rows = await tx<{ id: string; order_reference: string | null; customer_name: string | null; customer_email: string | null; status: string; total_amount: string }[]>`
      select o.id, o.order_reference, o.customer_name, o.customer_email, o.status, o.total_amount
        from public.orders o
       where ${filter}
       order by o.created_at desc, o.id desc
       limit ${ADMIN_SEARCH_PER_KIND}`;
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
    await tx`set local plan_cache_mode = force_custom_plan`;
    const filter = words.map((w) => tx`c.search_text like ${containsPattern(w)}`).reduce((a, b) => tx`${a} and ${b}`);
    const rows = await tx<{ key: string; user_id: string | null; name: string | null; email: string; orders_count: number }[]>`
      select c.key, c.user_id, c.name, c.email, c.orders_count
        from public.customers c
       where ${filter}
       order by c.sort_last_order desc, c.key desc
       limit ${ADMIN_SEARCH_PER_KIND}`;
    return rows.map((r) => ({ key: r.key, name: r.name, email: r.email, isGuest: r.user_id === null, orders: r.orders_count }));
  });
}
