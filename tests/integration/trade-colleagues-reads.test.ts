// What the members' read policies cost (my_account_user_ids, 20261210000300_accounts.sql): an ordinary customer's
// page of orders still walks their user_id index and stops after the page; a trade account's page walks each
// member's part of the same index, never the shop's history. Measured in rows of `orders` from the plan Postgres ran.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomerOrders } from '@/lib/account/orders';
import { db, withActor, type DbActor, type Tx } from '@/lib/core/db';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(async () => {
  await sql.end();
  await db().end();
});

const HISTORY = 300;
const [customer, owner, buyer] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
const as = (userId: string): DbActor => ({ role: 'authenticated', userId, email: `${userId.slice(0, 8)}@colleague-reads.test` });

type PlanNode = { 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] };

/** Rows of `orders` the plan read, and the indexes it read them through. */
function ordersRead(node: PlanNode, seen = { rows: 0, indexes: new Set<string>() }) {
  if (node['Relation Name'] === 'orders') {
    seen.rows += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
    seen.indexes.add(node['Index Name'] ?? 'none');
  }
  for (const child of node.Plans ?? []) ordersRead(child, seen);
  return seen;
}

async function explained(tx: Tx, query: string, params: unknown[]) {
  const [plan] = await tx.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(`explain (analyze, format json) ${query}`, params as never[]);
  return ordersRead(plan!['QUERY PLAN'][0].Plan);
}

beforeAll(async () => {
  for (const id of [customer, owner, buyer]) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
              values (${id}, ${`${id.slice(0, 8)}@colleague-reads.test`}, 'authenticated', 'authenticated', now(), now())`;
  }
  await sql`
    insert into orders (user_id, total_amount, status, customer_email, created_at)
    select u, 1000, 'completed', left(u::text, 8) || '@colleague-reads.test', now() - make_interval(mins => g)
      from unnest(${[customer, owner, buyer]}::uuid[]) u, generate_series(1, ${HISTORY}) g`;
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address)
    values (${owner}, 'approved', 'Reads & Co', 'boutique', '12-3456789', '555 010 2000', '{}') returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${account!.id}, ${owner}, 'owner'), (${account!.id}, ${buyer}, 'buyer')`;
  await sql`analyze orders`;
});

describe('the members’ read policies', () => {
  it('leave an ordinary customer’s page of orders on their user_id index, reading the page only', async () => {
    const read = await withActor(as(customer), (tx) =>
      explained(tx, 'select id from public.orders where user_id = $1 order by created_at desc, id desc limit 20', [customer]));
    expect([...read.indexes]).toEqual(['orders_user_created_idx']);
    expect(read.rows).toBeLessThanOrEqual(20);
  });

  it('read an account’s page through each member’s part of that index', async () => {
    const query = `select o.id from unnest(public.my_account_user_ids()) m(user_id)
      cross join lateral (select id, created_at from public.orders where user_id = m.user_id order by created_at desc, id desc limit 20) o
      order by o.created_at desc, o.id desc limit 20`;
    const read = await withActor(as(buyer), (tx) => explained(tx, query, []));
    expect([...read.indexes]).toEqual(['orders_user_created_idx']);
    expect(read.rows).toBeLessThanOrEqual(40);
  });

  it('page the account’s orders newest first across its members', async () => {
    const page = await withActor(as(buyer), (tx) => listCustomerOrders(tx, buyer, 2));
    expect(page).toMatchObject({ total: 2 * HISTORY, page: 2 });
    const times = page.orders.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(page.orders.map((o) => o.placedBy === null))).toEqual(new Set([true, false]));
  });
});
