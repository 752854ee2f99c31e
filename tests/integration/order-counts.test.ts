// The orders screen's counts come from public.order_counts, kept by the orders table's statement triggers. The
// counters, summed per status, against a recount of the orders after a burst of concurrent writes: single and
// multi-row inserts, status changes one by one and in bulk, edits that change no status, deletions and rolled-back
// transactions, all at once on separate connections (no writer waits for another on a counter). Counters and
// recount are read in one snapshot, so other test files' writes cannot skew them.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';

const sql = postgres(process.env.DATABASE_URL!, { max: 12, onnotice: () => {} });
const TAG = `oc${randomUUID().slice(0, 6)}`.toUpperCase();
const STATUSES = ['processing', 'completed', 'dispatched', 'cancelled'];

afterAll(async () => {
  await sql`delete from orders where order_reference like ${TAG + '-%'}`;
  await sql.end();
});

let made = 0;
const order = (writer: number, status: string) => ({
  order_reference: `${TAG}-W${writer}-${++made}`,
  status,
  total_amount: 1_000 + made,
  customer_name: `Buyer ${made}`,
});

async function countersAndRecount() {
  return sql.begin('isolation level repeatable read', async (tx) => {
    const counters = await tx<{ status: string; n: number }[]>`
      select status, sum(orders)::int as n from order_counts group by status having sum(orders) <> 0 order by status`;
    const recount = await tx<{ status: string; n: number }[]>`
      select status, count(*)::int as n from orders group by status order by status`;
    return { counters: [...counters], recount: [...recount] };
  });
}

it('equal a recount per status after a burst of concurrent inserts, status changes, deletions and rollbacks', async () => {
  const WRITERS = 48;
  // Each writer changes its own orders (so the burst's only shared rows are the counters'), three to start with.
  await sql`insert into orders ${sql(Array.from({ length: WRITERS }, (_, w) => [order(w, 'processing'), order(w, 'completed'), order(w, 'processing')]).flat())}`;
  const before = await countersAndRecount();
  expect(before.counters).toEqual(before.recount);

  const burst = Array.from({ length: WRITERS }, (_, w) => async () => {
    const status = STATUSES[w % STATUSES.length]!;
    const mine = `${TAG}-W${w}-%`;
    switch (w % 6) {
      case 0:
        await sql`insert into orders ${sql([order(w, status), order(w, 'processing'), order(w, 'completed')])}`;
        break;
      case 1:
        await sql`insert into orders ${sql(order(w, status))}`;
        await sql`update orders set status = ${status} where order_reference like ${mine}`;
        break;
      case 2:
        // A bulk status change, then one order's.
        await sql`update orders set status = 'cancelled' where order_reference like ${mine}`;
        await sql`update orders set status = 'dispatched' where id = (select id from orders where order_reference like ${mine} limit 1)`;
        break;
      case 3:
        // Changes no status: adds no counter row.
        await sql`update orders set customer_name = ${'Renamed ' + w} where order_reference like ${mine}`;
        break;
      case 4:
        await sql`delete from orders where id in (select id from orders where order_reference like ${mine} order by total_amount limit 2)`;
        break;
      default:
        // Rolled back: leaves no trace.
        await sql
          .begin(async (tx) => {
            await tx`insert into orders ${tx([order(w, 'processing'), order(w, 'cancelled')])}`;
            await tx`update orders set status = 'cancelled' where order_reference like ${mine}`;
            throw new Error('rolled back');
          })
          .catch((err: Error) => expect(err.message).toBe('rolled back'));
    }
  });
  await Promise.all(burst.map((write) => write()));

  const after = await countersAndRecount();
  expect(after.counters).toEqual(after.recount);
  expect(after.counters).not.toEqual(before.counters);
});
