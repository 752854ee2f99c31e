// The dashboard's figures from real SQL, as the demo admin under RLS, against orders placed by hand in early 2001
// (the seed's history is recent, so a `now` in 2001 sees only these). Every expected number below is worked out by
// hand from the fixture table: month boundaries in the shop's time zone (an order at 23:30 on Feb 28 in New York is
// 04:30 UTC on Mar 1), a half-hour zone, an empty previous month, an empty shop, refunds and unknown payment methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboard, type Dashboard } from '@/lib/admin/dashboard/load';
import type { Period } from '@/lib/admin/dashboard/periods';
import { db, type DbActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { sql } from './checkout-support';


const NY = 'America/New_York';
const NOW = new Date('2001-03-15T12:00:00Z'); // 07:00 in New York (EST, UTC−5), 17:30 in Kolkata (UTC+5:30)

interface Fixture {
  key: string;
  at: string;
  status: string;
  /** product key, quantity, unit price in cents */
  lines: [string, number, number][];
  paymentStatus?: string;
  method?: string | null;
  refund?: number;
  /** The order's shipping and tax (inside its total), and the refund's share of tax. */
  charges?: { shipping: number; tax: number; refundTax?: number };
}

const FIXTURES: Fixture[] = [
  { key: 'A', at: '2001-03-01T04:30:00Z', status: 'completed', lines: [['P3', 1, 10_000]] }, // Feb 28, 23:30 New York
  // Mar 1, 00:30 New York; of its 20,000: UPS Ground 1,500 and tax 1,179.
  { key: 'B', at: '2001-03-01T05:30:00Z', status: 'completed', lines: [['P1', 2, 10_000]], charges: { shipping: 1_500, tax: 1_179 } },
  { key: 'C', at: '2001-03-10T18:00:00Z', status: 'pending', lines: [['P2', 1, 5_000]], paymentStatus: 'pending' },
  { key: 'D', at: '2001-03-15T11:59:00Z', status: 'cancelled', lines: [['P1', 1, 7_000]], paymentStatus: 'cancelled' },
  { key: 'E', at: '2001-03-15T12:30:00Z', status: 'completed', lines: [['P1', 5, 10_000]] }, // after "now": nowhere
  { key: 'F', at: '2001-02-10T15:00:00Z', status: 'refunded', lines: [['P5', 1, 3_000]], refund: 3_000, charges: { shipping: 300, tax: 100, refundTax: 100 } },
  // Tax 500, of which its refund gave back 50.
  { key: 'G', at: '2001-01-20T15:00:00Z', status: 'completed', lines: [['P4', 1, 8_000]], refund: 1_000, charges: { shipping: 0, tax: 500, refundTax: 50 } },
  { key: 'H', at: '2001-02-20T23:30:00Z', status: 'completed', lines: [['P2', 2, 2_000]], method: null }, // 18:30 New York
];

const ids: Record<string, string> = {};
const product: Record<string, string> = {};
let admin: DbActor;

beforeAll(async () => {
  const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email };
  const rings = await sql<{ id: string }[]>`select id from rings order by sku limit 5`;
  ['P1', 'P2', 'P3', 'P4', 'P5'].forEach((k, i) => (product[k] = rings[i]!.id));
  for (const f of FIXTURES) {
    const total = f.lines.reduce((s, [, q, p]) => s + q * p, 0);
    const [o] = await sql<{ id: string }[]>`
      insert into orders (order_reference, customer_name, status, total_amount, goods_cents, shipping_method, shipping_cents, tax_cents,
                          created_at, updated_at)
      values (${'DASH-' + f.key + '-' + Date.now()}, ${'Fixture ' + f.key}, ${f.status}, ${total},
              ${total - (f.charges?.shipping ?? 0) - (f.charges?.tax ?? 0)}, ${f.charges ? 'UPS Ground' : null},
              ${f.charges?.shipping ?? 0}, ${f.charges?.tax ?? 0}, ${f.at}, ${f.at}) returning id`;
    ids[f.key] = o!.id;
    for (const [p, q, price] of f.lines) {
      await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, created_at)
                values (${o!.id}, ${product[p]!}, 'rings', ${q}, ${price}, ${f.at})`;
    }
    await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, created_at)
              values (${o!.id}, 'stripe', ${'pi_dash_' + o!.id}, ${total}, ${f.paymentStatus ?? 'completed'},
                      ${f.method === undefined ? 'card' : f.method}, ${f.at})`;
    if (f.refund) {
      await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, created_at, tax_cents)
                values (${o!.id}, 'stripe', ${'re_dash_' + o!.id}, ${f.refund}, 'succeeded', 'card', 'refund', ${f.at},
                        ${f.charges?.refundTax ?? null})`;
    }
  }
});

afterAll(async () => {
  await sql`delete from orders where id = any(${Object.values(ids)}::uuid[])`;
  // Deleting orders takes their items out of the running totals too.
  expect(await sql`with raw as (${rawTotals()}) select 1 from raw r full join product_sales s using (product_id)
                   where coalesce(r.revenue, 0) <> coalesce(s.revenue, 0)`).toHaveLength(0);
  await sql.end();
  await db().end();
});

const load = (period: Period, now = NOW, timeZone = NY) => loadDashboard(admin, period, { now, timeZone });
const byStatus = (d: Dashboard) => Object.fromEntries(d.statuses.filter((s) => s.orders > 0).map((s) => [s.status, s.orders]));
const busyHours = (d: Dashboard) => d.hours.filter((h) => h.orders > 0).map((h) => [h.hour, h.orders]);
const days = (d: Dashboard) => Object.fromEntries(d.days.filter((x) => x.orders > 0).map((x) => [x.date, x.orders]));

describe('This Month (New York)', () => {
  it('counts March from local midnight: B, C, D (A is Feb 28 in New York; E is after now)', async () => {
    const d = await load('this-month');
    expect(d.totals).toEqual({
      orders: 3,
      revenueCents: 20_000, // B paid 20,000; C's payment is still pending; D is cancelled
      averageOrderValueCents: 6_667,
      completionRate: 33.3,
      ordersChange: 0, // February also had 3 (A, F, H)
      revenueChange: 42.9, // vs February's 14,000 (A + H; F was refunded)
      revenueParts: { goodsCents: 17_321, shippingCents: 1_500, taxCents: 1_179 }, // B's
    });
    expect(byStatus(d)).toEqual({ pending: 1, completed: 1, cancelled: 1 });
    expect(busyHours(d)).toEqual([[0, 1], [6, 1], [13, 1]]);
    expect(d.busiest.map((h) => h.label)).toEqual(['12 AM', '6 AM', '1 PM']);
    expect(d.days).toHaveLength(30);
    expect(d.days[0]!.date).toBe('2001-02-14');
    expect(d.days.at(-1)!.date).toBe('2001-03-15');
    expect(days(d)).toEqual({ '2001-02-20': 1, '2001-02-28': 1, '2001-03-01': 1, '2001-03-10': 1, '2001-03-15': 1 });
    expect(d.methods).toEqual([{ method: 'card', amountCents: 20_000, payments: 1, percent: 100 }]);
    expect(d.top.map((t) => [t.productId, t.revenueCents, t.quantity])).toEqual([
      [product.P1, 20_000, 2],
      [product.P2, 5_000, 1],
    ]);
    expect(d.top[0]!.shortId).toBe(`${product.P1!.slice(0, 8)}...`);
    // Each product's name and SKU come with its figures.
    const names = await sql<{ id: string; name: string; sku: string }[]>`select id, name, sku from rings where id = any(${[product.P1!, product.P2!]}::uuid[])`;
    const byId = new Map(names.map((r) => [r.id, r]));
    expect(d.top.map((t) => [t.name, t.sku])).toEqual([product.P1!, product.P2!].map((id) => [byId.get(id)!.name, byId.get(id)!.sku]));
    expect(d.recent.map((o) => o.id)).toEqual([ids.D, ids.C, ids.B, ids.A, ids.H]);
  });
});

describe('Last Month (New York)', () => {
  it('is February: A, F, H, against January (G, less its refund)', async () => {
    const d = await load('last-month');
    expect(d.totals).toEqual({
      orders: 3,
      revenueCents: 14_000,
      averageOrderValueCents: 4_667,
      completionRate: 66.7,
      ordersChange: 200,
      revenueChange: 100, // vs 7,000 = 8,000 − 1,000 refunded
      revenueParts: { goodsCents: 14_000, shippingCents: 0, taxCents: 0 }, // F's charges are left out with it
    });
    expect(busyHours(d)).toEqual([[10, 1], [18, 1], [23, 1]]);
    expect(d.days.at(-1)!.date).toBe('2001-02-28');
    expect(days(d)).toEqual({ '2001-02-10': 1, '2001-02-20': 1, '2001-02-28': 1 });
    // F (refunded) is left out of Payment Methods as it is of revenue.
    expect(d.methods).toEqual([
      { method: 'card', amountCents: 10_000, payments: 1, percent: 71.4 },
      { method: 'unknown', amountCents: 4_000, payments: 1, percent: 28.6 },
    ]);
    expect(d.top.map((t) => [t.productId, t.revenueCents])).toEqual([
      [product.P3, 10_000],
      [product.P2, 4_000],
    ]);
  });
});

describe('Last 30 Days (New York)', () => {
  it('is Feb 14 – Mar 15 local, against the 30 days before', async () => {
    const d = await load('last-30-days');
    expect(d.totals).toEqual({
      orders: 5, // H, A, B, C, D
      revenueCents: 34_000, // H 4,000 + A 10,000 + B 20,000
      averageOrderValueCents: 6_800,
      completionRate: 60,
      ordersChange: 150, // vs G and F
      revenueChange: 385.7, // vs 7,000
      revenueParts: { goodsCents: 31_321, shippingCents: 1_500, taxCents: 1_179 },
    });
  });
});

describe('All Time (New York)', () => {
  it('is everything up to now, against everything before this month', async () => {
    const d = await load('all-time');
    expect(d.totals).toEqual({
      orders: 7,
      revenueCents: 41_000, // A 10,000 + B 20,000 + G 7,000 + H 4,000
      averageOrderValueCents: 5_857,
      completionRate: 57.1,
      ordersChange: 75, // vs A, F, G, H
      revenueChange: 95.2, // vs 21,000
      revenueParts: { goodsCents: 37_871, shippingCents: 1_500, taxCents: 1_629 }, // G's tax less its refund's 50
    });
    // Top products of all time are the running totals per product, over every order in the shop.
    const raw = await sql<{ product_id: string; revenue: string }[]>`${rawTotals()} order by revenue desc, product_id limit 5`;
    expect(d.top.map((t) => [t.productId, t.revenueCents])).toEqual(raw.map((r) => [r.product_id, Number(r.revenue)]));
  });
});

/** Sales per product summed from the items of every order neither cancelled nor refunded. */
const rawTotals = () => sql`
  select i.product_id, sum(i.quantity::bigint * i.unit_price) as revenue, sum(i.quantity) as quantity
    from order_items i join orders o on o.id = i.order_id
   where o.status not in ('cancelled', 'refunded') group by i.product_id`;

describe('running totals per product', () => {
  async function mismatches() {
    return sql`
      with raw as (${rawTotals()})
      select coalesce(r.product_id, s.product_id) as product_id, r.revenue, s.revenue as kept
        from raw r full join product_sales s using (product_id)
       where coalesce(r.revenue, 0) <> coalesce(s.revenue, 0) or coalesce(r.quantity, 0) <> coalesce(s.quantity, 0)`;
  }

  it('equal the items of kept orders through status changes, new items and deletions', async () => {
    expect(await mismatches()).toEqual([]);
    await sql`update orders set status = 'cancelled' where id = ${ids.B!}`;
    await sql`update orders set status = 'completed' where id = ${ids.F!}`;
    expect(await mismatches()).toEqual([]);
    await sql`update orders set status = 'completed' where id = ${ids.B!}`;
    await sql`update orders set status = 'refunded' where id = ${ids.F!}`;
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, created_at)
              values (${ids.E!}, ${product.P3!}, 'rings', 1, 1, ${'2001-03-15T12:30:00Z'})`;
    await sql`update order_items set quantity = quantity + 1 where order_id = ${ids.H!}`;
    expect(await mismatches()).toEqual([]);
    await sql`delete from order_items where order_id = ${ids.E!} and unit_price = 1`;
    await sql`update order_items set quantity = quantity - 1 where order_id = ${ids.H!}`;
    expect(await mismatches()).toEqual([]);
  });
});

