// The account tables under RLS and their grants, the one-default-per-type rule under concurrent writes, the paged
// order history, and what the checkout keeps for a signed-in customer. Real migrations, real Postgres.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAddress } from '@/lib/account/addresses';
import { checkoutPrefill, rememberCheckoutDetails } from '@/lib/account/checkout-details';
import { listCustomerOrders } from '@/lib/account/orders';
import { db, withActor, type DbActor, type Tx } from '@/lib/core/db';
import { emptyAddress, type Address } from '@/lib/checkout/address';

const sql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
afterAll(async () => {
  await sql.end();
  await db().end();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newUser(tag: string): Promise<{ id: string; email: string; actor: DbActor }> {
  const id = randomUUID();
  const email = `${tag}-${id.slice(0, 8)}@account-data.test`;
  await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
            values (${id}, ${email}, 'authenticated', 'authenticated', now(), now())`;
  return { id, email, actor: { role: 'authenticated', userId: id, email } };
}

const anon: DbActor = { role: 'anon' };
const fields = (over: Partial<{ address_type: 'shipping' | 'billing'; address_line1: string }> = {}) => ({
  address_type: 'shipping' as const,
  address_line1: '1 Main St',
  address_line2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
  ...over,
});

/** Runs as the actor; the error message when the database refuses. */
async function attempt<T>(actor: DbActor, fn: (tx: Tx) => Promise<T>): Promise<T | string> {
  try {
    return await withActor(actor, fn);
  } catch (err) {
    return (err as Error).message;
  }
}

const defaultsOf = async (userId: string, type = 'shipping') =>
  (await sql<{ n: number }[]>`
    select count(*)::int as n from user_addresses where user_id = ${userId} and address_type = ${type} and is_default`)[0]!.n;

describe('account tables: owner allowed, another customer and anon refused', () => {
  let A: Awaited<ReturnType<typeof newUser>>;
  let B: Awaited<ReturnType<typeof newUser>>;
  let addressA: string;
  beforeAll(async () => {
    [A, B] = await Promise.all([newUser('a'), newUser('b')]);
    addressA = (await withActor(A.actor, (tx) => insertAddress(tx, A.id, fields(), false))).id;
  });

  it('user_addresses: insert, update, delete', async () => {
    const insertFor = (userId: string) => (tx: Tx) =>
      tx`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country)
         values (${userId}, 'billing', '2 Side St', 'Springfield', 'IL', '62702', 'US') returning id`;
    expect(await attempt(A.actor, insertFor(A.id))).toHaveLength(1);
    expect(await attempt(B.actor, insertFor(A.id))).toMatch(/row-level security/);
    expect(await attempt(anon, insertFor(A.id))).toMatch(/permission denied/);

    const update = (tx: Tx) => tx`update user_addresses set city = 'Chicago' where id = ${addressA} returning id`;
    expect(await attempt(A.actor, update)).toHaveLength(1);
    expect(await attempt(B.actor, update)).toHaveLength(0);
    expect(await attempt(anon, update)).toMatch(/permission denied/);
    // Nobody moves an address to another customer, not even its owner.
    expect(await attempt(A.actor, (tx) => tx`update user_addresses set user_id = ${B.id} where id = ${addressA}`)).toMatch(
      /permission denied/,
    );

    const remove = (tx: Tx) => tx`delete from user_addresses where id = ${addressA} returning id`;
    expect(await attempt(B.actor, remove)).toHaveLength(0);
    expect(await attempt(anon, remove)).toMatch(/permission denied/);
    expect(await attempt(B.actor, (tx) => tx`select id from user_addresses where id = ${addressA}`)).toHaveLength(0);
    expect(await attempt(A.actor, remove)).toHaveLength(1);
  });

  it('user_profiles: read and update own name and phone only', async () => {
    const read = (tx: Tx) => tx`select full_name from user_profiles where user_id = ${A.id}`;
    expect(await attempt(A.actor, read)).toHaveLength(1);
    expect(await attempt(B.actor, read)).toHaveLength(0);
    expect(await attempt(anon, read)).toMatch(/permission denied/);
    const update = (tx: Tx) => tx`update user_profiles set full_name = 'Changed' where user_id = ${A.id} returning user_id`;
    expect(await attempt(A.actor, update)).toHaveLength(1);
    expect(await attempt(B.actor, update)).toHaveLength(0);
    expect(await attempt(anon, update)).toMatch(/permission denied/);
    expect(await attempt(A.actor, (tx) => tx`update user_profiles set created_at = now() where user_id = ${A.id}`)).toMatch(
      /permission denied/,
    );
    expect(await attempt(A.actor, (tx) => tx`delete from user_profiles where user_id = ${A.id}`)).toMatch(/permission denied/);
  });

  it('the database refuses 10 kB in an address field, whoever writes', async () => {
    const long = 'x'.repeat(10_240);
    expect(
      await attempt(A.actor, (tx) =>
        tx`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country)
           values (${A.id}, 'shipping', '1 St', ${long}, 'IL', '1', 'US')`,
      ),
    ).toMatch(/user_addresses_lengths/);
  });
});

describe('one default address per type', () => {
  it('two concurrent "set as default" writes through the app both succeed and leave exactly one default', async () => {
    const U = await newUser('race-app');
    const slow = withActor(U.actor, async (tx) => {
      const row = await insertAddress(tx, U.id, fields({ address_line1: 'First' }), true);
      await sleep(300); // still open while the second write arrives
      return row;
    });
    await sleep(50);
    const fast = withActor(U.actor, (tx) => insertAddress(tx, U.id, fields({ address_line1: 'Second' }), true));
    await Promise.all([slow, fast]);
    expect(await defaultsOf(U.id)).toBe(1);
    const [winner] = await sql<{ address_line1: string }[]>`
      select address_line1 from user_addresses where user_id = ${U.id} and is_default`;
    expect(winner!.address_line1).toBe('Second');
  });

  it('the database keeps the rule for direct writes too (a Supabase API client, for example)', async () => {
    const U = await newUser('race-sql');
    const insertDefault = (line: string) => (tx: Tx) =>
      tx`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country, is_default)
         values (${U.id}, 'shipping', ${line}, 'Springfield', 'IL', '62701', 'US', true)`;
    const slow = withActor(U.actor, async (tx) => {
      await insertDefault('One')(tx);
      await sleep(300);
    });
    await sleep(50);
    await Promise.all([slow, withActor(U.actor, insertDefault('Two')), withActor(U.actor, insertDefault('Three'))]);
    expect(await defaultsOf(U.id)).toBe(1);
    expect((await sql`select 1 from user_addresses where user_id = ${U.id}`).length).toBe(3);
    // Changing which one is the default by update works the same way.
    await withActor(U.actor, (tx) => tx`update user_addresses set is_default = true where user_id = ${U.id} and address_line1 = 'One'`);
    expect(await defaultsOf(U.id)).toBe(1);
  });
});

describe('order history', () => {
  let A: Awaited<ReturnType<typeof newUser>>;
  let B: Awaited<ReturnType<typeof newUser>>;
  let ringId: string;
  beforeAll(async () => {
    [A, B] = await Promise.all([newUser('hist-a'), newUser('hist-b')]);
    const [ring] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, price_stone1) values ('History Ring', ${`HIST-${A.id.slice(0, 8)}`}, 'gold', 10)
      returning id`;
    ringId = ring!.id;
    const orders = Array.from({ length: 45 }, (_, i) => ({
      id: randomUUID(),
      user_id: A.id,
      total_amount: 1000 + i,
      status: 'completed',
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
    }));
    await sql`insert into orders ${sql(orders)}`;
    await sql`insert into order_items ${sql(
      orders.map((o) => ({ order_id: o.id, product_id: ringId, product_category: 'rings', quantity: 2, unit_price: 500, specifications: 'Material: Gold', choices: { material: 'gold' } })),
    )}`;
  });

  it('pages newest first, 20 a page, with items, options and the ordered product', async () => {
    const first = await withActor(A.actor, (tx) => listCustomerOrders(tx, A.id, 1));
    expect(first).toMatchObject({ total: 45, totalPages: 3, page: 1 });
    expect(first.orders).toHaveLength(20);
    expect(first.orders[0]!.totalCents).toBe(1044);
    // Orders without a stored reference keep SPEC's account fallback; the day is the shop's (Jan 2, 20:00 UTC is 3 PM in New York).
    expect(first.orders[0]!.reference).toBe(`Order #${first.orders[0]!.id.slice(0, 8)}`);
    expect(first.orders[0]!.dateLabel).toBe('Jan 2, 2026');
    expect(first.orders[0]!.items[0]).toMatchObject({
      quantity: 2,
      lineTotalCents: 1000,
      product: { name: 'History Ring', category: 'rings' },
      options: [{ label: 'Material', value: 'Gold' }],
      priceRule: null,
    });
    const last = await withActor(A.actor, (tx) => listCustomerOrders(tx, A.id, 99));
    expect(last.page).toBe(3);
    expect(last.orders.map((o) => o.totalCents)).toEqual([1004, 1003, 1002, 1001, 1000]);
  });

  it('another customer sees none of them, even asking with their id', async () => {
    const stolen = await withActor(B.actor, (tx) => listCustomerOrders(tx, A.id, 1));
    expect(stolen).toMatchObject({ total: 0, orders: [] });
  });

  it('remembers the product name on each order line, and shows a deleted product as unavailable', async () => {
    const [item] = await sql<{ product_name: string; product_sku: string }[]>`
      select product_name, product_sku from order_items where product_id = ${ringId} limit 1`;
    expect(item).toEqual({ product_name: 'History Ring', product_sku: `HIST-${A.id.slice(0, 8)}` });
    await sql`delete from rings where id = ${ringId}`;
    const page = await withActor(A.actor, (tx) => listCustomerOrders(tx, A.id, 1));
    expect(page.orders[0]!.items[0]!.product).toBeNull();
  });
});

