// The dashboard's running totals (20261210000400_orders.sql) against a recount of the orders, payments and
// items after a burst of concurrent writes: orders placed at odd times in several slots, payments and refunds, refunds
// settling, payments removed, status changes one by one and in bulk (which move money between statuses and flag the
// items), orders deleted with their payments, items written for a cancelled order, and rolled-back transactions. Then
// each reading function against the plain aggregate it stands for, over windows of every shape.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryDashboard } from '@/lib/admin/dashboard/query';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';

const sql = postgres(process.env.DATABASE_URL!, { max: 12, onnotice: () => {} });
const TAG = `dt${randomUUID().slice(0, 6)}`.toUpperCase();
const ZONE = 'Asia/Kolkata'; // half an hour off whole hours
const BASE = Date.parse('2003-06-10T00:00:00Z');
let admin: DbActor;
let productId: string;

beforeAll(async () => {
  const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email };
  const [ring] = await sql<{ id: string }[]>`select id from rings order by sku limit 1`;
  productId = ring!.id;
  // The zone's hours are counted from the totals on first use, then kept by every write.
  await withActor(admin, (tx) => tx`select public.ensure_order_hours(${ZONE})`);
});

afterAll(async () => {
  await sql`delete from orders where order_reference like ${TAG + '-%'}`;
  await sql.end();
  await db().end();
});

let made = 0;
/** An order placed some minutes and seconds after BASE (odd times, so slots fill unevenly). */
function order(writer: number, status: string) {
  const n = ++made;
  return {
    order_reference: `${TAG}-W${writer}-${n}`,
    status,
    total_amount: 1_000 + n,
    // Some orders charge shipping, most charge tax, inside their total.
    shipping_cents: n % 3 === 0 ? 0 : 150 + (n % 7),
    tax_cents: n % 5 === 0 ? 0 : 60 + (n % 11),
    customer_name: `Buyer ${n}`,
    created_at: new Date(BASE + ((n * 7919) % 5000) * 61_000 + (n % 60) * 1000),
  };
}

async function placeWithPayment(tx: postgres.Sql | postgres.TransactionSql, writer: number, status: string, method: string | null = 'card') {
  const [o] = await tx<{ id: string; created_at: Date; total_amount: number }[]>`
    insert into orders ${tx(order(writer, status))} returning id, created_at, total_amount`;
  await tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, created_at)
           values (${o!.id}, 'stripe', ${'pi_' + o!.id}, ${o!.total_amount}, 'completed', ${method}, ${o!.created_at})`;
  await tx`insert into order_items (order_id, product_id, product_category, quantity, unit_price, created_at)
           values (${o!.id}, ${productId}, 'rings', 2, 500, ${o!.created_at})`;
  return o!;
}

async function refund(tx: postgres.Sql | postgres.TransactionSql, orderId: string, amount: number, status = 'pending', taxCents: number | null = null) {
  await tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, tax_cents)
           values (${orderId}, 'stripe', ${'re_' + randomUUID()}, ${amount}, ${status}, 'card', 'refund', ${taxCents})`;
}

/** What a transaction adds to the shipping and the tax, as a recount: the SQL of the rule, written out again. */
const SHIPPING = `case when t.kind = 'payment' and t.status = 'completed' then o.shipping_cents else 0 end`;
const TAX = `case when t.kind = 'payment' and t.status = 'completed' then o.tax_cents
                  when t.kind = 'refund' and t.status in ('pending', 'succeeded') then -coalesce(t.tax_cents, 0) else 0 end`;

