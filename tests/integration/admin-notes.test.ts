// Staff notes on orders and customers, as the demo admin with a real session under RLS: a note is signed with its
// writer and time and listed newest first; bad input and unknown subjects are refused; a buyer reads none, not even
// on their own order, and cannot write one, through the API role the Data API would use.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { addStaffNote, readStaffNotes } from '@/lib/admin/notes/actions';
import { withActor } from '@/lib/core/db';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, paidOrder, type Callers } from './admin-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let orderId: string;
let customerKey: string;
let buyer: { id: string; email: string };

beforeAll(async () => {
  who = await callers();
  orderId = (await paidOrder(sql, 4_200, 'processing')).id;
  const [row] = await sql<{ user_id: string }[]>`select id as user_id from auth.users where email = ${DEMO_USERS.customer.email}`;
  buyer = { id: row!.user_id, email: DEMO_USERS.customer.email };
  // The demo customer's own order: a buyer never reads staff's notes, even on their own orders.
  await sql`update orders set user_id = ${buyer.id} where id = ${orderId}`;
  customerKey = buyer.id;
});

afterAll(async () => {
  await sql`delete from staff_notes where order_id = ${orderId} or customer_key = ${customerKey}`;
  await sql`delete from orders where id = ${orderId}`;
  await closeSupport();
});

const asAdmin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

describe('staff notes', () => {
  it('signs each note with its writer and lists the newest first, on an order and on a customer', async () => {
    expect(await asAdmin(() => addStaffNote({ orderId, body: '  Called: ship with the Friday run.  ' }))).toMatchObject({ ok: true, message: 'Note added' });
    const second = await asAdmin(() => addStaffNote({ orderId, body: 'Gift wrap\nno invoice in the box' }));
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.data.map((n) => [n.body, n.author])).toEqual([
      ['Gift wrap\nno invoice in the box', DEMO_USERS.admin.email],
      ['Called: ship with the Friday run.', DEMO_USERS.admin.email],
    ]);
    expect(second.data[0]!.at).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{3,4}$/);
    const listed = await asAdmin(() => readStaffNotes({ orderId }));
    expect(listed).toMatchObject({ ok: true, data: second.data });

    expect(await asAdmin(() => addStaffNote({ customerKey, body: 'Prefers invoices by post.' }))).toMatchObject({ ok: true });
    const customer = await asAdmin(() => readStaffNotes({ customerKey }));
    expect(customer.ok && customer.data.map((n) => n.body)).toEqual(['Prefers invoices by post.']);
  });

  it('refuses an empty or oversized note, control characters, two subjects and unknown ones', async () => {
    const cases: [unknown, number, string][] = [
      [{ orderId, body: '   ' }, 400, 'Write the note first.'],
      [{ orderId, body: 'x'.repeat(2001) }, 400, 'The note is too long (2000 characters at most)'],
      [{ orderId, body: 'bad\u0000note' }, 400, 'The note must not contain control characters'],
      [{ orderId: '00000000-0000-4000-8000-000000000000', body: 'Lost' }, 404, 'That order does not exist.'],
      [{ customerKey: 'g-00000000000000000000000000000000', body: 'Lost' }, 404, 'That customer does not exist.'],
    ];
    for (const [input, status, message] of cases) {
      const result = await asAdmin(() => addStaffNote(input));
      expect(result, JSON.stringify(input).slice(0, 60)).toMatchObject({ ok: false, status });
      if (!result.ok) expect(JSON.stringify(result)).toContain(message);
    }
    expect(await asAdmin(() => addStaffNote({ orderId, customerKey, body: 'Both' }))).toMatchObject({ ok: false, status: 400 });
    expect(await asAdmin(() => addStaffNote({ customerKey: 'someone@example.test', body: 'An e-mail is no key' }))).toMatchObject({ ok: false, status: 400 });
  });

  it('shows a buyer none of them and lets them write none, under the API role', async () => {
    const asBuyer = { role: 'authenticated' as const, userId: buyer.id, email: buyer.email };
    expect(await withActor(asBuyer, (tx) => tx`select id from public.staff_notes where order_id = ${orderId}`)).toHaveLength(0);
    await expect(
      withActor(asBuyer, (tx) => tx`insert into public.staff_notes (order_id, body, author_id) values (${orderId}, 'forged', ${buyer.id})`),
    ).rejects.toMatchObject({ code: '42501' });
    expect(await as(who.customer, () => readStaffNotes({ orderId }))).toMatchObject({ ok: false, status: 403 });
  });
});
