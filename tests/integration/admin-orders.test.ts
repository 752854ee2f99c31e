// The orders screen's server side as the demo admin (real session, RLS, the real `stripe` SDK against the stand-in,
// whose webhooks reach the app's webhook route in this process): status changes with their history, bad input,
// paging and filters, the CSV export, and refunds — full, partial, too large, unpaid, idempotent under concurrent
// requests, and refunds made in Stripe's own dashboard.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';

import { refundOrderPayment, updateOrderStatus, updateOrdersStatus } from '@/lib/admin/orders/actions';
import { randomUUID } from 'node:crypto';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { GET as exportOrders } from '@/app/api/admin/orders/export/route';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, fingerprint, newKey, paidOrder, type Callers } from './admin-support';
import { sdk, setDelivery, sql, startWebhookEndpoint, waitForDeliveries, type WebhookEndpoint, restoreDelivery } from './checkout-support';
import { ADMIN_DASHBOARD_TAG } from '@/lib/core/cache/tags';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let endpoint: WebhookEndpoint;
let adminActor: { role: 'authenticated'; userId: string; email: string };

beforeAll(async () => {
  who = await callers();
  endpoint = await startWebhookEndpoint();
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100, 200, 400] });
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  adminActor = { role: 'authenticated', userId: admin!.id, email: DEMO_USERS.admin.email };
});

afterAll(async () => {
  await waitForDeliveries();
  await restoreDelivery();
  await endpoint.close();
  await closeSupport();
});

const asAdmin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

async function money(orderId: string) {
  return sql<{ kind: string; provider_transaction_id: string; amount: string; status: string; idempotency_key: string | null; created_by: string | null }[]>`
    select kind, provider_transaction_id, amount, status, idempotency_key, created_by from transactions
     where order_id = ${orderId} order by created_at, id`;
}

async function history(orderId: string) {
  return sql<{ kind: string; from_status: string | null; to_status: string | null; amount: string | null; actor_email: string | null }[]>`
    select kind, from_status, to_status, amount, actor_email from order_events where order_id = ${orderId} order by id`;
}

