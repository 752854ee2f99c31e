// The Customers screen from real SQL, as the demo admin under RLS: each buyer's running totals (kept by triggers)
// against figures worked out by hand from the fixtures below (accounts and guests, partial and full refunds, a failed
// refund, cancelled and refunded orders), the totals following later writes, the list's sorts, search and pages, a
// customer's page, the header search's orders and customers, the orders screen showing one order, and nothing for a
// signed-in customer.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCustomer } from '@/lib/admin/customers/detail';
import { loadCustomers } from '@/lib/admin/customers/list';
import { parseCustomersQuery, type CustomersQuery } from '@/lib/admin/customers/params';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { parseOrdersQuery } from '@/lib/admin/orders/params';
import { searchAdmin } from '@/lib/admin/search/query';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { sql } from './checkout-support';

const TAG = `cx${randomUUID().slice(0, 6)}`;
const guestKey = (email: string) => `g-${createHash('md5').update(email.toLowerCase()).digest('hex')}`;

let admin: DbActor;
let customer: DbActor;
const ava = { id: randomUUID(), email: `ava-${TAG}@customers.test` };
const bea = { id: randomUUID(), email: `bea-${TAG}@customers.test` };
const gusEmail = `gus-${TAG}@customers.test`;
const orderIds: string[] = [];
const refs: Record<string, string> = {};

interface OrderFixture {
  key: string;
  user?: string;
  email?: string;
  name: string;
  status: string;
  total: number;
  day: number; // day of January 2002, so the order is known
  refunds?: [number, string][];
}

// Ava's total spent: 1 (10,000) + 2 (5,000 − 2,000) + 4 (3,000; its refund failed) = 16,000. 3 is cancelled and 5
// refunded in full: 0 each. Gus (a guest, his e-mail typed in two cases): 2,500 + (1,000 − 200 pending) = 3,300.
const FIXTURES: OrderFixture[] = [
  { key: 'A1', user: ava.id, name: 'Ava Order', status: 'completed', total: 10_000, day: 2 },
  { key: 'A2', user: ava.id, name: 'Ava Order', status: 'completed', total: 5_000, day: 3, refunds: [[2_000, 'succeeded']] },
  { key: 'A3', user: ava.id, name: 'Ava Order', status: 'cancelled', total: 7_000, day: 4 },
  { key: 'A4', user: ava.id, name: 'Ava Order', status: 'processing', total: 3_000, day: 5, refunds: [[500, 'failed']] },
  { key: 'A5', user: ava.id, name: 'Ava Order', status: 'refunded', total: 4_000, day: 6, refunds: [[4_000, 'succeeded']] },
  { key: 'G1', email: gusEmail, name: 'Gus Early', status: 'completed', total: 2_500, day: 7 },
  { key: 'G2', email: gusEmail.toUpperCase(), name: `Gus ${TAG}`, status: 'pending', total: 1_000, day: 8, refunds: [[200, 'pending']] },
];

async function insertOrder(f: OrderFixture): Promise<string> {
  const at = `2002-01-${String(f.day).padStart(2, '0')}T15:00:00Z`;
  const reference = `CUS-${TAG}-${f.key}`.toUpperCase();
  const [o] = await sql<{ id: string }[]>`
    insert into orders (user_id, order_reference, customer_name, customer_email, customer_phone, status, total_amount,
                        shipping_address, created_at, updated_at)
    values (${f.user ?? null}, ${reference}, ${f.name}, ${f.email ?? null}, '(512) 555-0199', ${f.status}, ${f.total},
            ${sql.json({ full_name: f.name, address_line1: `${f.day} Elm Street`, address_line2: '', city: 'Austin', state: 'TX', postal_code: '73301', country: 'US', phone: '(512) 555-0199' })},
            ${at}, ${at})
    returning id`;
  await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, created_at)
            values (${o!.id}, 'stripe', ${'pi_cx_' + o!.id}, ${f.total}, 'completed', 'card', ${at})`;
  for (const [amount, status] of f.refunds ?? []) {
    await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, kind, created_at)
              values (${o!.id}, 'stripe', ${'re_cx_' + randomUUID()}, ${amount}, ${status}, 'refund', ${at})`;
  }
  orderIds.push(o!.id);
  refs[f.key] = reference;
  return o!.id;
}

