// A customer's read of some orders' items, payments, invoices and credit notes looks up only those orders: the
// policies' ownership check must not first gather every order of the customer (20261210000400_orders.sql,
// "Policies"). Measured in rows, from the plan Postgres ran, so the check holds on any machine.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor, type DbActor } from '@/lib/core/db';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const HISTORY = 400;
const customer = crypto.randomUUID();
const other = crypto.randomUUID();
const actor: DbActor = { role: 'authenticated', userId: customer, email: 'history@rls-reads.test' };
let page: string[] = [];
let foreignOrder: string;

beforeAll(async () => {
  for (const id of [customer, other]) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
              values (${id}, ${`${id.slice(0, 8)}@rls-reads.test`}, 'authenticated', 'authenticated', now(), now())`;
  }
  const [ring] = await sql<{ id: string }[]>`insert into rings (name, sku) values ('History probe', ${`HIST-${customer.slice(0, 8)}`}) returning id`;
  const orders = await sql<{ id: string }[]>`
    insert into orders (user_id, total_amount, status, created_at)
    select ${customer}, 1000, 'completed', now() - make_interval(mins => g) from generate_series(1, ${HISTORY}) g
    returning id`;
  const [foreign] = await sql<{ id: string }[]>`insert into orders (user_id, total_amount, status) values (${other}, 1000, 'completed') returning id`;
  foreignOrder = foreign!.id;
  const ids = [...orders.map((o) => o.id), foreignOrder];
  await sql`insert into order_items (order_id, product_id, quantity, unit_price)
            select o, ${ring!.id}, 1, 1000 from unnest(${ids}::uuid[]) o`;
  const payments = await sql<{ id: string; order_id: string }[]>`
    insert into transactions (order_id, provider, provider_transaction_id, amount, status)
    select o, 'stripe', 'pi_hist_' || o, 1000, 'completed' from unnest(${ids}::uuid[]) o returning id, order_id`;
  await sql`insert into invoices (order_id, number, year, total_amount, snapshot)
            select o, 'HIST-' || o, 2001, 1000, '{}'::jsonb from unnest(${ids}::uuid[]) o`;
  await sql`insert into credit_notes (order_id, refund_id, number, amount, snapshot)
            select o, t, 'HIST-CN-' || o, 100, '{}'::jsonb
              from unnest(${payments.map((p) => p.order_id)}::uuid[], ${payments.map((p) => p.id)}::uuid[]) as p(o, t)`;
  await sql`analyze orders, order_items, transactions, invoices, credit_notes`;
  // The Orders tab's page: the 20 newest orders, and one order that is not the customer's.
  page = [...orders.slice(0, 20).map((o) => o.id), foreignOrder];
});

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };

/** Rows of `orders` the plan read, summed over every node and loop. */
function ordersRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'orders' ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + ordersRowsRead(child), 0);
}

describe('a customer reading a page of orders', () => {
  for (const table of ['order_items', 'transactions', 'invoices', 'credit_notes']) {
    it(`${table}: sees the page's own rows and looks up only those orders`, async () => {
      const { rows, explained } = await withActor(actor, async (tx) => {
        const rows = await tx`select order_id from ${tx(table)} where order_id = any(${page}::uuid[])`;
        const [plan] = await tx.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`explain (analyze, format json) select order_id from public.${table} where order_id = any($1::uuid[])`, [page]);
        return { rows, explained: plan!['QUERY PLAN'][0].Plan };
      }, sql);
      expect(rows.map((r) => r.order_id).sort()).toEqual(page.slice(0, 20).sort());
      // One lookup per row read (21 here), not the customer's whole history of 400.
      expect(ordersRowsRead(explained)).toBeLessThanOrEqual(page.length);
    });
  }
});
