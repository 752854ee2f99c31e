// The customers table's running totals (kept by triggers: a new order adds to its buyer's row, other writes count the
// buyer again) against a full recount from the orders, after a burst of concurrent writes: single and multi-row
// inserts for accounts and guests (a guest's e-mail in either case), orders written cancelled, status changes,
// refunds, deletions and rolled-back transactions, all at once on separate connections.
import { createHash, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';

const sql = postgres(process.env.DATABASE_URL!, { max: 12, onnotice: () => {} });
const TAG = `rt${randomUUID().slice(0, 6)}`;
const users = Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), email: `acct${i}-${TAG}@totals.test` }));
const guests = Array.from({ length: 3 }, (_, i) => `guest${i}-${TAG}@totals.test`);

interface Buyer {
  user: string | null;
  email: string;
}
const buyers: Buyer[] = [
  ...users.map((u) => ({ user: u.id, email: u.email })),
  ...guests.map((g) => ({ user: null, email: g })),
  // The same guest typed in capitals: one customer.
  { user: null, email: guests[0]!.toUpperCase() },
];

const guestKey = (email: string) => `g-${createHash('md5').update(email.toLowerCase()).digest('hex')}`;

let made = 0;
function orderRow(buyer: Buyer, status: string, total: number) {
  return {
    user_id: buyer.user,
    order_reference: `${TAG}-${++made}`.toUpperCase(),
    customer_email: buyer.email,
    customer_name: `Buyer ${made}`,
    customer_phone: `(512) 555-${String(1000 + made).slice(-4)}`,
    status,
    total_amount: total,
  };
}

beforeAll(async () => {
  for (const u of users) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
              values (${u.id}, ${u.email}, 'authenticated', 'authenticated', now(), now())`;
  }
  // The second account has a profile name, which wins over its orders' names.
  await sql`update user_profiles set full_name = ${'Profile ' + TAG} where user_id = ${users[1]!.id}`;
});

afterAll(async () => {
  await sql`delete from orders where order_reference like ${TAG.toUpperCase() + '-%'}`;
  await sql`delete from auth.users where id = any(${users.map((u) => u.id)}::uuid[])`;
  await sql.end();
});

it('equal a full recount after a burst of concurrent inserts, changes, refunds, deletions and rollbacks', async () => {
  const pick = (i: number) => buyers[i % buyers.length]!;
  // A first order for each buyer, so the burst changes existing rows as well as making new ones.
  const first = await sql<{ id: string }[]>`
    insert into orders ${sql(buyers.slice(0, 4).map((b, i) => orderRow(b, 'processing', 1_000 + i)))} returning id`;

  const burst = Array.from({ length: 48 }, (_, i) => async () => {
    const kind = i % 6;
    if (kind === 0) {
      // Several buyers' orders in one statement, one of them written cancelled.
      await sql`insert into orders ${sql([orderRow(pick(i), 'processing', 2_500 + i), orderRow(pick(i + 1), 'cancelled', 900), orderRow(pick(i + 3), 'completed', 1_200)])}`;
    } else if (kind === 1 || kind === 2) {
      await sql.begin(async (tx) => {
        const [o] = await tx<{ id: string }[]>`insert into orders ${tx(orderRow(pick(i), 'processing', 4_000 + i))} returning id`;
        await tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method)
                 values (${o!.id}, 'stripe', ${'pi_' + TAG + i}, ${4_000 + i}, 'completed', 'card')`;
        if (kind === 2) {
          await tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status, kind)
                   values (${o!.id}, 'stripe', ${'re_' + TAG + i}, 500, 'succeeded', 'refund')`;
        }
      });
    } else if (kind === 3) {
      // Rolled back: leaves no trace.
      await sql
        .begin(async (tx) => {
          await tx`insert into orders ${tx(orderRow(pick(i + 2), 'processing', 99_999))}`;
          throw new Error('roll back');
        })
        .catch(() => {});
    } else if (kind === 4) {
      await sql`update orders set status = ${i % 12 === 4 ? 'cancelled' : 'completed'} where id = ${first[i % first.length]!.id}`;
    } else {
      const [o] = await sql<{ id: string }[]>`insert into orders ${sql(orderRow(pick(i + 4), 'processing', 700))} returning id`;
      if (i % 12 === 5) await sql`delete from orders where id = ${o!.id}`;
    }
  });
  await Promise.all(burst.map((run) => run()));

  const keys = [...users.map((u) => u.id), ...guests.map(guestKey)];
  const kept = await sql<Record<string, unknown>[]>`
    select key, user_id, email, name, phone, orders_count, spent_cents::bigint::text as spent, last_order_at
      from customers where key = any(${keys}) order by key`;
  // The recount: every order of each buyer, as refresh_customers() reads them.
  const recount = await sql<Record<string, unknown>[]>`
    with o as (
      select coalesce(o.user_id::text, 'g-' || md5(o.guest_email)) as key, o.*,
             public.order_kept_cents(o.id, o.status, o.total_amount) as kept
        from orders o where o.order_reference like ${TAG.toUpperCase() + '-%'}
    ), latest as (
      select distinct on (key) key, customer_email::text as email, customer_name, customer_phone
        from o order by key, created_at desc, id desc
    )
    select a.key, u.id as user_id, coalesce(u.email, l.email) as email,
           coalesce(nullif(p.full_name, ''), l.customer_name) as name,
           coalesce(nullif(p.phone_number, ''), l.customer_phone) as phone,
           a.orders_count, a.spent, a.last_order_at
      from (select key, count(*)::int as orders_count, sum(kept)::bigint::text as spent, max(created_at) as last_order_at
              from o group by key) a
      join latest l on l.key = a.key
      left join auth.users u on u.id::text = a.key
      left join user_profiles p on p.user_id = u.id
     order by a.key`;
  expect(recount.length).toBe(keys.length);
  expect(kept).toEqual(recount);
  // The profile's name wins; a guest's row carries their latest order's e-mail as typed.
  expect(kept.find((r) => r.user_id === users[1]!.id)?.name).toBe(`Profile ${TAG}`);
});