/** The totals and their recounts, read in one snapshot (other files' writes cannot skew them). */
async function totalsAndRecounts() {
  return sql.begin('isolation level repeatable read', async (tx) => {
    const pair = async (totals: postgres.PendingQuery<postgres.Row[]>, recount: postgres.PendingQuery<postgres.Row[]>) => ({
      totals: [...(await totals)],
      recount: [...(await recount)],
    });
    return {
      quarters: await pair(
        tx`select slot, sum(orders)::int as n from order_quarters group by slot having sum(orders) <> 0 order by slot`,
        tx`select quarter_of(created_at) as slot, count(*)::int as n from orders group by 1 order by 1`,
      ),
      money: await pair(
        tx`select slot, status, method, sum(amount)::bigint as amount, sum(payments)::int as payments,
                  sum(shipping)::bigint as shipping, sum(tax)::bigint as tax from payment_quarters
            group by 1, 2, 3 having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0
            order by 1, 2, 3 nulls first`,
        tx`select quarter_of(case when t.kind = 'refund' then o.created_at else t.created_at end) as slot, o.status,
                  t.payment_method as method, sum(payment_money(t.kind, t.status, t.amount))::bigint as amount,
                  (count(*) filter (where t.kind = 'payment' and t.status = 'completed'))::int as payments,
                  sum(${tx.unsafe(SHIPPING)})::bigint as shipping, sum(${tx.unsafe(TAX)})::bigint as tax
             from transactions t join orders o on o.id = t.order_id
            where payment_money(t.kind, t.status, t.amount) <> 0
            group by 1, 2, 3 having sum(payment_money(t.kind, t.status, t.amount)) <> 0
                                 or count(*) filter (where t.kind = 'payment' and t.status = 'completed') <> 0
                                 or sum(${tx.unsafe(SHIPPING)}) <> 0 or sum(${tx.unsafe(TAX)}) <> 0
            order by 1, 2, 3 nulls first`,
      ),
      allTime: await pair(
        tx`select status, method, sum(amount)::bigint as amount, sum(payments)::int as payments,
                  sum(shipping)::bigint as shipping, sum(tax)::bigint as tax from payment_totals
            group by 1, 2 having sum(amount) <> 0 or sum(payments) <> 0 or sum(shipping) <> 0 or sum(tax) <> 0
            order by 1, 2 nulls first`,
        tx`select o.status, t.payment_method as method, sum(payment_money(t.kind, t.status, t.amount))::bigint as amount,
                  (count(*) filter (where t.kind = 'payment' and t.status = 'completed'))::int as payments,
                  sum(${tx.unsafe(SHIPPING)})::bigint as shipping, sum(${tx.unsafe(TAX)})::bigint as tax
             from transactions t join orders o on o.id = t.order_id
            where payment_money(t.kind, t.status, t.amount) <> 0
            group by 1, 2 having sum(payment_money(t.kind, t.status, t.amount)) <> 0
                            or count(*) filter (where t.kind = 'payment' and t.status = 'completed') <> 0
                            or sum(${tx.unsafe(SHIPPING)}) <> 0 or sum(${tx.unsafe(TAX)}) <> 0
            order by 1, 2 nulls first`,
      ),
      hours: await pair(
        tx`select hour::int, sum(orders)::int as n from order_hours where time_zone = ${ZONE} group by 1 having sum(orders) <> 0 order by 1`,
        tx`select extract(hour from created_at at time zone ${ZONE})::int as hour, count(*)::int as n from orders group by 1 order by 1`,
      ),
      months: await pair(
        tx`select month::text, product_id, revenue::bigint, quantity::bigint from product_month_sales
            where time_zone = ${ZONE} and (revenue <> 0 or quantity <> 0) order by 1, 2`,
        tx`select date_trunc('month', created_at at time zone ${ZONE})::date::text as month, product_id,
                  sum(quantity::bigint * unit_price)::bigint as revenue, sum(quantity)::bigint as quantity
             from order_items where counts_as_sale group by 1, 2
           having sum(quantity::bigint * unit_price) <> 0 or sum(quantity) <> 0 order by 1, 2`,
      ),
      flags: await pair(
        tx`select count(*)::int as n from order_items i join orders o on o.id = i.order_id
            where i.counts_as_sale <> (o.status not in ('cancelled', 'refunded'))`,
        tx`select 0 as n`,
      ),
    };
  });
}

function expectAgree(state: Awaited<ReturnType<typeof totalsAndRecounts>>) {
  for (const [name, { totals, recount }] of Object.entries(state)) expect(totals, name).toEqual(recount);
}