const query = (over: Partial<CustomersQuery>): CustomersQuery => ({ ...parseCustomersQuery({}), q: TAG, ...over });

beforeAll(async () => {
  const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email };
  const [buyer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  customer = { role: 'authenticated', userId: buyer!.id, email: DEMO_USERS.customer.email };
  for (const u of [ava, bea]) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
              values (${u.id}, ${u.email}, 'authenticated', 'authenticated', now(), now())`;
  }
  await sql`update user_profiles set full_name = ${'Ava ' + TAG}, phone_number = '(512) 555-0142' where user_id = ${ava.id}`;
  await sql`update user_profiles set full_name = ${'Bea ' + TAG} where user_id = ${bea.id}`;
  await sql`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country, is_default)
            values (${ava.id}, 'shipping', '1 Saved Lane', 'Austin', 'TX', '73301', 'US', true)`;
  for (const f of FIXTURES) await insertOrder(f);
});

afterAll(async () => {
  await sql`delete from orders where id = any(${orderIds}::uuid[])`;
  await sql`delete from auth.users where id in (${ava.id}, ${bea.id})`;
  await db().end();
});

describe('running totals', () => {
  it('match the hand-worked figures for accounts and guests', async () => {
    const page = await loadCustomers(admin, query({ sort: 'name', dir: 'asc' }));
    expect(page.customers.map((c) => [c.key, c.name, c.email, c.orders, c.spentCents, c.isGuest])).toEqual([
      [ava.id, `Ava ${TAG}`, ava.email, 5, 16_000, false],
      [bea.id, `Bea ${TAG}`, bea.email, 0, 0, false],
      // A guest's name and e-mail are their latest order's.
      [guestKey(gusEmail), `Gus ${TAG}`, gusEmail.toUpperCase(), 2, 3_300, true],
    ]);
    expect(page.customers[0]!.lastOrderAt?.toISOString()).toBe('2002-01-06T15:00:00.000Z');
    expect(page.customers[1]!.lastOrderAt).toBeNull();
    expect(page.customers[0]!.phone).toBe('(512) 555-0142');
  });

  it('follow refunds, status changes, profile and e-mail changes and deletions in the same transaction', async () => {
    const a1 = orderIds[0]!;
    const read = async (key: string) => (await loadCustomer(admin, key, 1))?.customer;
    await sql.begin(async (tx) => {
      await tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status, kind)
               values (${a1}, 'stripe', ${'re_cx_' + randomUUID()}, 1000, 'pending', 'refund')`;
    });
    expect((await read(ava.id))!.spentCents).toBe(15_000);
    await sql`update transactions set status = 'failed' where order_id = ${a1} and kind = 'refund'`;
    expect((await read(ava.id))!.spentCents).toBe(16_000);
    await sql`update orders set status = 'cancelled' where id = ${a1}`;
    expect((await read(ava.id))!.spentCents).toBe(6_000);
    await sql`update orders set status = 'completed' where id = ${a1}`;
    await sql`update user_profiles set full_name = ${'Ava Renamed ' + TAG} where user_id = ${ava.id}`;
    const newEmail = `ava2-${TAG}@customers.test`;
    await sql`update auth.users set email = ${newEmail} where id = ${ava.id}`;
    expect(await read(ava.id)).toMatchObject({ name: `Ava Renamed ${TAG}`, email: newEmail, spentCents: 16_000, orders: 5 });
    // A rolled-back write leaves no trace.
    await sql
      .begin(async (tx) => {
        await tx`update orders set status = 'cancelled' where id = ${a1}`;
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await read(ava.id))!.spentCents).toBe(16_000);

    // A guest's last order removed: the guest is gone.
    const extra = await insertOrder({ key: 'X', email: `solo-${TAG}@customers.test`, name: 'Solo', status: 'completed', total: 900, day: 9 });
    expect((await read(guestKey(`solo-${TAG}@customers.test`)))!.spentCents).toBe(900);
    await sql`delete from orders where id = ${extra}`;
    expect(await read(guestKey(`solo-${TAG}@customers.test`))).toBeUndefined();
  });
});