describe('status changes', () => {
  it('sets any status from any other, and records who changed what', async () => {
    const order = await paidOrder(sql, 5_000, 'pending');
    let previousStatus = 'pending';
    for (const status of ['processing', 'dispatched', 'completed', 'pending'] as const) {
      const result = await asAdmin(() => updateOrderStatus({ orderId: order.id, status }));
      // An order without a buyer's e-mail address (placed before checkout asked for one) gets no dispatch mail.
      expect(result).toEqual({ ok: true, data: { orderId: order.id, status, previousStatus, mailQueued: false }, message: 'Order status updated successfully' });
      previousStatus = status;
    }
    expect(await history(order.id)).toEqual([
      { kind: 'status', from_status: 'pending', to_status: 'processing', amount: null, actor_email: DEMO_USERS.admin.email },
      { kind: 'status', from_status: 'processing', to_status: 'dispatched', amount: null, actor_email: DEMO_USERS.admin.email },
      { kind: 'status', from_status: 'dispatched', to_status: 'completed', amount: null, actor_email: DEMO_USERS.admin.email },
      { kind: 'status', from_status: 'completed', to_status: 'pending', amount: null, actor_email: DEMO_USERS.admin.email },
    ]);
    const page = await loadAdminOrders(adminActor, { status: 'pending', sort: 'newest', page: 1 }, 'America/New_York');
    const shown = page.orders.find((o) => o.id === order.id)!;
    expect(shown.history.map((e) => [e.from, e.to, e.actor])).toEqual([
      ['pending', 'processing', DEMO_USERS.admin.email],
      ['processing', 'dispatched', DEMO_USERS.admin.email],
      ['dispatched', 'completed', DEMO_USERS.admin.email],
      ['completed', 'pending', DEMO_USERS.admin.email],
    ]);
    expect(shown.refundableCents).toBe(5_000);
    expect(shown.items).toHaveLength(1);
    expect(shown.payments[0]).toMatchObject({ kind: 'payment', transactionId: order.paymentIntent, amountCents: 5_000 });
  });

  it('dispatches with a carrier and tracking number, and queues one dispatch mail per dispatch', async () => {
    const order = await paidOrder(sql, 7_500, 'processing');
    await sql`update orders set customer_email = 'buyer@boutique.example' where id = ${order.id}`;
    const dispatch = () =>
      asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'dispatched', carrier: 'UPS', trackingNumber: ' 1Z999AA10123456784 ' }));
    expect(await dispatch()).toMatchObject({ ok: true, data: { status: 'dispatched', mailQueued: true } });
    // The same status again: nothing new is sent.
    expect(await dispatch()).toMatchObject({ ok: true, data: { status: 'dispatched', mailQueued: false } });
    const mails = () => sql<{ kind: string; to_address: string; payload: Record<string, unknown> }[]>`
      select kind, to_address, payload from mail_outbox where order_id = ${order.id} order by id`;
    expect(await mails()).toEqual([
      {
        kind: 'dispatched',
        to_address: 'buyer@boutique.example',
        payload: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      },
    ]);
    const [stored] = await sql`select carrier, tracking_number, dispatched_at from orders where id = ${order.id}`;
    expect(stored).toMatchObject({ carrier: 'UPS', tracking_number: '1Z999AA10123456784', dispatched_at: expect.any(Date) });
    const page = await loadAdminOrders(adminActor, { status: 'dispatched', sort: 'newest', page: 1 }, 'America/New_York');
    expect(page.orders.find((o) => o.id === order.id)).toMatchObject({
      customerEmail: 'buyer@boutique.example',
      dispatch: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: expect.stringContaining('ups.com') },
    });
    // Set back and dispatched again: a second dispatch, a second mail.
    await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'processing' }));
    expect(await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'dispatched' }))).toMatchObject({ data: { mailQueued: true } });
    expect((await mails()).map((m) => m.kind)).toEqual(['dispatched', 'dispatched']);
    // A tracking number on two lines could forge a mail header: refused at the boundary.
    const forged = await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'dispatched', trackingNumber: '1Z\r\nBcc: x@y.example' }));
    expect(forged).toMatchObject({ ok: false, status: 400, error: 'Tracking number must not contain control characters' });
  });

  it('refuses bad input with a clear message, writes nothing and never answers 500', async () => {
    const [order] = await sql<{ id: string }[]>`select id from orders order by created_at desc limit 1`;
    const before = await fingerprint(sql);
    const cases: [unknown, number, string][] = [
      [{ orderId: order!.id, status: 'shipped' }, 400, 'Unknown order status: choose one of pending, processing, dispatched, completed, cancelled, refunded.'],
      [{ orderId: 'not-an-id', status: 'completed' }, 400, 'That is not an order id.'],
      [{ orderId: "1' or '1'='1", status: 'completed' }, 400, 'That is not an order id.'],
      [{ orderId: '00000000-0000-4000-8000-000000000000', status: 'completed' }, 404, 'That order does not exist.'],
      [{ status: 'completed' }, 400, 'The order id is missing.'],
      [{ orderId: order!.id }, 400, 'Choose a status.'],
      [{ orderId: order!.id, status: 'completed\u0000' }, 400, 'Unknown order status: choose one of pending, processing, dispatched, completed, cancelled, refunded.'],
      ['a string', 400, 'Send the order id and its new status.'],
    ];
    for (const [input, status, error] of cases) {
      const result = await asAdmin(() => updateOrderStatus(input));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, status, error });
    }
    expect(await fingerprint(sql)).toBe(before);
  });
});

