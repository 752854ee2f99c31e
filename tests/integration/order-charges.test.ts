// An order's goods, shipping and tax as the confirmation page, the account's order history, the back office's orders
// list and its CSV read them from the order (the documents and the mails have theirs beside their own tests): an
// order of goods $100.00, UPS Ground $15.00 and $11.79 of tax; an exempt order, with its reason; an order from
// before, goods alone.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomerOrders } from '@/lib/account/orders';
import { ordersCsvStream } from '@/lib/admin/orders/export';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { db, withActor, type DbActor } from '@/lib/core/db';
import { chargeRows, chargesNote, readCharges, type OrderCharges } from '@/lib/documents/charges';
import { readOrderRow } from '@/lib/documents/order-row';
import { loadConfirmation } from '@/lib/orders/confirmation';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { EXEMPT, TAXED } from '../support/order-charges';

const sql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });


let buyer: { id: string; actor: DbActor };
let ringId: string;
const orders: Record<'taxed' | 'exempt' | 'old', string> = { taxed: '', exempt: '', old: '' };

/** An order of one $100.00 line, written with these charges (none: as orders were before shipping and tax). */
async function placeOrder(charges: OrderCharges | null, at: string): Promise<string> {
  const id = randomUUID();
  const total = charges ? charges.goodsCents + charges.shippingCents + charges.taxCents : 10_000;
  await sql`insert into orders ${sql({
    id,
    user_id: buyer.id,
    status: 'processing',
    total_amount: total,
    created_at: new Date(at),
    ...(charges && {
      goods_cents: charges.goodsCents,
      shipping_method: charges.shippingMethod,
      shipping_cents: charges.shippingCents,
      tax_cents: charges.taxCents,
      tax_breakdown: sql.json(charges.taxBreakdown as never),
      tax_exempt_reason: charges.taxExemptReason,
    }),
  } as never)}`;
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            values (${id}, ${ringId}, 'rings', 4, 2500, 'Material: Gold', ${sql.json({ material: 'gold' })})`;
  return id;
}

beforeAll(async () => {
  const id = randomUUID();
  const email = `charges-${id.slice(0, 8)}@order-charges.test`;
  await sql`insert into auth.users (id, email, aud, role, created_at, updated_at) values (${id}, ${email}, 'authenticated', 'authenticated', now(), now())`;
  buyer = { id, actor: { role: 'authenticated', userId: id, email } };
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, price_stone1) values ('Charges Ring', ${`CHG-${id.slice(0, 8)}`}, 'gold', 25) returning id`;
  ringId = ring!.id;
  orders.old = await placeOrder(null, '2026-03-01T15:00:00Z');
  orders.exempt = await placeOrder(EXEMPT, '2026-03-02T15:00:00Z');
  orders.taxed = await placeOrder(TAXED, '2026-03-03T15:00:00Z');
});

afterAll(async () => {
  await sql`delete from orders where user_id = ${buyer.id}`;
  await sql`delete from rings where id = ${ringId}`;
  await sql.end();
  await db().end();
});

const shown = (charges: OrderCharges, totalCents: number) => [
  ...chargeRows(charges, totalCents).map((r) => [r.label, r.value]),
  ...(chargesNote(charges) ? [['note', chargesNote(charges)]] : []),
];

async function confirmation(orderId: string) {
  const view = await loadConfirmation(orderId, { checkoutIds: [], user: { id: buyer.id } });
  if (view.kind !== 'order') throw new Error(`confirmation: ${view.kind}`);
  return view.order;
}

describe('the confirmation page', () => {
  it('shows the subtotal, shipping by its method, each jurisdiction and the total', async () => {
    const order = await confirmation(orders.taxed);
    expect(order.totalCents).toBe(12_679);
    expect(order.charges).toEqual(TAXED);
    expect(shown(order.charges, order.totalCents)).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping (UPS Ground)', '$15.00'],
      ['Illinois State Tax (6.25%)', '$7.19'],
      ['Chicago City Tax (4.4%)', '$4.60'],
    ]);
  });

  it('says why an exempt order was charged no tax', async () => {
    const order = await confirmation(orders.exempt);
    expect(order.totalCents).toBe(11_500);
    expect(shown(order.charges, order.totalCents)).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping (UPS Ground)', '$15.00'],
      ['Sales tax', '$0.00'],
      ['note', 'No sales tax charged: Resale certificate on file.'],
    ]);
  });

  it('shows an order from before its total alone, as it did', async () => {
    const order = await confirmation(orders.old);
    expect(order.totalCents).toBe(10_000);
    expect(order.charges).toEqual({ goodsCents: 10_000, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null });
    expect(shown(order.charges, order.totalCents)).toEqual([]);
  });
});

describe('the one order row of the confirmation, the mails and the invoice', () => {
  it('reads the order with its charges, as the caller may see it', async () => {
    const row = await withActor(buyer.actor, (tx) => readOrderRow(tx, orders.taxed));
    expect(row).toMatchObject({ id: orders.taxed, status: 'processing', order_reference: null, customer_email: null });
    expect(row!.created_at).toEqual(new Date('2026-03-03T15:00:00Z'));
    expect(Number(row!.total_amount)).toBe(12_679);
    expect(readCharges(row!)).toEqual(TAXED);
    const stranger: DbActor = { role: 'authenticated', userId: randomUUID(), email: 'stranger@order-charges.test' };
    expect(await withActor(stranger, (tx) => readOrderRow(tx, orders.taxed))).toBeNull();
    expect(await withActor(buyer.actor, (tx) => readOrderRow(tx, randomUUID()))).toBeNull();
  });
});

describe("the account's order history", () => {
  it('gives each order its charges, newest first', async () => {
    const page = await withActor(buyer.actor, (tx) => listCustomerOrders(tx, buyer.id, 1));
    expect(page.orders.map((o) => [o.id, o.totalCents, o.charges])).toEqual([
      [orders.taxed, 12_679, TAXED],
      [orders.exempt, 11_500, EXEMPT],
      [orders.old, 10_000, { goodsCents: 10_000, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null }],
    ]);
  });
});

describe('the back office', () => {
  let admin: DbActor;
  beforeAll(async () => {
    const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    admin = { role: 'authenticated', userId: user!.id, email: DEMO_USERS.admin.email };
  });

  it("gives an order's row its charges", async () => {
    for (const [id, charges] of [[orders.taxed, TAXED], [orders.exempt, EXEMPT]] as const) {
      const [shown] = (await loadAdminOrders(admin, { status: null, sort: 'newest', page: 1 }, 'UTC', id)).orders;
      expect(shown!.charges).toEqual(charges);
    }
  });

  it('writes Goods, Shipping, Shipping Method and Tax after Total in the CSV', async () => {
    const reader = ordersCsvStream(admin, { status: 'processing', sort: 'newest' }, 'UTC').getReader();
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toContain(',Items,Total,Goods,Shipping,Shipping Method,Tax,Refunded,');
    const row = (id: string) => lines.find((l) => l.includes(id));
    expect(row(orders.taxed)).toContain(',processing,4,126.79,100.00,15.00,UPS Ground,11.79,0.00,');
    expect(row(orders.exempt)).toContain(',processing,4,115.00,100.00,15.00,UPS Ground,0.00,0.00,');
    expect(row(orders.old)).toContain(',processing,4,100.00,100.00,0.00,,0.00,0.00,');
  });
});
