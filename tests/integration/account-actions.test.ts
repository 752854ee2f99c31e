// The account area's server actions as customers A and B and a signed-out visitor: real sessions of the Auth
// stand-in in cookie jars, the real defineAction wrapper, RLS as the caller. Each write is allowed for its owner
// and refused for the others, and bad input changes nothing and says why.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { deleteAccountAddress, reorder, saveAccountAddress, updateAccountProfile } from '@/lib/account/actions';
import { ADDRESS_NOT_FOUND } from '@/lib/account/addresses';
import { loadAccount } from '@/lib/account/dashboard';
import { db } from '@/lib/core/db';
import { newCustomer, type Customer } from '../support/account-people';
import { asRequest, browser } from '../support/next-request';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(async () => {
  await sql.end();
  await db().end();
});

let A: Customer;
let B: Customer;
beforeAll(async () => {
  [A, B] = await Promise.all([newCustomer('acct-a', 'Ada Account'), newCustomer('acct-b')]);
});

const address = {
  address_type: 'shipping' as const,
  address_line1: '214 Mercer Street',
  address_line2: 'Ground Floor',
  city: 'New York',
  state: 'NY',
  postal_code: '10012',
  country: 'US',
  is_default: false,
};

const as = <T>(who: Customer | null, fn: () => Promise<T>) => asRequest(who ? who.browser : browser(), fn);
const rowsOf = (userId: string) =>
  sql<{ id: string; address_type: string; address_line1: string; city: string; is_default: boolean }[]>`
    select id, address_type, address_line1, city, is_default from user_addresses where user_id = ${userId} order by created_at, address_type desc, id`;

describe('addresses', () => {
  it('adds the first shipping address as the default, with a non-default billing copy', async () => {
    const r = await as(A, () => saveAccountAddress({ ...address, use_for_billing: true }));
    expect(r).toMatchObject({ ok: true, message: 'Address saved', data: { address_type: 'shipping', is_default: true } });
    expect(await rowsOf(A.id)).toMatchObject([
      { address_type: 'shipping', is_default: true, address_line1: '214 Mercer Street' },
      { address_type: 'billing', is_default: false, address_line1: '214 Mercer Street' },
    ]);
  });

  it('keeps exactly one default per type when another is set as default', async () => {
    const r = await as(A, () => saveAccountAddress({ ...address, address_line1: '88 Main Street', is_default: true }));
    expect(r.ok).toBe(true);
    const shipping = (await rowsOf(A.id)).filter((a) => a.address_type === 'shipping');
    expect(shipping.map((a) => [a.address_line1, a.is_default])).toEqual([
      ['214 Mercer Street', false],
      ['88 Main Street', true],
    ]);
  });

  it('edits its own address; another customer editing or deleting it finds nothing and changes nothing', async () => {
    const [first] = await rowsOf(A.id);
    const edit = await as(A, () => saveAccountAddress({ ...address, id: first!.id, city: 'Brooklyn' }));
    expect(edit).toMatchObject({ ok: true, message: 'Address updated', data: { city: 'Brooklyn' } });

    const foreignEdit = await as(B, () => saveAccountAddress({ ...address, id: first!.id, city: 'Hijacked' }));
    expect(foreignEdit).toEqual({ ok: false, status: 404, error: ADDRESS_NOT_FOUND });
    const foreignDelete = await as(B, () => deleteAccountAddress({ id: first!.id }));
    expect(foreignDelete).toEqual({ ok: false, status: 404, error: ADDRESS_NOT_FOUND });
    expect((await rowsOf(A.id)).find((a) => a.id === first!.id)?.city).toBe('Brooklyn');
  });

  it('refuses a signed-out visitor for every account action', async () => {
    const [first] = await rowsOf(A.id);
    const results = await Promise.all([
      as(null, () => saveAccountAddress(address)),
      as(null, () => deleteAccountAddress({ id: first!.id })),
      as(null, () => updateAccountProfile({ full_name: 'Nobody', phone_number: '' })),
      as(null, () => reorder({ orderId: first!.id })),
    ]);
    for (const r of results) expect(r).toEqual({ ok: false, status: 401, error: 'Please sign in to continue.' });
    expect(await rowsOf(A.id)).toHaveLength(3);
  });

  it('names a forged user id and 10 kB of text, and stores nothing', async () => {
    const before = (await rowsOf(B.id)).length;
    const forged = await as(B, () => saveAccountAddress({ ...address, user_id: A.id }));
    expect(forged).toMatchObject({ ok: false, status: 400, fieldErrors: { _form: expect.stringMatching(/"user_id"/) } });
    const huge = await as(B, () => saveAccountAddress({ ...address, city: 'x'.repeat(10_240) }));
    expect(huge).toMatchObject({ ok: false, status: 400, fieldErrors: { city: expect.stringMatching(/too long/) } });
    const missing = await as(B, () => saveAccountAddress({ ...address, address_line1: '' }));
    expect(missing).toMatchObject({ ok: false, status: 400, error: 'Street address is required' });
    expect(await rowsOf(B.id)).toHaveLength(before);
    expect(await rowsOf(A.id)).toHaveLength(3);
  });

  it('deleting the default hands it to the newest remaining address of that type', async () => {
    const defaultShipping = (await rowsOf(A.id)).find((a) => a.address_type === 'shipping' && a.is_default)!;
    expect(await as(A, () => deleteAccountAddress({ id: defaultShipping.id }))).toMatchObject({ ok: true, message: 'Address deleted' });
    const shipping = (await rowsOf(A.id)).filter((a) => a.address_type === 'shipping');
    expect(shipping).toHaveLength(1);
    expect(shipping[0]!.is_default).toBe(true);
  });
});

