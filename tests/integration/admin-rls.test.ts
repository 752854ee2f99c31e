// RLS of the back office's own rows: order history is readable by admins only and written by triggers only; an admin
// may record a refund as themselves and nothing else in transactions; nobody else records anything. The customers'
// running totals are read by admins alone and written by triggers alone.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbActor, Tx } from '@/lib/core/db';
import { allowedAs } from './rls-support';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const CUSTOMER = randomUUID();
const ADMIN = randomUUID();
const anon: DbActor = { role: 'anon' };
const customer: DbActor = { role: 'authenticated', userId: CUSTOMER, email: 'c@admin-rls.test' };
const admin: DbActor = { role: 'authenticated', userId: ADMIN, email: 'a@admin-rls.test' };
let order: string;

/** Runs as `actor` and rolls back; true when the statement went through and touched a row, false when refused. */
const allowed = (actor: DbActor, fn: (tx: Tx) => Promise<postgres.RowList<postgres.Row[]>>) => allowedAs(actor, fn, sql);

beforeAll(async () => {
  for (const [id, email] of [[CUSTOMER, 'c'], [ADMIN, 'a']] as const) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
              values (${id}, ${`${email}-${id.slice(0, 8)}@admin-rls.test`}, 'authenticated', 'authenticated', now(), now())`;
  }
  await sql`insert into admin_users (user_id) values (${ADMIN})`;
  [{ id: order }] = (await sql`insert into orders (user_id, total_amount, status) values (${CUSTOMER}, 1000, 'completed') returning id`) as unknown as [{ id: string }];
  await sql`update orders set status = 'dispatched' where id = ${order}`;
});
afterAll(async () => {
  await sql`delete from orders where id = ${order}`;
  await sql`delete from auth.users where id in (${CUSTOMER}, ${ADMIN})`;
  await sql.end();
});

const refundRow = (createdBy: string, kind = 'refund') => (tx: Tx) =>
  tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status, kind, created_by)
     values (${order}, 'stripe', ${'re_' + randomUUID()}, 100, 'succeeded', ${kind}, ${createdBy}) returning id`;

describe('order history and refund rows', () => {
  it('lets admins alone read an order’s history, which a status change wrote', async () => {
    const read = (tx: Tx) => tx`select id from order_events where order_id = ${order}`;
    expect(await allowed(admin, read)).toBe(true);
    expect(await allowed(customer, read)).toBe(false);
    expect(await allowed(anon, read)).toBe(false);
  });

  it('lets nobody write the history directly', async () => {
    for (const actor of [admin, customer, anon]) {
      expect(await allowed(actor, (tx) => tx`insert into order_events (order_id, kind) values (${order}, 'status') returning id`)).toBe(false);
      expect(await allowed(actor, (tx) => tx`delete from order_events where order_id = ${order} returning id`)).toBe(false);
    }
  });

  it('lets admins alone read the running sales per product, and nobody write them', async () => {
    const read = (tx: Tx) => tx`select product_id from product_sales limit 1`;
    expect(await allowed(admin, read)).toBe(true);
    expect(await allowed(customer, read)).toBe(false);
    expect(await allowed(anon, read)).toBe(false);
    for (const actor of [admin, customer, anon]) {
      expect(await allowed(actor, (tx) => tx`update product_sales set revenue = 0 returning product_id`)).toBe(false);
      expect(await allowed(actor, (tx) => tx`select public.add_product_sales(array[gen_random_uuid()], array[1::bigint], array[1::bigint])`)).toBe(false);
    }
  });

  it('lets admins alone read the customers’ running totals, and nobody write them', async () => {
    const read = (tx: Tx) => tx`select key from customers where user_id = ${CUSTOMER}`;
    expect(await allowed(admin, read)).toBe(true);
    expect(await allowed(customer, read)).toBe(false);
    expect(await allowed(anon, read)).toBe(false);
    for (const actor of [admin, customer, anon]) {
      expect(await allowed(actor, (tx) => tx`update customers set spent_cents = 0 returning key`)).toBe(false);
      expect(await allowed(actor, (tx) => tx`select public.refresh_customers(array[${CUSTOMER}::uuid], array[]::text[])`)).toBe(false);
    }
  });

  it('lets an admin record a refund as themselves, and nothing else', async () => {
    expect(await allowed(admin, refundRow(ADMIN))).toBe(true);
    expect(await allowed(admin, refundRow(CUSTOMER))).toBe(false);
    expect(await allowed(admin, refundRow(ADMIN, 'payment'))).toBe(false);
    expect(await allowed(customer, refundRow(CUSTOMER))).toBe(false);
    expect(await allowed(admin, (tx) => tx`update transactions set amount = 1 where order_id = ${order} returning id`)).toBe(false);
  });
});