describe('the checkout and the account', () => {
  const place = (over: Partial<Address> = {}): Address => ({
    ...emptyAddress(),
    full_name: 'Grace Hopper',
    address_line1: '1 Compiler Way',
    city: 'Arlington',
    state: 'VA',
    postal_code: '22201',
    country: 'US',
    phone: '+1 (555) 010-0100',
    ...over,
  });

  it('keeps new addresses (as defaults where a type has none), once, and fills an empty profile only', async () => {
    const U = await newUser('checkout');
    await rememberCheckoutDetails(U, { shipping: place(), billing: place({ address_line1: 'PO Box 7' }) });
    await rememberCheckoutDetails(U, { shipping: place({ address_line1: ' 1 compiler  way ' }), billing: place({ address_line1: 'PO Box 7' }) });
    await rememberCheckoutDetails(U, { shipping: place({ address_line1: '9 Other Rd', full_name: 'Someone Else' }), billing: place() });
    const rows = await sql<{ address_type: string; address_line1: string; is_default: boolean }[]>`
      select address_type, address_line1, is_default from user_addresses where user_id = ${U.id} order by created_at, address_line1`;
    expect(rows).toEqual([
      { address_type: 'shipping', address_line1: '1 Compiler Way', is_default: true },
      { address_type: 'billing', address_line1: 'PO Box 7', is_default: true },
      { address_type: 'billing', address_line1: '1 Compiler Way', is_default: false },
      { address_type: 'shipping', address_line1: '9 Other Rd', is_default: false },
    ]);
    const [profile] = await sql`select full_name, phone_number from user_profiles where user_id = ${U.id}`;
    expect(profile).toEqual({ full_name: 'Grace Hopper', phone_number: '+1 (555) 010-0100' });

    const prefill = await checkoutPrefill(U);
    expect(prefill.shipping).toMatchObject({ full_name: 'Grace Hopper', phone: '+1 (555) 010-0100', address_line1: '1 Compiler Way' });
    expect(prefill.billing).toMatchObject({ full_name: 'Grace Hopper', address_line1: 'PO Box 7', phone: '' });
  });

  it('prefills nothing but the profile for a customer without addresses', async () => {
    const U = await newUser('fresh');
    const prefill = await checkoutPrefill(U);
    expect(prefill).toEqual({ email: U.email, shipping: { ...emptyAddress() }, billing: null });
  });
});