describe('the orders list', () => {
  it('pages 20 at a time, newest or oldest first, filtered by status', async () => {
    const [{ all, pending }] = await sql<[{ all: number; pending: number }]>`
      select count(*)::int as all, count(*) filter (where status = 'pending')::int as pending from orders`;
    const first = await loadAdminOrders(adminActor, { status: null, sort: 'newest', page: 1 }, 'America/New_York');
    expect(first.total).toBe(all);
    expect(first.orders).toHaveLength(20);
    expect(first.totalPages).toBe(Math.ceil(all / 20));
    const dates = first.orders.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = await loadAdminOrders(adminActor, { status: null, sort: 'newest', page: 2 }, 'America/New_York');
    expect(second.orders[0]!.createdAt <= first.orders[19]!.createdAt).toBe(true);
    expect(new Set([...first.orders, ...second.orders].map((o) => o.id)).size).toBe(40);
    const oldest = await loadAdminOrders(adminActor, { status: null, sort: 'oldest', page: 1 }, 'America/New_York');
    expect(oldest.orders[0]!.createdAt <= oldest.orders[1]!.createdAt).toBe(true);
    const filtered = await loadAdminOrders(adminActor, { status: 'pending', sort: 'newest', page: 1 }, 'America/New_York');
    expect(filtered.total).toBe(pending);
    expect(filtered.orders.every((o) => o.status === 'pending')).toBe(true);
    const beyond = await loadAdminOrders(adminActor, { status: null, sort: 'newest', page: 100_000 }, 'America/New_York');
    expect(beyond.page).toBe(first.totalPages);
    expect(beyond.orders.length).toBe(all - (first.totalPages - 1) * 20);
    // The last pages are read from the other end of the index, and come back in the screen's order.
    expect(beyond.orders.at(-1)!.id).toBe(oldest.orders[0]!.id);
    const lastDates = beyond.orders.map((o) => o.createdAt);
    expect([...lastDates].sort().reverse()).toEqual(lastDates);
  });

  it('exports every order once when many share one created_at, across batches, in both orders', async () => {
    const stamp = `SAME-${Date.now()}`;
    const refs = Array.from({ length: 2_345 }, (_, i) => `${stamp}-${i}`);
    await sql`insert into orders ${sql(refs.map((order_reference) => ({ order_reference, status: 'refunded', total_amount: 100 })))}`;
    try {
      for (const sort of ['newest', 'oldest']) {
        const response = await asAdmin(() => exportOrders(new Request(`http://localhost/api/admin/orders/export?status=refunded&sort=${sort}`)));
        const listed = [...(await response.text()).matchAll(new RegExp(`${stamp}-\\d+`, 'g'))].map((m) => m[0]);
        expect(listed.length, sort).toBe(refs.length);
        expect(new Set(listed).size, sort).toBe(refs.length);
      }
    } finally {
      await sql`delete from orders where order_reference like ${stamp + '-%'}`;
    }
  });

  it('exports the current filter as CSV, every row, formulas escaped', async () => {
    const order = await paidOrder(sql, 4_200, 'dispatched');
    await sql`update orders set customer_name = '=HYPERLINK("http://evil.test","Click")', customer_email = 'buyer@boutique.example',
                                carrier = 'UPS', tracking_number = '1Z999AA10123456784' where id = ${order.id}`;
    const response = await asAdmin(() => exportOrders(new Request('http://localhost/api/admin/orders/export?status=dispatched&sort=oldest')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-dispatched-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await response.text()).replace(/^\ufeff/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Order Ref,Order ID,Date,Customer,Email,Phone,Status,Items,Total,Goods,Shipping,Shipping Method,Tax,Refunded,Transaction ID,City,State,Country,' +
        'Carrier,Tracking Number,Company,PO Number',
    );
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from orders where status = 'dispatched'`;
    expect(lines).toHaveLength(n + 1);
    const row = lines.find((l) => l.includes(order.id))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(row).toContain(',buyer@boutique.example,');
    // Total, Goods, Shipping, Shipping Method, Tax: an order from before shipping and tax has its total as goods
    // (order-charges.test.ts has orders that charge them).
    expect(row).toContain(',dispatched,1,42.00,42.00,0.00,,0.00,0.00,');
    expect(row.endsWith(',UPS,1Z999AA10123456784,,')).toBe(true);
    expect(lines.slice(1).every((l) => l.includes(',dispatched,'))).toBe(true);
  });
});

describe('the search box', () => {
  const NY = 'America/New_York';
  it('finds orders by reference, name, e-mail and PO, with the status filter, pages and the count', async () => {
    const tag = `srch${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const [o] = await sql<{ id: string }[]>`
        insert into orders (order_reference, customer_name, customer_email, purchase_order, status, total_amount)
        values (${`${tag.toUpperCase()}-${i}`}, ${`Marion ${tag}`}, ${`${tag}.${i}@example.com`}, ${`PO${tag}X${i}`},
                ${i < 5 ? 'pending' : 'processing'}, ${1000 + i})
        returning id`;
      ids.push(o!.id);
    }
    const search = (q: string, status: 'pending' | null = null, page = 1) => loadAdminOrders(adminActor, { q, status, sort: 'newest', page }, NY);
    const byName = await search(`marion ${tag}`);
    expect(byName.total).toBe(23);
    expect(byName.searchCapped).toBe(false);
    expect(byName.totalPages).toBe(2);
    expect(byName.orders).toHaveLength(20);
    const second = await search(`marion ${tag}`, null, 2);
    expect(second.orders).toHaveLength(3);
    expect(new Set([...byName.orders, ...second.orders].map((o) => o.id))).toEqual(new Set(ids));
    const pending = await search(tag, 'pending');
    expect(pending.total).toBe(5);
    expect(pending.orders.every((o) => o.status === 'pending')).toBe(true);
    expect((await search(`${tag}.7@example.com`)).orders.map((o) => o.id)).toEqual([ids[7]]);
    expect((await search(`${tag.toUpperCase()}-12`)).orders.map((o) => o.id)).toEqual([ids[12]]);
    expect((await search(`po${tag}x13`)).orders.map((o) => o.id)).toEqual([ids[13]]);
    // A 1-letter word is ignored; a search of nothing but such words is no search.
    expect((await search(`${tag}.7@example.com x`)).total).toBe(1);
    const none = await search(`nobody${tag}`);
    expect(none).toMatchObject({ total: 0, orders: [], searchCapped: false });
  });

  it('says so when a search finds more orders than it shows: the newest 50 by name', async () => {
    const tag = `many${randomUUID().slice(0, 8)}`;
    await sql`
      insert into orders (order_reference, customer_name, customer_email, status, total_amount, created_at)
      select ${tag.toUpperCase()} || '-' || i, ${`Rosa ${tag}`}, ${tag} || '.' || i || '@example.com', 'processing', 1000,
             now() - make_interval(mins => i)
        from generate_series(1, 55) i`;
    const found = await loadAdminOrders(adminActor, { q: `rosa ${tag}`, status: null, sort: 'newest', page: 1 }, NY);
    expect(found).toMatchObject({ total: 50, searchCapped: true });
    // The newest 50: the five oldest are not among them.
    expect(found.orders[0]!.reference).toBe(`${tag.toUpperCase()}-1`);
  });
});

describe('bulk status change', () => {
  const statuses = async (ids: string[]) =>
    (await sql<{ status: string }[]>`select status from orders where id in ${sql(ids)} order by id`).map((r) => r.status);

  it('changes every selected order in one go, with each one in the history', async () => {
    const orders = [await paidOrder(sql, 1_000, 'pending'), await paidOrder(sql, 1_100, 'pending'), await paidOrder(sql, 1_200, 'processing')];
    const ids = orders.map((o) => o.id);
    const result = await asAdmin(() => updateOrdersStatus({ orderIds: ids, status: 'processing' }));
    expect(result).toEqual({ ok: true, data: { status: 'processing', changed: 2, mailQueued: false }, message: '2 orders set to Processing' });
    expect(await statuses(ids)).toEqual(['processing', 'processing', 'processing']);
    expect((await history(ids[0]!)).at(-1)).toMatchObject({ from_status: 'pending', to_status: 'processing', actor_email: DEMO_USERS.admin.email });
  });

  it('is all or nothing: an unknown id or a refused change rolls every order back', async () => {
    const orders = [await paidOrder(sql, 1_000, 'pending'), await paidOrder(sql, 1_100, 'pending')];
    const ids = orders.map((o) => o.id);
    const missing = await asAdmin(() => updateOrdersStatus({ orderIds: [...ids, randomUUID()], status: 'completed' }));
    expect(missing).toMatchObject({ ok: false, status: 404 });
    expect(await statuses(ids)).toEqual(['pending', 'pending']);
    const dispatch = await asAdmin(() => updateOrdersStatus({ orderIds: ids, status: 'dispatched' }));
    expect(dispatch).toMatchObject({ ok: false, status: 400, error: 'Use Dispatch… to dispatch the selected orders: each needs its tracking number.' });
    expect(await statuses(ids)).toEqual(['pending', 'pending']);
    expect((await history(ids[0]!)).filter((e) => e.kind === 'status')).toEqual([]);
  });

  it('refuses more than 100 orders, or none, with 400', async () => {
    const tooMany = await asAdmin(() => updateOrdersStatus({ orderIds: Array.from({ length: 101 }, () => randomUUID()), status: 'completed' }));
    expect(tooMany).toMatchObject({ ok: false, status: 400 });
    if (!tooMany.ok) expect(tooMany.error).toContain('Choose at most 100 orders at once.');
    expect(await asAdmin(() => updateOrdersStatus({ orderIds: [], status: 'completed' }))).toMatchObject({ ok: false, status: 400 });
  });
});

describe('confirm and undo', () => {
  it('refuses a change made against a status someone else has changed meanwhile, and writes nothing', async () => {
    const order = await paidOrder(sql, 3_000, 'processing');
    await sql`update orders set status = 'completed' where id = ${order.id}`;
    const before = await fingerprint(sql);
    const stale = await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'pending', expected: 'processing' }));
    expect(stale).toMatchObject({ ok: false, status: 409, error: 'This order is now Completed: someone changed it meanwhile. Nothing was changed.' });
    expect(await fingerprint(sql)).toBe(before);
  });

  it('undoes a change through the same action: the dispatch comes back without a second mail, details kept', async () => {
    const order = await paidOrder(sql, 4_000, 'processing');
    await sql`update orders set customer_email = 'undo@boutique.example' where id = ${order.id}`;
    await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'dispatched', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }));
    const done = await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'completed', expected: 'dispatched' }));
    expect(done).toMatchObject({ ok: true, data: { status: 'completed', previousStatus: 'dispatched' } });
    const undone = await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'dispatched', expected: 'completed', undo: true }));
    expect(undone).toMatchObject({ ok: true, data: { status: 'dispatched', previousStatus: 'completed', mailQueued: false } });
    const [stored] = await sql`select status, carrier, tracking_number from orders where id = ${order.id}`;
    expect(stored).toEqual({ status: 'dispatched', carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    expect(await sql`select kind from mail_outbox where order_id = ${order.id}`).toHaveLength(1);
    expect((await history(order.id)).map((e) => e.to_status)).toEqual(['dispatched', 'completed', 'dispatched']);
    // An Undo after someone else moved the order on changes nothing.
    await sql`update orders set status = 'pending' where id = ${order.id}`;
    const late = await asAdmin(() => updateOrderStatus({ orderId: order.id, status: 'completed', expected: 'dispatched', undo: true }));
    expect(late).toMatchObject({ ok: false, status: 409 });
  });
});