it('equal a recount after a burst of concurrent orders, payments, refunds, status changes, deletions and rollbacks', async () => {
  const WRITERS = 36;
  const first = await Promise.all(Array.from({ length: WRITERS }, (_, w) => placeWithPayment(sql, w, 'processing')));
  expectAgree(await totalsAndRecounts());

  const burst = Array.from({ length: WRITERS }, (_, w) => async () => {
    const mine = first[w]!;
    switch (w % 9) {
      case 0: // several orders in one statement, one without a payment method
        await sql`insert into orders ${sql([order(w, 'completed'), order(w, 'pending'), order(w, 'dispatched')])}`;
        await placeWithPayment(sql, w, 'completed', null);
        break;
      case 1: // a refund, then it settles, then its tax share is recorded
        await refund(sql, mine.id, 300);
        await sql`update transactions set status = 'succeeded' where order_id = ${mine.id} and kind = 'refund'`;
        await sql`update transactions set tax_cents = 17 where order_id = ${mine.id} and kind = 'refund'`;
        break;
      case 2: // cancelled: its money leaves revenue's statuses, its items stop counting
        await sql`update orders set status = 'cancelled' where id = ${mine.id}`;
        break;
      case 3: // refunded in full with its tax, then reopened
        await refund(sql, mine.id, mine.total_amount, 'succeeded', 64);
        await sql`update orders set status = 'refunded' where id = ${mine.id}`;
        await sql`update orders set status = 'completed' where id = ${mine.id}`;
        break;
      case 4: // deleted with its payment and items
        await sql`delete from orders where id = ${mine.id}`;
        break;
      case 5: // a payment removed, an edit that changes no status
        await sql`delete from transactions where order_id = ${mine.id}`;
        await sql`update orders set customer_name = 'Renamed' where id = ${mine.id}`;
        break;
      case 6: // rolled back
        await sql
          .begin(async (tx) => {
            await placeWithPayment(tx, w, 'completed');
            await tx`update orders set status = 'cancelled' where id = ${mine.id}`;
            throw new Error('rolled back');
          })
          .catch(() => {});
        break;
      case 7: // an item written for a cancelled order
        await sql`update orders set status = 'cancelled' where id = ${mine.id}`;
        await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price)
                  values (${mine.id}, ${productId}, 'rings', 1, 900)`;
        break;
      default: // statuses in bulk, then an order's charges corrected (its payments' charges move with them)
        await sql`update orders set status = 'dispatched' where order_reference like ${`${TAG}-W${w}-%`}`;
        await sql`update orders set shipping_cents = shipping_cents + 250, tax_cents = 0 where id = ${mine.id}`;
    }
  });
  await Promise.all(burst.map((write) => write()));
  expectAgree(await totalsAndRecounts());
});

it('answer every window as the plain aggregates over the orders and payments do', async () => {
  const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();
  const windows: [string, string][] = [
    ['-infinity', at(2000)], // All Time up to a moment inside the history
    ['-infinity', at(10_000)],
    [at(0), at(5000)], // slot-aligned
    [at(7.5), at(4321.25)], // neither end on a slot
    [at(100.2), at(100.9)], // inside one slot
    [at(2000), at(2000)], // empty
  ];
  await sql.begin('isolation level repeatable read', async (tx) => {
    for (const [from, to] of windows) {
      const label = `${from} – ${to}`;
      const orders = await tx`select status, orders::int as n from dashboard_orders(${from}::text::timestamptz, ${to}::text::timestamptz) order by 1`;
      const ordersDirect = await tx`
        select status, count(*)::int as n from orders where created_at >= ${from}::text::timestamptz and created_at < ${to}::text::timestamptz
         group by 1 order by 1`;
      expect([...orders], `orders ${label}`).toEqual([...ordersDirect]);

      const hours = await tx`select hour, orders::int as n from dashboard_hours(${from}::text::timestamptz, ${to}::text::timestamptz, ${ZONE}) order by 1`;
      const hoursDirect = await tx`
        select extract(hour from created_at at time zone ${ZONE})::int as hour, count(*)::int as n from orders
         where created_at >= ${from}::text::timestamptz and created_at < ${to}::text::timestamptz group by 1 order by 1`;
      expect([...hours], `hours ${label}`).toEqual([...hoursDirect]);

      const days = await tx`
        select (slot at time zone ${ZONE})::date::text as day, sum(orders)::int as n from dashboard_quarters(${from}::text::timestamptz, ${to}::text::timestamptz) group by 1 order by 1`;
      const daysDirect = await tx`
        select (created_at at time zone ${ZONE})::date::text as day, count(*)::int as n from orders
         where created_at >= ${from}::text::timestamptz and created_at < ${to}::text::timestamptz group by 1 order by 1`;
      expect([...days], `days ${label}`).toEqual([...daysDirect]);

      const money = await tx`
        select method, amount::bigint, payments::int, shipping::bigint, tax::bigint
          from dashboard_money(${from}::text::timestamptz, ${to}::text::timestamptz) order by 1 nulls first`;
      const moneyDirect = await tx`
        select method, amount::bigint, payments::int, shipping::bigint, tax::bigint
          from dashboard_money_between(${from}::text::timestamptz, ${to}::text::timestamptz)
         where amount <> 0 or payments <> 0 or shipping <> 0 or tax <> 0 order by 1 nulls first`;
      expect([...money], `money ${label}`).toEqual([...moneyDirect]);
    }
  });
});

it("names This Month's and Last Month's top products as the month's items do, from its totals or, with later items, its items", async () => {
  const top = async (period: 'this-month' | 'last-month', now: Date) =>
    (await queryDashboard(admin, period, { now, timeZone: ZONE })).top.map((p) => [p.product_id, p.revenue, p.quantity]);
  const direct = async (from: Date, to: Date) =>
    (
      await sql<{ product_id: string; revenue: number; quantity: number }[]>`
        select product_id, sum(quantity::bigint * unit_price)::int as revenue, sum(quantity)::int as quantity
          from order_items where counts_as_sale and created_at >= ${from} and created_at < ${to}
         group by 1 having sum(quantity::bigint * unit_price) > 0 order by 2 desc, 1 limit 5`
    ).map((p) => [p.product_id, p.revenue, p.quantity]);
  const local = (at: string) => new Date(`${at}+05:30`); // ZONE's offset all year

  // Last Month, read in July 2003: June's totals.
  const june = await direct(local('2003-06-01T00:00:00'), local('2003-07-01T00:00:00'));
  expect(june.length).toBeGreaterThan(0);
  expect(await top('last-month', new Date('2003-07-15T12:00:00Z'))).toEqual(june);
  // This Month, read inside June 2003 while later items exist: June's items up to then.
  const midJune = new Date('2003-06-12T12:00:00Z');
  const juneSoFar = await direct(local('2003-06-01T00:00:00'), midJune);
  expect(juneSoFar).not.toEqual(june);
  expect(await top('this-month', midJune)).toEqual(juneSoFar);
  // This Month when no item is dated later: the month's totals.
  const [placed] = await sql<{ id: string }[]>`
    insert into orders ${sql({ ...order(0, 'completed'), created_at: new Date('2098-03-10T10:00:00Z') })} returning id`;
  try {
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, created_at)
              values (${placed!.id}, ${productId}, 'rings', 3, 700, '2098-03-10T10:00:00Z')`;
    const later = new Date('2098-03-20T00:00:00Z');
    expect(await direct(local('2098-03-01T00:00:00'), later)).toEqual([[productId, 2100, 3]]);
    expect(await top('this-month', later)).toEqual([[productId, 2100, 3]]);
  } finally {
    await sql`delete from orders where id = ${placed!.id}`;
  }
});

it('lets an admin alone count a time zone, and refuses one that does not exist', async () => {
  const customer = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  await expect(
    withActor({ role: 'authenticated', userId: customer[0]!.id }, (tx) => tx`select public.ensure_order_hours('Europe/Paris')`),
  ).rejects.toMatchObject({ code: '42501' });
  await expect(withActor(admin, (tx) => tx`select public.ensure_order_hours('Mars/Olympus_Mons')`)).rejects.toMatchObject({
    code: '22023',
  });
});