describe('the list', () => {
  it('sorts by every column both ways', async () => {
    const keys = async (over: Partial<CustomersQuery>) => (await loadCustomers(admin, query(over))).customers.map((c) => c.key);
    const g = guestKey(gusEmail);
    expect(await keys({ sort: 'spent', dir: 'desc' })).toEqual([ava.id, g, bea.id]);
    expect(await keys({ sort: 'spent', dir: 'asc' })).toEqual([bea.id, g, ava.id]);
    expect(await keys({ sort: 'orders', dir: 'desc' })).toEqual([ava.id, g, bea.id]);
    expect(await keys({ sort: 'last-order', dir: 'desc' })).toEqual([g, ava.id, bea.id]);
    expect(await keys({ sort: 'last-order', dir: 'asc' })).toEqual([bea.id, ava.id, g]);
    expect(await keys({ sort: 'email', dir: 'asc' })).toEqual([ava.id, bea.id, g]);
    expect(await keys({ sort: 'name', dir: 'desc' })).toEqual([g, bea.id, ava.id]);
    // Bea has no phone: '' sorts first.
    expect((await keys({ sort: 'phone', dir: 'asc' }))[0]).toBe(bea.id);
  });

  it('searches name, e-mail and phone (digits alone too), every word required', async () => {
    const found = async (q: string) => (await loadCustomers(admin, parseCustomersQuery({ q }))).customers.map((c) => c.key);
    expect(await found(`Ava ${TAG}`)).toEqual([ava.id]);
    expect(await found(`bea-${TAG}@customers`)).toEqual([bea.id]);
    expect(await found(`${TAG} 555-0142`)).toEqual([ava.id]);
    expect(await found(`${TAG} 5550142`)).toEqual([ava.id]);
    expect(await found(`gus ${TAG}`)).toEqual([guestKey(gusEmail)]);
    expect(await found(`${TAG} nobody`)).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await found(`${TAG} %`)).toEqual([]);
  });

  it('pages 20 at a time, the last page read from the far end in the same order', async () => {
    const many = `pg${TAG}`;
    const ids = await sql<{ id: string }[]>`
      insert into orders (order_reference, customer_name, customer_email, status, total_amount)
      select ${'PG-' + TAG + '-'} || i, 'Pager ' || lpad(i::text, 2, '0'), ${many + '-'} || lpad(i::text, 2, '0') || '@customers.test', 'completed', i * 100
        from generate_series(1, 23) i
      returning id`;
    orderIds.push(...ids.map((r) => r.id));
    const first = await loadCustomers(admin, parseCustomersQuery({ q: many, sort: 'spent', dir: 'desc' }));
    const second = await loadCustomers(admin, parseCustomersQuery({ q: many, sort: 'spent', dir: 'desc', page: '2' }));
    const beyond = await loadCustomers(admin, parseCustomersQuery({ q: many, sort: 'spent', dir: 'desc', page: '9' }));
    expect([first.total, first.totalPages, first.customers.length, second.customers.length]).toEqual([23, 2, 20, 3]);
    expect([...first.customers, ...second.customers].map((c) => c.spentCents)).toEqual(
      Array.from({ length: 23 }, (_, i) => (23 - i) * 100),
    );
    expect(beyond.page).toBe(2);
    expect(beyond.customers.map((c) => c.key)).toEqual(second.customers.map((c) => c.key));
  });

  it('shows a signed-in customer nobody (RLS), and their own account neither', async () => {
    expect((await loadCustomers(customer, parseCustomersQuery({}))).total).toBe(0);
    expect(await loadCustomer(customer, (customer as { userId: string }).userId, 1)).toBeNull();
    expect(await loadCustomer(customer, ava.id, 1)).toBeNull();
  });
});

