// The packing desk's PDFs as the demo admin under RLS: a packing slip names the order, its PO number and company, the
// ship-to address and every line with its choices and quantity, and never a price; a pick list gathers the lines of
// several orders by product and choices with the orders that need each; bad lists 400, unknown orders 404, and a
// visitor or a customer is refused. Prints how long a pick list of 100 orders takes (no assertion).
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as packingSlipGET } from '@/app/api/admin/orders/[orderId]/packing-slip/route';
import { GET as pickListGET } from '@/app/api/admin/orders/pick-list/route';
import { PACKING_LABELS, pickListPath, packingSlipPath } from '@/lib/admin/orders/packing-labels';
import { lineChoices } from '@/lib/purchase/line-choices';
import { as } from './admin-request';
import { callers, closeSupport, newKey, paidOrder, type Callers } from './admin-support';
import { sql } from './checkout-support';
import { pdfPages } from './documents-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

const tag = `PACK-${newKey().slice(0, 8)}`;
let who: Callers;
let rings: { a: string; b: string };
let orders: { one: { id: string; ref: string }; two: { id: string; ref: string } };
let bulk: string[] = [];

const slip = (jar: Callers['admin'], orderId: string) =>
  as(jar, () => packingSlipGET(new Request(`http://localhost${packingSlipPath(orderId)}`), { params: Promise.resolve({ orderId }) }));
const pick = (jar: Callers['admin'], ids: readonly string[] | string) =>
  as(jar, () => pickListGET(new Request(`http://localhost${typeof ids === 'string' ? `/api/admin/orders/pick-list?ids=${ids}` : pickListPath(ids)}`)));

async function addLine(orderId: string, productId: string, quantity: number, choices: ReturnType<typeof lineChoices>) {
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            values (${orderId}, ${productId}, 'rings', ${quantity}, 4321, '', ${sql.json(choices)})`;
}

async function referenced(totalCents: number): Promise<{ id: string; ref: string }> {
  const { id } = await paidOrder(sql, totalCents, 'processing');
  const [row] = await sql<{ order_reference: string }[]>`select order_reference from orders where id = ${id}`;
  return { id, ref: row!.order_reference };
}

beforeAll(async () => {
  who = await callers();
  const [a, b] = await sql<{ id: string }[]>`
    insert into rings (name, sku, price_stone1) values ('Packing Ring A', ${tag + '-A'}, 43.21), ('Packing Ring B', ${tag + '-B'}, 43.21)
    returning id`;
  rings = { a: a!.id, b: b!.id };
  orders = { one: await referenced(9_999), two: await referenced(8_888) };
  await sql`update orders set purchase_order = 'PO-7781', company_name = 'Packing Boutique' where id = ${orders.one.id}`;
  await addLine(orders.one.id, rings.a, 2, lineChoices({ size: '7', material: 'gold' }));
  await addLine(orders.one.id, rings.a, 1, lineChoices({ size: '8', material: 'gold' }));
  await addLine(orders.two.id, rings.a, 3, lineChoices({ size: '7', material: 'gold' }, { percentOff: 5, priceRule: 'break' }));
  await addLine(orders.two.id, rings.b, 4, lineChoices({ material: 'silver' }));

  // 100 orders of 3 lines each, written directly: only the pick list reads them.
  const rows = await sql<{ id: string }[]>`
    insert into orders (order_reference, customer_name, status, total_amount)
    select ${tag} || '-' || n, 'Packing Bulk', 'processing', 100 from generate_series(1, 100) n returning id`;
  bulk = rows.map((r) => r.id);
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            select o, p, 'rings', 1, 100, '', ${sql.json(lineChoices({ size: '7', material: 'gold' }))}
              from unnest(${bulk}::uuid[]) o, unnest(${[rings.a, rings.b, rings.a]}::uuid[]) p`;
  await pick(who.admin, bulk.slice(0, 2)); // warm: fonts parsed, modules loaded
  const start = performance.now();
  const response = await pick(who.admin, bulk);
  const first = performance.now();
  await response.arrayBuffer();
  console.log(`pick list of 100 orders: ${response.status}, handler answered in ${(first - start).toFixed(0)} ms, ${(performance.now() - start).toFixed(0)} ms with the body`);
});

afterAll(async () => {
  await sql`delete from orders where id = any(${[orders.one.id, orders.two.id, ...bulk]}::uuid[])`;
  await sql`delete from rings where sku like ${tag + '%'}`;
  await closeSupport();
});

describe('the packing slip', () => {
  it('names the order, its PO number, company and ship-to address, and every line without a price', async () => {
    const response = await slip(who.admin, orders.one.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="packing-slip-${orders.one.ref}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = (await pdfPages(bytes)).join(' ');
    for (const expected of [
      PACKING_LABELS.slipTitle,
      orders.one.ref,
      'PO-7781',
      'Packing Boutique',
      '1 Test Way',
      'Austin, TX 73301',
      `${tag}-A Packing Ring A Ring Size: 7, Material: Gold 2`,
      `${tag}-A Packing Ring A Ring Size: 8, Material: Gold 1`,
      `${PACKING_LABELS.units} 4`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('$');
    expect(text).not.toContain('43.21');
  });

  it('answers 404 with a readable error for an unknown or invalid id', async () => {
    for (const id of [newKey(), 'not-an-id']) {
      const response = await slip(who.admin, id);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe(PACKING_LABELS.orderNotFound);
    }
  });
});

describe('the pick list', () => {
  it('gathers the same product and choices across orders, with the orders that need each, by SKU', async () => {
    const response = await pick(who.admin, [orders.two.id, orders.one.id]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="pick-list-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = (await pdfPages(bytes)).join(' ');
    const [first, second] = [orders.one.ref, orders.two.ref].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
    for (const expected of [
      PACKING_LABELS.pickTitle,
      PACKING_LABELS.orderCount(2),
      // 2 + 3 of size 7 (one at a volume break), from both orders.
      `${tag}-A Packing Ring A Ring Size: 7, Material: Gold 5 ${first}, ${second}`,
      `${tag}-A Packing Ring A Ring Size: 8, Material: Gold 1 ${orders.one.ref}`,
      `${tag}-B Packing Ring B Material: Silver 4 ${orders.two.ref}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text.indexOf(`${tag}-A`)).toBeLessThan(text.indexOf(`${tag}-B`));
  });

  it('covers 100 orders in one list', async () => {
    const text = (await pdfPages(new Uint8Array(await (await pick(who.admin, bulk)).arrayBuffer()))).join(' ');
    expect(text).toContain(PACKING_LABELS.orderCount(100));
    expect(text).toContain(`${tag}-A Packing Ring A Ring Size: 7, Material: Gold 200`);
    expect(text).toContain(`${tag}-B Packing Ring B Ring Size: 7, Material: Gold 100`);
  });

  it('answers 400 for no ids, a bad id or more than 100, and 404 when an order is not found', async () => {
    for (const ids of ['', `${orders.one.id},nope`, [...bulk, newKey()].join(',')]) {
      const response = await pick(who.admin, ids);
      expect(response.status, ids.slice(0, 40)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(PACKING_LABELS.badIds);
    }
    const response = await pick(who.admin, [orders.one.id, newKey()]);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe(PACKING_LABELS.ordersNotFound(1));
  });
});

describe('who may print them', () => {
  for (const [caller, status] of [['anon', 401], ['customer', 403]] as const) {
    it(`refuses a ${caller} (${status})`, async () => {
      expect((await slip(who[caller], orders.one.id)).status).toBe(status);
      expect((await pick(who[caller], [orders.one.id])).status).toBe(status);
    });
  }
});
