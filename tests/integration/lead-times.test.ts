// Lead times end to end against the real database: the catalog CSV's lead_time column (import, refused values with
// their row, export → import), the bulk action, and an order keeping the promise made when it was placed (its
// items, its invoice and the confirmation's estimated ship date).
import { revalidateTag } from 'next/cache';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as exportCsv } from '@/app/api/admin/products/export/route';
import { POST as importCsv } from '@/app/api/admin/products/import/route';
import { bulkSetProductLeadTime } from '@/lib/admin/catalog/actions';
import { NOT_IN_CATEGORY } from '@/lib/admin/catalog/bulk-rules';
import { csvColumns } from '@/lib/admin/catalog/fields';
import { LEAD_DAYS_PROBLEM, LEAD_TIME_CELL_PROBLEM, LEAD_WEEKS_ORDER_PROBLEM, LEAD_WEEKS_PROBLEM } from '@/lib/catalog/lead-time';
import { emptyAddress } from '@/lib/checkout/address';
import { createCheckout, saveCheckoutAddresses } from '@/lib/checkout/server';
import { dayIn } from '@/lib/core/format/date';
import { env } from '@/lib/core/env';
import { loadConfirmation } from '@/lib/orders/confirmation';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { formatShipDay, lineShipDay } from '@/lib/orders/ship-date';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { importEvents, importRequest, uniqueTag } from './catalog-support';
import { ADDRESS, sdk, sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  after: (fn: () => unknown) => void Promise.resolve().then(fn),
}));

let who: Callers;
const tag = uniqueTag('IT-LEAD');

beforeAll(async () => {
  who = await callers();
});
afterAll(async () => {
  await sql`delete from rings where sku like ${tag + '%'}`;
  await sql`delete from earrings where sku like ${tag + '%'}`;
  await closeSupport();
});

async function runImport(category: string, body: string | Uint8Array) {
  const response = await as(who.admin, () => importCsv(importRequest(category, body)));
  expect(response.status).toBe(200);
  return (await importEvents(response)).find((e) => e.type === 'done');
}

const leadTimes = (skus: string[]) =>
  sql<{ sku: string; lead_time_kind: string; lead_time_min: number; lead_time_max: number }[]>`
    select sku, lead_time_kind, lead_time_min, lead_time_max from rings where sku = any(${skus}) order by sku`;

describe('the catalog CSV', () => {
  const file =
    'sku,name,price_stone1,lead_time\n' +
    `${tag}-A,Stock Ring,10,5 days\n` +
    `${tag}-B,Made Ring,10,3-4 weeks\n` +
    `${tag}-C,Plain Ring,10,\n` +
    `${tag}-D,Soon Ring,10,soon\n` +
    `${tag}-E,Zero Ring,10,0 days\n` +
    `${tag}-F,Backwards Ring,10,5-3 weeks\n` +
    `${tag}-G,Long Ring,10,60 weeks\n`;

  it('stores in-stock days and made-to-order weeks, blank as 2 days, and refuses bad values with their row', async () => {
    expect(await runImport('rings', file)).toMatchObject({
      created: 3,
      bad: [
        { row: 5, sku: `${tag}-D`, reason: `lead_time: ${LEAD_TIME_CELL_PROBLEM}` },
        { row: 6, sku: `${tag}-E`, reason: `lead_time: ${LEAD_DAYS_PROBLEM}` },
        { row: 7, sku: `${tag}-F`, reason: `lead_time: ${LEAD_WEEKS_ORDER_PROBLEM}` },
        { row: 8, sku: `${tag}-G`, reason: `lead_time: ${LEAD_WEEKS_PROBLEM}` },
      ],
    });
    expect(await leadTimes([`${tag}-A`, `${tag}-B`, `${tag}-C`])).toEqual([
      { sku: `${tag}-A`, lead_time_kind: 'in_stock', lead_time_min: 5, lead_time_max: 5 },
      { sku: `${tag}-B`, lead_time_kind: 'made_to_order', lead_time_min: 3, lead_time_max: 4 },
      { sku: `${tag}-C`, lead_time_kind: 'in_stock', lead_time_min: 2, lead_time_max: 2 },
    ]);
  });

  it('exports the column as it imports it, so export → import changes no lead time', async () => {
    const response = await as(who.admin, () => exportCsv(new Request('http://localhost/api/admin/products/export?category=rings')));
    const text = await response.text();
    const header = text.replace(/^\ufeff/, '').split('\r\n')[0]!;
    expect(header).toBe(csvColumns('rings').join(','));
    const column = header.split(',').indexOf('lead_time');
    const mine = text.split('\r\n').filter((line) => line.startsWith(tag));
    expect(Object.fromEntries(mine.map((line) => [line.split(',')[0], line.split(',')[column]]))).toEqual({
      [`${tag}-A`]: '5 days',
      [`${tag}-B`]: '3-4 weeks',
      [`${tag}-C`]: '2 days',
    });
    const again = `${header}\r\n${mine.join('\r\n')}\r\n`;
    expect(await runImport('rings', again)).toMatchObject({ created: 0, updated: 0, unchanged: 3, bad: [] });
  });
});