describe("a customer's page", () => {
  it("lists an account's orders newest first with each one's share, its figures and addresses", async () => {
    const detail = (await loadCustomer(admin, ava.id, 1))!;
    expect(detail.orders.map((o) => [o.reference, o.status, o.totalCents, o.refundedCents, o.keptCents])).toEqual([
      [refs.A5, 'refunded', 4_000, 4_000, 0],
      [refs.A4, 'processing', 3_000, 0, 3_000],
      [refs.A3, 'cancelled', 7_000, 0, 0],
      [refs.A2, 'completed', 5_000, 2_000, 3_000],
      [refs.A1, 'completed', 10_000, 0, 10_000],
    ]);
    expect(detail.orders.reduce((s, o) => s + o.keptCents, 0)).toBe(detail.customer.spentCents);
    expect([detail.refundedCents, detail.cancelledOrders, detail.totalPages]).toEqual([6_000, 1, 1]);
    expect(detail.savedAddresses).toEqual([
      expect.objectContaining({ type: 'shipping', isDefault: true, lines: ['1 Saved Lane', 'Austin, TX 73301', 'US'] }),
    ]);
    expect(detail.orderAddresses[0]).toEqual(['Ava Order', '6 Elm Street', 'Austin, TX 73301', 'US', '(512) 555-0199']);
  });

  it("lists a guest's orders under either case of their e-mail, and no saved addresses", async () => {
    const detail = (await loadCustomer(admin, guestKey(gusEmail), 1))!;
    expect(detail.orders.map((o) => [o.reference, o.keptCents])).toEqual([
      [refs.G2, 800],
      [refs.G1, 2_500],
    ]);
    expect(detail.savedAddresses).toEqual([]);
    expect(detail.orderAddresses).toHaveLength(2);
    expect(await loadCustomer(admin, guestKey(`nobody-${TAG}@customers.test`), 1)).toBeNull();
  });

  it("finds a guest's orders through the guest e-mail index as the admin, under the row policies", async () => {
    const plan = await withActor(admin, async (tx) => {
      await tx`set local enable_seqscan = off`;
      const rows = await tx.unsafe(`explain select o.id from public.orders o where o.guest_email = '${gusEmail.toLowerCase()}'
        order by o.created_at desc, o.id desc limit 20`);
      return rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
    });
    // A condition the policy must wait for (not leakproof) would leave a scan of every order, whatever the settings.
    expect(plan).toMatch(/(Bitmap Index Scan on|Index (Only )?Scan (Backward )?using) orders_guest_email_idx/);
  });

  it('links to an order that the orders screen shows alone', async () => {
    const page = await loadAdminOrders(admin, parseOrdersQuery({ status: 'pending' }), 'America/New_York', orderIds[1]!);
    expect(page.orders.map((o) => o.reference)).toEqual([refs.A2]);
    expect(page.total).toBe(1);
  });
});