describe('profile', () => {
  it('saves name and phone for the owner only; the summary shows the name, else the e-mail', async () => {
    const r = await as(A, () => updateAccountProfile({ full_name: 'Ada Lovelace', phone_number: '+44 20 7946 0000' }));
    expect(r).toMatchObject({ ok: true, message: 'Profile updated', data: { full_name: 'Ada Lovelace' } });
    const forged = await as(B, () => updateAccountProfile({ full_name: 'Mallory', phone_number: '', user_id: A.id }));
    expect(forged).toMatchObject({ ok: false, status: 400 });
    const [row] = await sql<{ full_name: string }[]>`select full_name from user_profiles where user_id = ${A.id}`;
    expect(row!.full_name).toBe('Ada Lovelace');

    const viewA = await loadAccount({ id: A.id, email: A.email }, { tab: 'profile' });
    expect(viewA).toMatchObject({ displayName: 'Ada Lovelace', profile: { phone: '+44 20 7946 0000' }, content: { tab: 'profile' } });
    const viewB = await loadAccount({ id: B.id, email: B.email }, {});
    expect(viewB.displayName).toBe(B.email);
    expect(viewB.content).toMatchObject({ tab: 'orders', orders: { total: 0, orders: [] } });
  });

  it('refuses a phone that is not a phone number', async () => {
    const r = await as(A, () => updateAccountProfile({ full_name: 'Ada', phone_number: 'call me maybe' }));
    expect(r).toMatchObject({ ok: false, status: 400, fieldErrors: { phone_number: 'Please enter a valid phone number' } });
  });
});

describe('reorder', () => {
  it("gives the owner today's lines and names a product removed since; anyone else finds no order", async () => {
    const tag = `REO-${Date.now().toString(36)}`;
    const [kept] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, stone_details, moq, price_stone1, price_stone2)
      values ('Reorder Ring', ${tag + '-K'}, 'gold', ${sql.json({ Stone1: 'Ruby', Stone2: 'Opal' })}, 2, 31.5, 40)
      returning id`;
    const [removed] = await sql<{ id: string }[]>`
      insert into earrings (name, sku, material, price_stone1) values ('Vanishing Stud', ${tag + '-V'}, 'silver', 12)
      returning id`;
    const [order] = await sql<{ id: string }[]>`
      insert into orders (user_id, total_amount, status) values (${A.id}, 10000, 'completed') returning id`;
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices) values
      (${order!.id}, ${kept!.id}, 'rings', 1, 2500, 'Stone: Opal, Material: Gold', ${sql.json({ stoneType: 'stone2', stoneName: 'Opal', material: 'gold' })}),
      (${order!.id}, ${removed!.id}, 'earrings', 4, 1000, 'Material: Silver', ${sql.json({ material: 'silver' })})`;
    await sql`delete from earrings where id = ${removed!.id}`;

    const r = await as(A, () => reorder({ orderId: order!.id }));
    expect(r).toMatchObject({
      ok: true,
      data: {
        lines: [{ productId: kept!.id, quantity: 2, selectedPrice: 40, specifications: { stoneType: 'stone2', stoneName: 'Opal' } }],
        // The two lines were written in one statement: either may come first.
        changes: expect.arrayContaining([
          { line: 'Reorder Ring (Stone: Opal, Material: Gold)', kind: 'quantity', change: 'quantity raised from 1 to 2 (minimum order 2)' },
          { line: 'Reorder Ring (Stone: Opal, Material: Gold)', kind: 'price', change: 'price up to $40.00 each (was $25.00)' },
          { line: 'Vanishing Stud (Material: Silver)', kind: 'gone', change: 'no longer sold' },
        ]),
      },
    });
    expect(r.ok && r.data.changes).toHaveLength(3);
    expect(await as(B, () => reorder({ orderId: order!.id }))).toEqual({ ok: false, status: 404, error: 'This order was not found.' });
  });
});
