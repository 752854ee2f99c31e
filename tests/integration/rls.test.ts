// The RLS matrix: every table of public × every operation × anon, customer A, customer B, admin and service role,
// asserting both what is allowed and what is refused. The service role has only the grants the server's own paths
// need (supabase/grants.ts), so it is refused wherever the app never sends it.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor, type DbActor, type Tx } from '@/lib/core/db';
import { attemptAs, type Outcome } from './rls-support';

const sql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
afterAll(() => sql.end());

const run = <T>(actor: DbActor, fn: (tx: Tx) => Promise<T>) => withActor(actor, fn, sql);

/** Runs a statement as an actor and rolls back: rows, or Postgres' refusal; any other error fails the test. */
const attempt = (actor: DbActor, fn: (tx: Tx) => Promise<postgres.RowList<postgres.Row[]>>): Promise<Outcome> => attemptAs(actor, fn, sql);

const uid = () => crypto.randomUUID();
const A = uid();
const B = uid();
const ADMIN = uid();
const actors = {
  anon: { role: 'anon' } as DbActor,
  customerA: { role: 'authenticated', userId: A, email: 'a@rls.test' } as DbActor,
  customerB: { role: 'authenticated', userId: B, email: 'b@rls.test' } as DbActor,
  admin: { role: 'authenticated', userId: ADMIN, email: 'admin@rls.test' } as DbActor,
  service: { role: 'service_role' } as DbActor,
};
type ActorName = keyof typeof actors;
const everyone = Object.keys(actors) as ActorName[];

let orderA: string;
let orderB: string;
let addressA: string;
const product: Record<string, string> = {};
let imageId: string;
let pageId: string;

beforeAll(async () => {
  for (const [id, email] of [[A, 'a'], [B, 'b'], [ADMIN, 'admin']] as const) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
              values (${id}, ${`${email}-${id.slice(0, 8)}@rls.test`}, 'authenticated', 'authenticated', now(), now())`;
  }
  await sql`insert into admin_users (user_id) values (${ADMIN})`;
  for (const t of ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry']) {
    const [row] = await sql`insert into ${sql(t)} (name, sku) values ('RLS probe', ${`RLS-${t}-${A.slice(0, 8)}`}) returning id`;
    product[t] = row!.id;
  }
  [{ id: imageId }] = await sql`insert into product_images (image_url, ring_id) values ('rls.webp', ${product.rings!}) returning id` as unknown as [{ id: string }];
  [{ page_id: pageId }] = await sql`insert into page_content (page_slug, page_title, content) values (${`rls-${A.slice(0, 8)}`}, 'RLS', 'x') returning page_id` as unknown as [{ page_id: string }];
  [{ id: orderA }] = await sql`insert into orders (user_id, total_amount, status) values (${A}, 1000, 'completed') returning id` as unknown as [{ id: string }];
  [{ id: orderB }] = await sql`insert into orders (user_id, total_amount, status) values (${B}, 2000, 'completed') returning id` as unknown as [{ id: string }];
  for (const o of [orderA, orderB]) {
    await sql`insert into order_items (order_id, product_id, quantity, unit_price) values (${o}, ${product.rings!}, 1, 1000)`;
    await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status) values (${o}, 'stripe', ${`pi_rls_${o}`}, 1000, 'completed')`;
  }
  [{ id: addressA }] = await sql`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country)
    values (${A}, 'shipping', '1 Main St', 'Springfield', 'IL', '62701', 'US') returning id` as unknown as [{ id: string }];
});

function expectMatrix(results: Record<ActorName, Awaited<ReturnType<typeof attempt>>>, allowed: ActorName[], what: string) {
  for (const name of everyone) {
    const r = results[name];
    const shouldPass = allowed.includes(name);
    const passed = r.ok ? r.count > 0 : false;
    expect(passed, `${what} as ${name}: ${JSON.stringify(r)}`).toBe(shouldPass);
  }
}

async function matrix(fn: (tx: Tx) => Promise<postgres.RowList<postgres.Row[]>>) {
  const out = {} as Record<ActorName, Awaited<ReturnType<typeof attempt>>>;
  for (const name of everyone) out[name] = await attempt(actors[name], fn);
  return out;
}

describe('catalog, images and content: public read, admin write', () => {
  for (const t of ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry']) {
    it(`${t}`, async () => {
      expectMatrix(await matrix((tx) => tx`select id from ${tx(t)} where id = ${product[t]!}`), everyone, `select ${t}`);
      expectMatrix(
        await matrix((tx) => tx`insert into ${tx(t)} (name, sku) values ('new', ${`RLS-NEW-${uid()}`}) returning id`),
        ['admin'],
        `insert ${t}`,
      );
      expectMatrix(await matrix((tx) => tx`update ${tx(t)} set name = 'changed' where id = ${product[t]!} returning id`), ['admin'], `update ${t}`);
      expectMatrix(await matrix((tx) => tx`delete from ${tx(t)} where id = ${product[t]!} returning id`), ['admin'], `delete ${t}`);
    });
  }

  it('product_images', async () => {
    expectMatrix(await matrix((tx) => tx`select id from product_images where id = ${imageId}`), everyone, 'select images');
    expectMatrix(
      await matrix((tx) => tx`insert into product_images (image_url, ring_id) values ('n.webp', ${product.rings!}) returning id`),
      ['admin'],
      'insert images',
    );
    expectMatrix(await matrix((tx) => tx`update product_images set display_order = 3 where id = ${imageId} returning id`), ['admin'], 'update images');
    expectMatrix(await matrix((tx) => tx`delete from product_images where id = ${imageId} returning id`), ['admin'], 'delete images');
  });

  it('page_content', async () => {
    expectMatrix(await matrix((tx) => tx`select page_id from page_content where page_id = ${pageId}`), ['anon', 'customerA', 'customerB', 'admin'], 'select pages');
    expectMatrix(
      await matrix((tx) => tx`insert into page_content (page_slug, page_title) values (${`p-${uid().slice(0, 8)}`}, 'T') returning page_id`),
      ['admin'],
      'insert pages',
    );
    expectMatrix(await matrix((tx) => tx`update page_content set page_title = 'New' where page_id = ${pageId} returning page_id`), ['admin'], 'update pages');
    expectMatrix(await matrix((tx) => tx`delete from page_content where page_id = ${pageId} returning page_id`), ['admin'], 'delete pages');
  });
});