describe('header search', () => {
  it('finds orders by reference, e-mail and name, and customers, each kind on its own', async () => {
    const byReference = await searchAdmin(admin, refs.A2!.toLowerCase());
    expect(byReference.orders.map((o) => o.reference)).toEqual([refs.A2]);
    const byDigits = await searchAdmin(admin, `${TAG}-a`);
    expect(byDigits.orders.map((o) => o.reference)).toEqual([refs.A5, refs.A4, refs.A3, refs.A2, refs.A1]);
    const byEmail = await searchAdmin(admin, `gus-${TAG}@`);
    expect(byEmail.orders.map((o) => o.reference)).toEqual([refs.G2, refs.G1]);
    expect(byEmail.customers.map((c) => c.key)).toEqual([guestKey(gusEmail)]);
    // 'Early' is only in the first order's name (the guest is named by their latest order).
    const byName = await searchAdmin(admin, `early ${TAG}`);
    expect(byName.orders.map((o) => o.reference)).toEqual([refs.G1]);
    expect(byName.customers).toEqual([]);
    const guest = await searchAdmin(admin, `Gus ${TAG}`);
    expect(guest.customers).toEqual([{ key: guestKey(gusEmail), name: `Gus ${TAG}`, email: gusEmail.toUpperCase(), isGuest: true, orders: 2 }]);
    const people = await searchAdmin(admin, `bea ${TAG}`);
    expect(people.customers.map((c) => c.key)).toEqual([bea.id]);
    expect(people.orders).toEqual([]);
  });

  it('shows at most 5 of each kind and still finds products', async () => {
    // The 23 guests of the paging test.
    const results = await searchAdmin(admin, `pg${TAG}`);
    expect([results.orders.length, results.customers.length]).toEqual([5, 5]);
    const [ring] = await sql<{ sku: string }[]>`select sku from rings where sku is not null order by created_at limit 1`;
    const bySku = await searchAdmin(admin, ring!.sku);
    expect(bySku.products[0]?.sku).toBe(ring!.sku);
  });

  it('finds matches older than the newest 1,000 orders, and the newest ones among many', async () => {
    const filler = `filler-${TAG}@customers.test`;
    await sql`insert into orders (customer_email, customer_name, status, total_amount, created_at)
              select ${filler}, 'Filler', 'completed', 100, now() - make_interval(secs => g) from generate_series(1, 1000) g`;
    try {
      // Ava's five orders are from 2002, behind 1,000 newer ones: found by the second step.
      const old = await searchAdmin(admin, `${TAG}-a`);
      expect(old.orders.map((o) => o.reference)).toEqual([refs.A5, refs.A4, refs.A3, refs.A2, refs.A1]);
      // 1,000 matches among the newest rows: the first step's newest five.
      const newest = await sql<{ id: string }[]>`select id from orders where customer_email = ${filler} order by created_at desc, id desc limit 5`;
      const many = await searchAdmin(admin, `filler-${TAG}`);
      expect(many.orders.map((o) => o.id)).toEqual(newest.map((o) => o.id));
      expect(many.customers.map((c) => c.orders)).toEqual([1000]);
      // A word whose rare part ('<tag>', shared by the 1,000 newer rows) reaches the index alone: every row found is
      // still held to the whole word.
      const mixed = await searchAdmin(admin, `gus-${TAG}@customers.test`);
      expect(mixed.orders.map((o) => o.reference)).toEqual([refs.G2, refs.G1]);
      expect(mixed.customers.map((c) => c.key)).toEqual([guestKey(gusEmail)]);
    } finally {
      await sql`delete from orders where customer_email = ${filler}`;
    }
  });

  it("gives the index each word's longest run of letters and digits with the most digits, or the whole word", async () => {
    const words = ['%guest15008@bench%', '%ben-0023447-d86f%', '%buyer1234@%', '%555-0%', '%lovelace%', '%a\\_b12345%'];
    const rows = await sql<{ p: string }[]>`select public.admin_search_index_pattern(w) as p from unnest(${words}::text[]) w`;
    expect(rows.map((r) => r.p)).toEqual(['%guest15008%', '%0023447%', '%buyer1234%', '%555-0%', '%lovelace%', '%b12345%']);
  });

  it('takes % and _ in a typed word literally', async () => {
    const results = await searchAdmin(admin, `gus%${TAG}`);
    expect([results.orders, results.customers]).toEqual([[], []]);
    const underscore = await searchAdmin(admin, `gus_${TAG}`);
    expect(underscore.customers).toEqual([]);
  });

  it('the database functions behind it answer nothing to a caller who is not an admin', async () => {
    // No user's claims at all: the functions check for an admin themselves, as they read past the row policies.
    const [row] = await sql<{ orders: number; customers: number }[]>`
      select (select count(*)::int from public.admin_people_search('orders', array['%'], 5)) as orders,
             (select count(*)::int from public.admin_people_search('customers', array['%'], 5)) as customers`;
    expect(row).toEqual({ orders: 0, customers: 0 });
  });

  it('gives a signed-in customer no orders or customers (RLS)', async () => {
    const results = await searchAdmin(customer, `gus-${TAG}`);
    expect([results.orders, results.customers]).toEqual([[], []]);
  });
});