describe('revenue is paid minus refunded, cancelled orders left out, and Payment Methods adds up to it', () => {
  const PERIODS: Period[] = ['this-month', 'last-month', 'last-30-days', 'all-time'];
  const sumMethods = (d: Dashboard) => d.methods.reduce((s, m) => s + m.amountCents, 0);

  it('for every period, with cancelled, refunded and partly refunded orders among the fixtures', async () => {
    for (const period of PERIODS) {
      const d = await load(period);
      expect(sumMethods(d), period).toBe(d.totals.revenueCents);
    }
    // January: G paid 8,000 and got 1,000 back; the card line says the same.
    const jan = await load('this-month', new Date('2001-01-25T12:00:00Z'));
    expect(jan.totals.revenueCents).toBe(7_000);
    expect(jan.methods).toEqual([{ method: 'card', amountCents: 7_000, payments: 1, percent: 100 }]);
  });

  it('a partial refund lowers both, a cancellation takes the order out of both', async () => {
    const before = await load('this-month');
    await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, created_at)
              values (${ids.B!}, 'stripe', ${'re_dash_part_' + ids.B!}, 2_500, 'succeeded', 'card', 'refund', ${'2001-03-12T10:00:00Z'})`;
    const refunded = await load('this-month');
    expect(refunded.totals.revenueCents).toBe(before.totals.revenueCents - 2_500);
    expect(sumMethods(refunded)).toBe(refunded.totals.revenueCents);
    // The refund's tax share, recorded after it was written, lowers the tax; the rest of it, the goods.
    await sql`update transactions set tax_cents = 147 where provider_transaction_id = ${'re_dash_part_' + ids.B!}`;
    expect((await load('this-month')).totals.revenueParts).toEqual({ goodsCents: 17_321 - 2_353, shippingCents: 1_500, taxCents: 1_032 });
    await sql`update orders set status = 'cancelled' where id = ${ids.B!}`;
    const cancelled = await load('this-month');
    expect(cancelled.totals.revenueCents).toBe(0);
    expect(cancelled.totals.revenueParts).toEqual({ goodsCents: 0, shippingCents: 0, taxCents: 0 });
    expect(sumMethods(cancelled)).toBe(0);
    await sql`update orders set status = 'completed' where id = ${ids.B!}`;
    await sql`delete from transactions where provider_transaction_id = ${'re_dash_part_' + ids.B!}`;
    expect((await load('this-month')).totals).toEqual(before.totals);
  });
});

describe('time zones and empty periods', () => {
  it('moves the month and the hours with a half-hour zone (Kolkata: A is 10:00 on March 1)', async () => {
    const d = await load('this-month', NOW, 'Asia/Kolkata');
    expect(d.totals.orders).toBe(4);
    expect(busyHours(d)).toEqual([[10, 1], [11, 1], [17, 1], [23, 1]]);
    expect(days(d)['2001-03-01']).toBe(2);
  });

  it('gives a change of 0 when the previous month had no orders', async () => {
    const d = await load('this-month', new Date('2001-01-25T12:00:00Z'));
    expect(d.totals.orders).toBe(1);
    expect(d.totals.ordersChange).toBe(0);
    expect(d.totals.revenueChange).toBe(0);
  });

  it('answers an empty shop with zeros and no rows, for the empty states', async () => {
    const d = await load('last-30-days', new Date('1999-06-01T00:00:00Z'));
    expect(d.totals).toEqual({
      orders: 0, revenueCents: 0, averageOrderValueCents: 0, completionRate: 0, ordersChange: 0, revenueChange: 0,
      revenueParts: { goodsCents: 0, shippingCents: 0, taxCents: 0 },
    });
    expect(d.recent).toEqual([]);
    expect(d.top).toEqual([]);
    expect(d.methods).toEqual([]);
    expect(d.busiest).toEqual([]);
    expect(d.days.every((x) => x.orders === 0)).toBe(true);
  });

  it('keeps a deleted product among the top ones, by its id, with no name or SKU', async () => {
    const gone = crypto.randomUUID();
    const at = '1998-05-10T15:00:00Z';
    const [o] = await sql<{ id: string }[]>`
      insert into orders (order_reference, customer_name, status, total_amount, goods_cents, created_at, updated_at)
      values (${'DASH-GONE-' + Date.now()}, 'Fixture gone', 'completed', 4000, 4000, ${at}, ${at}) returning id`;
    try {
      await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, created_at)
                values (${o!.id}, ${gone}, 'rings', 2, 2000, ${at})`;
      await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, created_at)
                values (${o!.id}, 'stripe', ${'pi_dash_' + o!.id}, 4000, 'completed', 'card', ${at})`;
      const d = await load('this-month', new Date('1998-05-20T12:00:00Z'));
      expect(d.top).toEqual([
        { productId: gone, shortId: `${gone.slice(0, 8)}...`, name: null, sku: null, category: null, revenueCents: 4000, quantity: 2 },
      ]);
    } finally {
      await sql`delete from orders where id = ${o!.id}`;
    }
  });

  it('counts each product table', async () => {
    const d = await load('this-month');
    const [counts] = await sql<Record<string, number>[]>`
      select (select count(*)::int from rings) as rings, (select count(*)::int from necklaces) as necklaces,
             (select count(*)::int from bracelets) as bracelets, (select count(*)::int from earrings) as earrings,
             (select count(*)::int from body_jewelry) as body_jewelry`;
    expect(Object.fromEntries(d.categories.map((c) => [c.category, c.count]))).toEqual(counts);
  });

  it('shows a customer nothing of other people’s orders (RLS is the last gate)', async () => {
    const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
    const d = await loadDashboard({ role: 'authenticated', userId: customer!.id }, 'this-month', { now: NOW, timeZone: NY });
    expect(d.totals.orders).toBe(0);
    expect(d.recent).toEqual([]);
  });
});