describe('customer data: own rows only', () => {
  it('user_profiles', async () => {
    expectMatrix(await matrix((tx) => tx`select user_id from user_profiles where user_id = ${A}`), ['customerA', 'admin'], 'select profile A');
    expectMatrix(
      await matrix((tx) => tx`update user_profiles set full_name = 'Ann' where user_id = ${A} returning user_id`),
      ['customerA'],
      'update profile A',
    );
    expectMatrix(await matrix((tx) => tx`delete from user_profiles where user_id = ${A} returning user_id`), [], 'delete profile A');
    // A cannot create a profile for someone else (B's exists, so use a fresh user id).
    const other = uid();
    const r = await attempt(actors.customerA, (tx) => tx`insert into user_profiles (user_id) values (${other}) returning user_id`);
    expect(r.ok).toBe(false);
  });

  it('user_addresses', async () => {
    // Admins read every address book (a customer's page in the back office); nobody else's but the owner.
    expectMatrix(await matrix((tx) => tx`select id from user_addresses where id = ${addressA}`), ['customerA', 'admin'], 'select address A');
    expectMatrix(
      await matrix((tx) => tx`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country)
                               values (${A}, 'billing', '2 Side St', 'Springfield', 'IL', '62702', 'US') returning id`),
      ['customerA'],
      'insert address for A',
    );
    expectMatrix(await matrix((tx) => tx`update user_addresses set city = 'Chicago' where id = ${addressA} returning id`), ['customerA'], 'update address A');
    expectMatrix(await matrix((tx) => tx`delete from user_addresses where id = ${addressA} returning id`), ['customerA'], 'delete address A');
  });

  it('orders: customers read their own, admins read all and change status, nobody else writes', async () => {
    expectMatrix(await matrix((tx) => tx`select id from orders where id = ${orderA}`), ['customerA', 'admin', 'service'], 'select order A');
    expectMatrix(await matrix((tx) => tx`select id from orders where id = ${orderB}`), ['customerB', 'admin', 'service'], 'select order B');
    expectMatrix(
      await matrix((tx) => tx`insert into orders (user_id, total_amount) values (${A}, 1) returning id`),
      ['service'],
      'insert order',
    );
    expectMatrix(
      await matrix((tx) => tx`update orders set status = 'dispatched' where id = ${orderA} returning id`),
      ['admin', 'service'],
      'update order status',
    );
    expectMatrix(
      await matrix((tx) => tx`update orders set total_amount = 1 where id = ${orderA} returning id`),
      ['service'],
      'update order total',
    );
    expectMatrix(await matrix((tx) => tx`delete from orders where id = ${orderA} returning id`), [], 'delete order');
  });

  for (const t of ['order_items', 'transactions']) {
    it(`${t}: read with the order, written only by the server`, async () => {
      expectMatrix(await matrix((tx) => tx`select id from ${tx(t)} where order_id = ${orderA}`), ['customerA', 'admin', 'service'], `select ${t} of A`);
      const insert =
        t === 'order_items'
          ? (tx: Tx) => tx`insert into order_items (order_id, product_id, quantity, unit_price) values (${orderA}, ${product.rings!}, 1, 1) returning id`
          : (tx: Tx) =>
              tx`insert into transactions (order_id, provider, provider_transaction_id, amount, status) values (${orderA}, 'stripe', ${`pi_${uid()}`}, 1, 'completed') returning id`;
      expectMatrix(await matrix(insert), ['service'], `insert ${t}`);
      expectMatrix(await matrix((tx) => tx`update ${tx(t)} set created_at = now() where order_id = ${orderA} returning id`), t === 'transactions' ? ['service'] : [], `update ${t}`);
      expectMatrix(await matrix((tx) => tx`delete from ${tx(t)} where order_id = ${orderA} returning id`), [], `delete ${t}`);
    });
  }

  it('admin_users: only the member sees their own row; no API role writes', async () => {
    expectMatrix(await matrix((tx) => tx`select user_id from admin_users where user_id = ${ADMIN}`), ['admin'], 'select admin row');
    expectMatrix(await matrix((tx) => tx`insert into admin_users (user_id) values (${A}) returning user_id`), [], 'insert admin');
    expectMatrix(await matrix((tx) => tx`delete from admin_users where user_id = ${ADMIN} returning user_id`), [], 'delete admin');
  });

  it('is_admin() answers for the caller only', async () => {
    const ask = (actor: DbActor) => run(actor, async (tx) => (await tx<{ a: boolean }[]>`select public.is_admin() as a`)[0]!.a);
    expect(await ask(actors.admin)).toBe(true);
    expect(await ask(actors.customerA)).toBe(false);
    expect(await ask(actors.anon)).toBe(false);
  });
});