describe('bulk lead time', () => {
  it('sets the lead time of the products picked, with a note in their history', async () => {
    const ids = (await sql<{ id: string }[]>`select id from rings where sku in (${tag + '-A'}, ${tag + '-C'}) order by sku`).map((r) => r.id);
    const result = await as(who.admin, () => bulkSetProductLeadTime({ category: 'rings', target: { kind: 'ids', ids }, kind: 'made_to_order', min: '2', max: '6' }));
    expect(result).toMatchObject({ ok: true, message: 'Lead time of 2 products set: Made to order: ships in 2–6 weeks' });
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('catalog');
    expect((await leadTimes([`${tag}-A`, `${tag}-C`])).map((r) => [r.lead_time_kind, r.lead_time_min, r.lead_time_max])).toEqual([
      ['made_to_order', 2, 6],
      ['made_to_order', 2, 6],
    ]);
    const events = await sql`select note, changes from product_events where product_id = ${ids[0]!} and kind = 'updated' order by id desc limit 1`;
    expect(events[0]).toMatchObject({ note: 'Bulk: lead time Made to order, 2–6 weeks', changes: { lead_time_kind: ['in_stock', 'made_to_order'] } });
  });

  it('refuses a lead time out of range, and products of another category, changing nothing', async () => {
    const [a] = await sql<{ id: string }[]>`select id from rings where sku = ${tag + '-A'}`;
    const bad = await as(who.admin, () => bulkSetProductLeadTime({ category: 'rings', target: { kind: 'ids', ids: [a!.id] }, kind: 'in_stock', min: '45' }));
    expect(bad).toMatchObject({ ok: false, status: 400, error: LEAD_DAYS_PROBLEM });
    const other = await as(who.admin, () => bulkSetProductLeadTime({ category: 'earrings', target: { kind: 'ids', ids: [a!.id] }, kind: 'in_stock', min: '1' }));
    expect(other).toMatchObject({ ok: false, status: 422, error: NOT_IN_CATEGORY });
    expect(await leadTimes([`${tag}-A`])).toEqual([{ sku: `${tag}-A`, lead_time_kind: 'made_to_order', lead_time_min: 2, lead_time_max: 6 }]);
  });
});

describe('an order', () => {
  it('keeps each line’s lead time as promised, on its items, its invoice and the confirmation', async () => {
    const [stock] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, price_stone1, lead_time_kind, lead_time_min, lead_time_max)
      values ('Lead Stock Ring', ${tag + '-OS'}, 'gold', 20, 'in_stock', 3, 3) returning id`;
    const [made] = await sql<{ id: string }[]>`
      insert into earrings (name, sku, material, price_stone1, lead_time_kind, lead_time_min, lead_time_max)
      values ('Lead Made Studs', ${tag + '-OM'}, 'silver', 30, 'made_to_order', 3, 4) returning id`;
    const session = await createCheckout({
      lines: [
        { productId: stock!.id, quantity: 1, specifications: {} },
        { productId: made!.id, quantity: 1, specifications: {} },
      ],
      userId: null,
    });
    await saveCheckoutAddresses({
      checkoutId: session.checkoutId,
      allowedCheckoutIds: [session.checkoutId],
      email: 'lead@boutique.example',
      addresses: { shipping: ADDRESS, billing: emptyAddress(), sameAsShipping: true },
    });
    const paid = await sdk.paymentIntents.confirm(session.paymentIntentId, { payment_method: 'pm_card_visa' });
    expect((await fulfilPaymentIntent(paid)).outcome).toMatch(/fulfilled/);

    // The shop changes its promise afterwards: the order keeps the one it made.
    await sql`update earrings set lead_time_min = 8, lead_time_max = 10 where id = ${made!.id}`;
    const items = await sql`
      select product_id, lead_time_kind, lead_time_min, lead_time_max from order_items where order_id = ${session.orderId} order by unit_price`;
    expect(items).toEqual([
      { product_id: stock!.id, lead_time_kind: 'in_stock', lead_time_min: 3, lead_time_max: 3 },
      { product_id: made!.id, lead_time_kind: 'made_to_order', lead_time_min: 3, lead_time_max: 4 },
    ]);
    const [invoice] = await sql<{ snapshot: { lines: { name: string; shipsIn?: string }[] } }[]>`select snapshot from invoices where order_id = ${session.orderId}`;
    expect(invoice!.snapshot.lines.map((l) => l.shipsIn)).toEqual(['Ships in 3 days', 'Made to order, 3–4 weeks']);

    const view = await loadConfirmation(session.orderId, { checkoutIds: [session.checkoutId], user: null });
    expect(view.kind).toBe('order');
    if (view.kind !== 'order') return;
    // Lines of one order share their created_at: in any order.
    expect(view.order.items.map((i) => i.shipsIn).sort()).toEqual(['Made to order, 3–4 weeks', 'Ships in 3 days']);
    const placed = dayIn(view.order.createdAt, env().SHOP_TIME_ZONE);
    // The slowest line decides: four weeks from the day it was placed.
    expect(view.order.estimatedShipDate).toBe(formatShipDay(lineShipDay(placed, { kind: 'made_to_order', min: 3, max: 4 })));
  });
});
