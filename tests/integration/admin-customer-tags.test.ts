// Staff's tags on customers, through the actions as the demo admin with a real session under RLS: added and removed,
// one per spelling whatever its case, bad ones refused with their message; a guest tagged by their key; the list
// filtered by a tag in SQL with its search and pages; and a buyer who reads none and writes none.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCustomerTag, removeCustomerTag } from '@/lib/admin/customers/actions';
import { loadCustomer } from '@/lib/admin/customers/detail';
import { loadCustomers } from '@/lib/admin/customers/list';
import { parseCustomersQuery } from '@/lib/admin/customers/params';
import { MAX_TAGS_PER_CUSTOMER, TAG_TEXT } from '@/lib/admin/customers/tags';
import { withActor, type DbActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

const RUN = randomUUID().slice(0, 6);
const VIP = `VIP ${RUN}`;
const NET = `Net 30 ${RUN}`;
const ava = { id: randomUUID(), email: `ava-tags-${RUN}@customers.test` };
const bea = { id: randomUUID(), email: `bea-tags-${RUN}@customers.test` };
const guestEmail = `gil-tags-${RUN}@customers.test`;
const guestKey = `g-${createHash('md5').update(guestEmail).digest('hex')}`;

let who: Callers;
let admin: DbActor;
let adminId: string;
let buyer: DbActor;
let buyerId: string;
let orderId: string;

beforeAll(async () => {
  who = await callers();
  const users = await sql<{ id: string; email: string }[]>`select id, email from auth.users where email in ${sql([DEMO_USERS.admin.email, DEMO_USERS.customer.email])}`;
  const adminUser = users.find((u) => u.email === DEMO_USERS.admin.email)!;
  const customerUser = users.find((u) => u.email === DEMO_USERS.customer.email)!;
  admin = { role: 'authenticated', userId: adminUser.id, email: adminUser.email };
  adminId = adminUser.id;
  buyer = { role: 'authenticated', userId: customerUser.id, email: customerUser.email };
  buyerId = customerUser.id;
  for (const u of [ava, bea]) {
    await sql`insert into auth.users (id, email, aud, role, created_at, updated_at) values (${u.id}, ${u.email}, 'authenticated', 'authenticated', now(), now())`;
    await sql`update user_profiles set full_name = ${`${u === ava ? 'Ava' : 'Bea'} Tags${RUN}`} where user_id = ${u.id}`;
  }
  const [order] = await sql<{ id: string }[]>`
    insert into orders (customer_name, customer_email, status, total_amount) values (${'Gil Tags' + RUN}, ${guestEmail.toUpperCase()}, 'pending', 1000)
    returning id`;
  orderId = order!.id;
});

afterAll(async () => {
  await sql`delete from orders where id = ${orderId}`;
  await sql`delete from auth.users where id in (${ava.id}, ${bea.id})`;
  await sql`delete from customer_tags where tag like ${'%' + RUN}`;
  await closeSupport();
});

const asAdmin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

describe('customer tags', () => {
  it('are added and removed, answered A–Z, one per spelling whatever its case', async () => {
    expect(await asAdmin(() => addCustomerTag({ key: ava.id, tag: `  ${NET.replace(' ', '   ')} ` }))).toMatchObject({ ok: true, message: TAG_TEXT.added, data: [NET] });
    expect(await asAdmin(() => addCustomerTag({ key: ava.id, tag: VIP }))).toMatchObject({ ok: true, data: [NET, VIP] });
    const twice = await asAdmin(() => addCustomerTag({ key: ava.id, tag: VIP.toLowerCase() }));
    expect(twice).toMatchObject({ ok: false, status: 409, error: TAG_TEXT.duplicate, fieldErrors: { tag: TAG_TEXT.duplicate } });
    expect(await sql`select tag, author_id from customer_tags where customer_key = ${ava.id} order by tag_key`).toEqual([
      { tag: NET, author_id: adminId },
      { tag: VIP, author_id: adminId },
    ]);
    // Removing names the tag without case too.
    expect(await asAdmin(() => removeCustomerTag({ key: ava.id, tag: NET.toUpperCase() }))).toMatchObject({ ok: true, message: TAG_TEXT.removed, data: [VIP] });
    expect((await loadCustomer(admin, ava.id, 1))!.customer.tags).toEqual([VIP]);
  });

  it('tag a guest by their key, as their orders group them', async () => {
    expect(await asAdmin(() => addCustomerTag({ key: guestKey, tag: VIP }))).toMatchObject({ ok: true, data: [VIP] });
    expect((await loadCustomer(admin, guestKey, 1))!.customer).toMatchObject({ isGuest: true, tags: [VIP] });
  });

  it('refuse a bad tag, an unknown customer and more than the limit, with a clear message', async () => {
    const cases: [unknown, number, string][] = [
      [{ key: bea.id, tag: '   ' }, 400, TAG_TEXT.empty],
      [{ key: bea.id, tag: 'x'.repeat(33) }, 400, TAG_TEXT.tooLong],
      [{ key: bea.id, tag: '<b>VIP</b>' }, 400, TAG_TEXT.characters],
      [{ key: bea.id, tag: 'bad\u0000tag' }, 400, TAG_TEXT.characters],
      [{ key: 'bea@example.test', tag: 'VIP' }, 400, TAG_TEXT.notFound],
      [{ key: 'g-00000000000000000000000000000000', tag: 'VIP' }, 404, TAG_TEXT.notFound],
    ];
    for (const [input, status, message] of cases) {
      const result = await asAdmin(() => addCustomerTag(input));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, status, error: message });
    }
    for (let i = 1; i <= MAX_TAGS_PER_CUSTOMER; i++) {
      expect(await asAdmin(() => addCustomerTag({ key: bea.id, tag: `T${i} ${RUN}` }))).toMatchObject({ ok: true });
    }
    expect(await asAdmin(() => addCustomerTag({ key: bea.id, tag: `T99 ${RUN}` }))).toMatchObject({ ok: false, status: 422, error: TAG_TEXT.tooMany });
    await sql`delete from customer_tags where customer_key = ${bea.id}`;
    expect(await sql`select 1 from customer_tags where customer_key = ${bea.id}`).toHaveLength(0);
  });

  it('filter the list in SQL, with the search and the pages, and show each customer’s tags', async () => {
    await asAdmin(() => addCustomerTag({ key: bea.id, tag: NET }));
    const keys = async (params: Record<string, string>) => (await loadCustomers(admin, parseCustomersQuery(params))).customers.map((c) => c.key);
    expect(new Set(await keys({ tag: VIP, sort: 'name' }))).toEqual(new Set([ava.id, guestKey]));
    // The tag in any case, with a search that only one of them matches.
    expect(await keys({ tag: VIP.toUpperCase(), q: `Ava Tags${RUN}` })).toEqual([ava.id]);
    expect(await keys({ tag: NET })).toEqual([bea.id]);
    const page = await loadCustomers(admin, parseCustomersQuery({ tag: VIP, sort: 'name', dir: 'asc' }));
    expect(page.total).toBe(2);
    expect(page.customers.find((c) => c.key === ava.id)?.tags).toEqual([VIP]);
    expect(page.tagOptions).toEqual(expect.arrayContaining([{ key: VIP.toLowerCase(), label: VIP }, { key: NET.toLowerCase(), label: NET }]));
    // Past the last page: the last page; a tag nobody has: nobody.
    expect((await loadCustomers(admin, parseCustomersQuery({ tag: VIP, page: '9' }))).page).toBe(1);
    expect((await loadCustomers(admin, parseCustomersQuery({ tag: `nobody ${RUN}` }))).total).toBe(0);
    // The filter can use the tags' index, as the admin under RLS. On a table this small the planner may rightly prefer
    // a scan, so scans are priced out: the plan then shows whether an index serves the condition at all.
    const plan = await withActor(admin, async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx.unsafe(`explain select t.customer_key from public.customer_tags t where t.tag_key = lower($1)`, [VIP]);
    });
    expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/customer_tags_tag_idx|customer_tags_pkey|Bitmap/);
  });

  it('are staff-only: a buyer reads none, even their own, and writes none', async () => {
    await asAdmin(() => addCustomerTag({ key: buyerId, tag: VIP }));
    expect(await sql`select 1 from customer_tags where customer_key = ${buyerId}`).toHaveLength(1);
    expect(await withActor(buyer, (tx) => tx`select tag from public.customer_tags`)).toHaveLength(0);
    await expect(
      withActor(buyer, (tx) => tx`insert into public.customer_tags (customer_key, tag, author_id) values (${buyerId}, 'forged', ${buyerId})`),
    ).rejects.toMatchObject({ code: '42501' });
    await withActor(buyer, (tx) => tx`delete from public.customer_tags where customer_key = ${buyerId}`);
    expect(await sql`select 1 from customer_tags where customer_key = ${buyerId}`).toHaveLength(1);
    expect(await as(who.customer, () => addCustomerTag({ key: buyerId, tag: 'Mine' }))).toMatchObject({ ok: false, status: 403 });
    expect(await as(who.customer, () => removeCustomerTag({ key: buyerId, tag: VIP }))).toMatchObject({ ok: false, status: 403 });
    expect(await as(who.anon, () => removeCustomerTag({ key: buyerId, tag: VIP }))).toMatchObject({ ok: false, status: 401 });
  });
});