describe('refunds through Stripe', () => {
  it('a partial refund keeps the status; the list shows it with the net paid; a cancellation can carry the refund', async () => {
    const order = await paidOrder(sql, 279_480, 'processing');
    const part = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 10_000, idempotencyKey: newKey() }));
    expect(part).toMatchObject({ ok: true, data: { status: 'processing', previousStatus: 'processing', refundableCents: 269_480 } });
    await waitForDeliveries();
    const page = await loadAdminOrders(adminActor, { status: 'processing', sort: 'newest', page: 1 }, 'America/New_York');
    const shown = page.orders.find((o) => o.id === order.id)!;
    expect(shown.status).toBe('processing');
    expect(shown.money).toEqual({ paidCents: 279_480, refundedCents: 10_000, netCents: 269_480 });
    expect(shown.refundableCents).toBe(269_480);
    // Cancelling with the refund of the rest: one transaction, the order Cancelled (not Refunded).
    const cancel = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 269_480, idempotencyKey: newKey(), cancel: true }));
    expect(cancel).toMatchObject({ ok: true, data: { status: 'cancelled', previousStatus: 'processing', refundableCents: 0 } });
    expect((await history(order.id)).filter((e) => e.kind === 'status').map((e) => [e.from_status, e.to_status])).toEqual([['processing', 'cancelled']]);
  });


  it('refunds the full amount, marks the order refunded, and records both in the history', async () => {
    const order = await paidOrder(sql, 12_500);
    const key = newKey();
    const result = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 12_500, idempotencyKey: key }));
    expect(result).toMatchObject({ ok: true, message: 'Refunded $125.00 through Stripe', data: { amountCents: 12_500, replayed: false, status: 'refunded' } });
    await waitForDeliveries();
    const rows = await money(order.id);
    expect(rows.map((r) => [r.kind, r.amount, r.status])).toEqual([
      ['payment', '12500', 'completed'],
      ['refund', '12500', 'succeeded'],
    ]);
    expect(rows[1]).toMatchObject({ idempotency_key: key, created_by: adminActor.userId });
    expect(rows[1]!.provider_transaction_id).toMatch(/^re_/);
    expect(await history(order.id)).toEqual([
      { kind: 'refund', from_status: null, to_status: null, amount: '12500', actor_email: DEMO_USERS.admin.email },
      { kind: 'status', from_status: 'completed', to_status: 'refunded', amount: null, actor_email: DEMO_USERS.admin.email },
    ]);
    const charge = await sdk.charges.retrieve((await sdk.paymentIntents.retrieve(order.paymentIntent)).latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 12_500, refunded: true });
    // The webhook's charge.refunded found the refund already recorded: nothing doubled.
    expect(endpoint.statuses.every((s) => s === 200)).toBe(true);
  });

  it('refunds part, then the rest, and refuses more than what is left', async () => {
    const order = await paidOrder(sql, 10_000);
    const first = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 2_550, idempotencyKey: newKey() }));
    expect(first).toMatchObject({ ok: true, data: { status: 'completed' } });
    const before = await fingerprint(sql);
    const tooMuch = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 7_451, idempotencyKey: newKey() }));
    expect(tooMuch).toEqual({
      ok: false,
      status: 400,
      error: 'The refund cannot be more than $74.50, what is left of the payment.',
      fieldErrors: { amountCents: 'The refund cannot be more than $74.50, what is left of the payment.' },
    });
    expect(await fingerprint(sql)).toBe(before);
    const rest = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 7_450, idempotencyKey: newKey() }));
    expect(rest).toMatchObject({ ok: true, data: { status: 'refunded' } });
    const nothingLeft = await asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 1, idempotencyKey: newKey() }));
    expect(nothingLeft).toMatchObject({ ok: false, status: 409, error: 'This order has already been refunded in full.' });
    await waitForDeliveries();
    expect((await money(order.id)).filter((r) => r.kind === 'refund').map((r) => r.amount)).toEqual(['2550', '7450']);
    expect((await sdk.refunds.list({ payment_intent: order.paymentIntent })).data.map((r) => r.amount).sort()).toEqual([2_550, 7_450]);
  });

  it('refunds once for two concurrent requests with the same key (a double click or a retry)', async () => {
    const order = await paidOrder(sql, 9_900);
    const key = newKey();
    const request = () => asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 9_900, idempotencyKey: key }));
    const results = await Promise.all([request(), request(), request()]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.data.replayed)).toHaveLength(1);
    await waitForDeliveries();
    expect((await sdk.refunds.list({ payment_intent: order.paymentIntent })).data).toHaveLength(1);
    expect((await money(order.id)).filter((r) => r.kind === 'refund')).toHaveLength(1);
    expect((await history(order.id)).map((e) => e.kind)).toEqual(['refund', 'status']);
    // And again later, as a retried request: the same answer, nothing new.
    const retry = await request();
    expect(retry).toMatchObject({ ok: true, data: { replayed: true, amountCents: 9_900 }, message: 'This refund of $99.00 was already made' });
  });

  it('lets only one of two concurrent full refunds with different keys through', async () => {
    const order = await paidOrder(sql, 6_000);
    const request = () => asAdmin(() => refundOrderPayment({ orderId: order.id, amountCents: 6_000, idempotencyKey: newKey() }));
    const results = await Promise.all([request(), request()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409, error: 'This order has already been refunded in full.' });
    expect((await sdk.refunds.list({ payment_intent: order.paymentIntent })).data).toHaveLength(1);
  });

  it('refuses orders Stripe cannot refund, with Stripe’s reason, and writes nothing', async () => {
    const [seeded] = await sql<{ id: string }[]>`
      select o.id from orders o join transactions t on t.order_id = o.id
       where t.provider_transaction_id like 'pi_seed_%' and t.status = 'completed' and t.kind = 'payment' limit 1`;
    const [unpaid] = await sql<{ id: string }[]>`
      select o.id from orders o where not exists (select 1 from transactions t where t.order_id = o.id and t.status = 'completed') limit 1`;
    const before = await fingerprint(sql);
    const stripeRefused = await asAdmin(() => refundOrderPayment({ orderId: seeded!.id, amountCents: 100, idempotencyKey: newKey() }));
    expect(stripeRefused).toMatchObject({ ok: false, status: 502 });
    if (!stripeRefused.ok) expect(stripeRefused.error).toMatch(/^Stripe did not make the refund: No such payment_intent: 'pi_seed_/);
    const noPayment = await asAdmin(() => refundOrderPayment({ orderId: unpaid!.id, amountCents: 100, idempotencyKey: newKey() }));
    expect(noPayment).toMatchObject({ ok: false, status: 409, error: 'This order has no card payment to refund.' });
    const bad: [unknown, string][] = [
      [{ orderId: seeded!.id, amountCents: 0, idempotencyKey: newKey() }, 'The refund must be more than $0.00.'],
      [{ orderId: seeded!.id, amountCents: 10.5, idempotencyKey: newKey() }, 'The amount must be in whole cents.'],
      [{ orderId: seeded!.id, amountCents: '100', idempotencyKey: newKey() }, 'Enter the amount to refund.'],
      [{ orderId: seeded!.id, amountCents: 100, idempotencyKey: 'short' }, 'The refund request key is not valid; open the dialog again.'],
      [{ orderId: seeded!.id, amountCents: 100 }, 'The refund request has no key; open the dialog again.'],
      [{ orderId: '00000000-0000-4000-8000-000000000000', amountCents: 100, idempotencyKey: newKey() }, 'That order does not exist.'],
    ];
    for (const [input, error] of bad) {
      const result = await asAdmin(() => refundOrderPayment(input));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error });
    }
    expect(await fingerprint(sql)).toBe(before);
  });

  it('records refunds made in Stripe’s dashboard from the webhook, once, and marks a full one refunded', async () => {
    const order = await paidOrder(sql, 8_000);
    vi.mocked(revalidateTag).mockClear();
    await sdk.refunds.create({ payment_intent: order.paymentIntent, amount: 3_000 });
    await waitForDeliveries();
    // The dashboard's figures drop their cache for it.
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith(ADMIN_DASHBOARD_TAG);
    let rows = (await money(order.id)).filter((r) => r.kind === 'refund');
    expect(rows.map((r) => [r.amount, r.status, r.idempotency_key, r.created_by])).toEqual([['3000', 'succeeded', null, null]]);
    const [partly] = await sql<{ status: string }[]>`select status from orders where id = ${order.id}`;
    expect(partly!.status).toBe('completed');

    await setDelivery({ copies: 3 });
    await sdk.refunds.create({ payment_intent: order.paymentIntent });
    await waitForDeliveries();
    await setDelivery({ copies: 1 });
    rows = (await money(order.id)).filter((r) => r.kind === 'refund');
    expect(rows.map((r) => r.amount)).toEqual(['3000', '5000']);
    const [full] = await sql<{ status: string }[]>`select status from orders where id = ${order.id}`;
    expect(full!.status).toBe('refunded');
    // Made outside the shop: the history names no admin.
    expect(await history(order.id)).toEqual([
      { kind: 'refund', from_status: null, to_status: null, amount: '3000', actor_email: null },
      { kind: 'refund', from_status: null, to_status: null, amount: '5000', actor_email: null },
      { kind: 'status', from_status: 'completed', to_status: 'refunded', amount: null, actor_email: null },
    ]);
  });
});
