// Partial shipments and bulk dispatch, as the demo admin (real session, RLS): a parcel of some lines, a refused
// over-shipment, the last parcel setting the order dispatched in its transaction, the mail each parcel queues and what
// it says, the whole-order dispatch as one parcel of what is left, the buyer reading their own parcels only (and
// writing none), and bulk dispatch with a tracking number per order, all or nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatchOrdersBulk, shipOrderItems, updateOrderStatus } from '@/lib/admin/orders/actions';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { parseOrdersQuery } from '@/lib/admin/orders/params';
import { withActor, type DbActor } from '@/lib/core/db';
import { listCustomerOrders } from '@/lib/account/orders';
import { lineChoices } from '@/lib/purchase/line-choices';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, fingerprint, paidOrder, type Callers } from './admin-support';
import { sql } from './checkout-support';
import { newSender, parkEarlierMail, receivedBy } from './mail-support';
import { attemptAs } from './rls-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
type UserActor = Extract<DbActor, { role: 'authenticated' }>;
let adminActor: UserActor;
let customerActor: UserActor;

beforeAll(async () => {
  who = await callers();
  const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  const [customer] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.customer.email}`;
  adminActor = { role: 'authenticated', userId: admin!.id, email: DEMO_USERS.admin.email };
  customerActor = { role: 'authenticated', userId: customer!.id, email: DEMO_USERS.customer.email };
});

afterAll(async () => {
  await closeSupport();
});

const asAdmin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

interface Fixture {
  id: string;
  reference: string;
  email: string;
  /** Line ids: a ring of 3, a necklace of 2. */
  ring: string;
  necklace: string;
}

/** A processing order of the demo customer with two lines and an e-mail address. */
async function twoLineOrder(status = 'processing'): Promise<Fixture> {
  const order = await paidOrder(sql, 9_000, status);
  const email = `ship-${randomUUID().slice(0, 8)}@mail.test`;
  const [row] = await sql<{ order_reference: string }[]>`
    update orders set customer_email = ${email}, user_id = ${customerActor.userId} where id = ${order.id} returning order_reference`;
  await sql`delete from order_items where order_id = ${order.id}`;
  const [ring] = await sql<{ id: string; name: string }[]>`select id, name from rings order by created_at limit 1`;
  const [necklace] = await sql<{ id: string }[]>`select id from necklaces order by created_at limit 1`;
  const [a] = await sql<{ id: string }[]>`
    insert into order_items (order_id, product_id, product_category, quantity, unit_price, choices)
    values (${order.id}, ${ring!.id}, 'rings', 3, 2000, ${sql.json(lineChoices({ material: 'gold', size: '7' }))}) returning id`;
  const [b] = await sql<{ id: string }[]>`
    insert into order_items (order_id, product_id, product_category, quantity, unit_price, choices)
    values (${order.id}, ${necklace!.id}, 'necklaces', 2, 1500, ${sql.json(lineChoices({ material: 'silver', size: '18' }))}) returning id`;
  return { id: order.id, reference: row!.order_reference, email, ring: a!.id, necklace: b!.id };
}

const shipments = (orderId: string) =>
  sql<{ id: string; carrier: string | null; tracking_number: string | null; lines: { item: string; quantity: number }[] }[]>`
    select s.id, s.carrier, s.tracking_number,
           (select json_agg(json_build_object('item', l.order_item_id, 'quantity', l.quantity) order by l.order_item_id)
              from shipment_lines l where l.shipment_id = s.id) as lines
      from shipments s where s.order_id = ${orderId} order by s.id`;
const outbox = (orderId: string) =>
  sql<{ kind: string; to_address: string; payload: Record<string, unknown> }[]>`
    select kind, to_address, payload from mail_outbox where order_id = ${orderId} order by id`;
const status = async (orderId: string) => (await sql<{ status: string }[]>`select status from orders where id = ${orderId}`)[0]!.status;

describe('partial shipments', () => {
  it('ships some lines, refuses more than is left, and the last parcel sets the order dispatched with its mail', async () => {
    const o = await twoLineOrder();
    const first = await asAdmin(() =>
      shipOrderItems({ orderId: o.id, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [{ orderItemId: o.ring, quantity: 2 }, { orderItemId: o.necklace, quantity: 0 }] }),
    );
    expect(first).toMatchObject({ ok: true, data: { dispatched: false, mailQueued: true }, message: `${o.reference}: shipment saved` });
    expect(await status(o.id)).toBe('processing');
    expect((await shipments(o.id)).map((s) => s.lines)).toEqual([[{ item: o.ring, quantity: 2 }]]);

    // Two more rings than are left: refused with the line's name, and nothing is written.
    const before = await fingerprint(sql);
    const count = (await shipments(o.id)).length;
    const over = await asAdmin(() => shipOrderItems({ orderId: o.id, lines: [{ orderItemId: o.ring, quantity: 2 }] }));
    expect(over).toMatchObject({ ok: false, status: 409 });
    if (!over.ok) expect(over.error).toMatch(/^Only 1 of .+ is left to ship\.$/);
    expect(await fingerprint(sql)).toBe(before);
    expect(await shipments(o.id)).toHaveLength(count);

    // The admin's view: one parcel, and what is left.
    const [view] = (await loadAdminOrders(adminActor, parseOrdersQuery({}), 'America/New_York', o.id)).orders;
    expect(view!.shipments.shipments).toHaveLength(1);
    expect(view!.shipments.shipments[0]).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: expect.stringContaining('ups.com') });
    expect(view!.shipments.left.map((l) => [l.orderItemId, l.quantity])).toEqual([[o.ring, 1], [o.necklace, 2]]);

    const last = await asAdmin(() =>
      shipOrderItems({ orderId: o.id, carrier: 'FedEx', trackingNumber: '7749 1234', lines: [{ orderItemId: o.necklace, quantity: 2 }, { orderItemId: o.ring, quantity: 1 }] }),
    );
    expect(last).toMatchObject({ ok: true, data: { dispatched: true, mailQueued: true } });
    const [order] = await sql`select status, carrier, tracking_number, dispatched_at from orders where id = ${o.id}`;
    expect(order).toMatchObject({ status: 'dispatched', carrier: 'FedEx', tracking_number: '7749 1234', dispatched_at: expect.any(Date) });
    const [event] = await sql`select from_status, to_status, actor_email from order_events where order_id = ${o.id} and kind = 'status'`;
    expect(event).toEqual({ from_status: 'processing', to_status: 'dispatched', actor_email: DEMO_USERS.admin.email });
    const ids = (await shipments(o.id)).map((s) => Number(s.id));
    expect(await outbox(o.id)).toEqual([
      { kind: 'shipment', to_address: o.email, payload: { shipmentId: ids[0], carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' } },
      { kind: 'shipment', to_address: o.email, payload: { shipmentId: ids[1], carrier: 'FedEx', trackingNumber: '7749 1234', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=7749%201234' } },
    ]);
    // Nothing is left: an order that is no longer pending or processing ships nothing more.
    const after = await asAdmin(() => shipOrderItems({ orderId: o.id, lines: [{ orderItemId: o.ring, quantity: 1 }] }));
    expect(after).toMatchObject({ ok: false, status: 409, error: 'This order is Dispatched: only a pending or processing order can ship items.' });
  });

  it('mails each parcel with its lines, carrier and tracking link', async () => {
    await parkEarlierMail();
    const o = await twoLineOrder();
    await asAdmin(() => shipOrderItems({ orderId: o.id, carrier: 'UPS', trackingNumber: '1ZPARCEL0001', lines: [{ orderItemId: o.necklace, quantity: 1 }] }));
    await asAdmin(() => shipOrderItems({ orderId: o.id, carrier: 'Local courier', trackingNumber: 'LC-42', lines: [{ orderItemId: o.necklace, quantity: 1 }, { orderItemId: o.ring, quantity: 3 }] }));
    const s = newSender({ settings: { retryBaseSeconds: 0.05, maxAttempts: 1 } });
    try {
      while ((await s.sender.runOnce()).claimed > 0);
    } finally {
      await s.close();
    }
    const [necklace] = await sql<{ name: string }[]>`select coalesce(c.name, i.product_name) as name from order_items i left join catalog_products c on c.id = i.product_id where i.id = ${o.necklace}`;
    const mails = await receivedBy(o.email);
    expect(mails.map((m) => m.subject)).toEqual([`Part of your order ${o.reference} is on its way`, `The rest of your order ${o.reference} is on its way`]);
    expect(mails[0]!.text_body).toContain(necklace!.name);
    expect(mails[0]!.text_body).toContain('Size: 18"');
    expect(mails[0]!.text_body).toContain('Tracking number: 1ZPARCEL0001');
    expect(mails[0]!.html_body).toContain('href="https://www.ups.com/track?tracknum=1ZPARCEL0001"');
    expect(mails[1]!.text_body).toContain('Carrier: Local courier');
    expect(mails[1]!.text_body).toContain('Ring Size: 7');
    // An unknown carrier has no tracking page to link.
    expect(mails[1]!.html_body).not.toContain('Track your parcel');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const o = await twoLineOrder();
    const other = await twoLineOrder();
    const before = await fingerprint(sql);
    const cases: [unknown, number, string][] = [
      [{ orderId: o.id, lines: [{ orderItemId: other.ring, quantity: 1 }] }, 400, 'That item is not on this order.'],
      [{ orderId: o.id, lines: [{ orderItemId: o.ring, quantity: 0 }] }, 400, 'Choose at least one item to ship.'],
      [{ orderId: o.id, lines: [] }, 400, 'Choose at least one item to ship.'],
      [{ orderId: o.id, lines: [{ orderItemId: o.ring, quantity: 1.5 }] }, 400, 'Enter a whole number to ship.'],
      [{ orderId: o.id, lines: [{ orderItemId: o.ring, quantity: -1 }] }, 400, 'A quantity cannot be below 0.'],
      [{ orderId: o.id, lines: [{ orderItemId: o.ring, quantity: 1 }, { orderItemId: o.ring, quantity: 1 }] }, 400, ''],
      [{ orderId: o.id, trackingNumber: '1Z\r\nBcc: x@y.example', lines: [{ orderItemId: o.ring, quantity: 1 }] }, 400, 'Tracking number must not contain control characters'],
      [{ orderId: randomUUID(), lines: [{ orderItemId: o.ring, quantity: 1 }] }, 404, 'That order does not exist.'],
      [{ orderId: o.id }, 400, 'Send the items to ship.'],
    ];
    for (const [input, code, error] of cases) {
      const result = await asAdmin(() => shipOrderItems(input));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, status: code });
      if (error && !result.ok) expect(result.error, JSON.stringify(input)).toBe(error);
    }
    expect(await fingerprint(sql)).toBe(before);
    expect(await shipments(o.id)).toEqual([]);
  });

  it('refuses over-shipping in SQL too, whoever writes the lines', async () => {
    const o = await twoLineOrder();
    const [s] = await sql<{ id: string }[]>`insert into shipments (order_id) values (${o.id}) returning id`;
    await expect(sql`insert into shipment_lines (shipment_id, order_item_id, quantity) values (${s!.id}, ${o.ring}, 4)`).rejects.toThrow(
      'More would ship than was ordered.',
    );
    const other = await twoLineOrder();
    await expect(sql`insert into shipment_lines (shipment_id, order_item_id, quantity) values (${s!.id}, ${other.ring}, 1)`).rejects.toThrow(
      'That line is not on this order.',
    );
  });
});

describe('the whole-order dispatch', () => {
  it('is one parcel of everything still to ship, with its own dispatch mail; set back and dispatched again adds none', async () => {
    const o = await twoLineOrder();
    await asAdmin(() => shipOrderItems({ orderId: o.id, carrier: 'UPS', trackingNumber: '1ZFIRST', lines: [{ orderItemId: o.ring, quantity: 1 }] }));
    const done = await asAdmin(() => updateOrderStatus({ orderId: o.id, status: 'dispatched', carrier: 'DHL Express', trackingNumber: 'DHL123' }));
    expect(done).toMatchObject({ ok: true, data: { status: 'dispatched', mailQueued: true } });
    const parcels = await shipments(o.id);
    expect(parcels.map((p) => [p.carrier, p.tracking_number])).toEqual([['UPS', '1ZFIRST'], ['DHL Express', 'DHL123']]);
    expect(parcels[1]!.lines).toEqual([{ item: o.ring, quantity: 2 }, { item: o.necklace, quantity: 2 }].sort((a, b) => (a.item < b.item ? -1 : 1)));
    expect((await outbox(o.id)).map((m) => m.kind)).toEqual(['shipment', 'dispatched']);

    await asAdmin(() => updateOrderStatus({ orderId: o.id, status: 'processing' }));
    expect(await asAdmin(() => updateOrderStatus({ orderId: o.id, status: 'dispatched' }))).toMatchObject({ ok: true, data: { mailQueued: true } });
    expect(await shipments(o.id)).toHaveLength(2);
    expect((await outbox(o.id)).map((m) => m.kind)).toEqual(['shipment', 'dispatched', 'dispatched']);
  });

  it('fills in a parcel dispatched without tracking when the details come later', async () => {
    const o = await twoLineOrder();
    await asAdmin(() => updateOrderStatus({ orderId: o.id, status: 'dispatched' }));
    expect((await shipments(o.id)).map((p) => [p.carrier, p.tracking_number])).toEqual([[null, null]]);
    await asAdmin(() => updateOrderStatus({ orderId: o.id, status: 'dispatched', carrier: 'USPS', trackingNumber: '9400 1' }));
    expect((await shipments(o.id)).map((p) => [p.carrier, p.tracking_number])).toEqual([['USPS', '9400 1']]);
  });
});

describe('who reads shipments', () => {
  it('lets the buyer read their own parcels and what is left, never another’s, and write none', async () => {
    const o = await twoLineOrder();
    await asAdmin(() => shipOrderItems({ orderId: o.id, carrier: 'UPS', trackingNumber: '1ZBUYER', lines: [{ orderItemId: o.ring, quantity: 1 }] }));
    const stranger: DbActor = { role: 'authenticated', userId: randomUUID(), email: 'stranger@mail.test' };
    const read = (actor: DbActor) =>
      withActor(actor, async (tx) => ({
        shipments: (await tx`select id from public.shipments where order_id = ${o.id}`).length,
        lines: (await tx`select l.quantity from public.shipment_lines l join public.shipments s on s.id = l.shipment_id where s.order_id = ${o.id}`).length,
      }));
    expect(await read(customerActor)).toEqual({ shipments: 1, lines: 1 });
    expect(await read(stranger)).toEqual({ shipments: 0, lines: 0 });

    const insertShipment = await attemptAs(customerActor, (tx) => tx`insert into public.shipments (order_id, created_by) values (${o.id}, ${customerActor.userId})`);
    expect(insertShipment).toMatchObject({ ok: false });
    const [parcel] = await sql<{ id: string }[]>`select id from shipments where order_id = ${o.id}`;
    const insertLine = await attemptAs(customerActor, (tx) => tx`insert into public.shipment_lines (shipment_id, order_item_id, quantity) values (${parcel!.id}, ${o.necklace}, 1)`);
    expect(insertLine).toMatchObject({ ok: false });
    const update = await attemptAs(customerActor, (tx) => tx`update public.shipments set tracking_number = 'FORGED' where order_id = ${o.id}`);
    expect(update).toMatchObject({ ok: true, count: 0 });

    // The buyer's orders page: the parcel and what is still to ship.
    const page = await withActor(customerActor, (tx) => listCustomerOrders(tx, customerActor.userId, 1, 'America/New_York'));
    const mine = page.orders.find((x) => x.id === o.id)!;
    expect(mine.shipments.shipments.map((s) => s.trackingNumber)).toEqual(['1ZBUYER']);
    expect(mine.shipments.left.map((l) => [l.orderItemId, l.quantity])).toEqual([[o.ring, 2], [o.necklace, 2]]);
  });
});

describe('bulk dispatch', () => {
  it('dispatches every selected order with its own tracking number and mail, or none, naming the bad row', async () => {
    const a = await twoLineOrder();
    const b = await twoLineOrder('pending');
    const c = await twoLineOrder('cancelled');
    const before = await fingerprint(sql);
    const refused: [unknown, number, string][] = [
      [{ orders: [{ orderId: a.id, trackingNumber: 'T-A' }, { orderId: c.id, trackingNumber: 'T-C' }] }, 409,
        `${c.reference} is Cancelled: only pending or processing orders can be dispatched here.`],
      [{ orders: [{ orderId: a.id, trackingNumber: 'T-A' }, { orderId: b.id, trackingNumber: ' ' }] }, 400, `Enter the tracking number for ${b.reference}.`],
      [{ orders: [{ orderId: a.id, trackingNumber: 'T-A' }, { orderId: b.id, trackingNumber: 't-a' }] }, 400, `${b.reference} has the same tracking number as ${a.reference}.`],
      [{ orders: [{ orderId: a.id, trackingNumber: 'T-A' }, { orderId: b.id, trackingNumber: 'T\u0000B' }] }, 400, `${b.reference}: Tracking number must not contain control characters`],
      [{ orders: [{ orderId: a.id, trackingNumber: 'T-A', expected: 'pending' }] }, 409, `${a.reference} is now Processing: someone changed it meanwhile. Nothing was changed.`],
      [{ orders: [{ orderId: a.id, trackingNumber: 'T-A' }, { orderId: randomUUID(), trackingNumber: 'T-X' }] }, 404, 'An order you selected no longer exists. Nothing was changed.'],
      [{ orders: [] }, 400, 'Select at least one order.'],
    ];
    for (const [input, code, error] of refused) {
      const result = await asAdmin(() => dispatchOrdersBulk(input));
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, status: code, error });
    }
    expect(await fingerprint(sql)).toBe(before);

    const done = await asAdmin(() =>
      dispatchOrdersBulk({ orders: [{ orderId: a.id, carrier: 'UPS', trackingNumber: '1ZBULKA', expected: 'processing' }, { orderId: b.id, carrier: 'UPS', trackingNumber: '1ZBULKB' }] }),
    );
    expect(done).toEqual({ ok: true, data: { dispatched: 2, mailQueued: true }, message: '2 orders dispatched' });
    for (const [o, tracking] of [[a, '1ZBULKA'], [b, '1ZBULKB']] as const) {
      expect(await status(o.id)).toBe('dispatched');
      expect((await shipments(o.id)).map((p) => [p.carrier, p.tracking_number, p.lines.length])).toEqual([['UPS', tracking, 2]]);
      expect(await outbox(o.id)).toEqual([
        { kind: 'dispatched', to_address: o.email, payload: { carrier: 'UPS', trackingNumber: tracking, trackingUrl: `https://www.ups.com/track?tracknum=${tracking}` } },
      ]);
    }
  });
});
