// Staff change a quote's lines before sending it, through the action as the demo admin with a real session under
// RLS: a quantity changed, lines added by SKU with their choices (by the request's own MOQ, pack and size rules) and
// removed, every change in one transaction with an event; today's suggested prices and the sent total follow the new
// lines; once sent, the lines are locked, by the action and by the table; a buyer changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeQuoteLinesAction, findQuoteProductAction, sendQuoteAction } from '@/lib/admin/quotes/actions';
import { QUOTE_LINES_TEXT } from '@/lib/admin/quotes/lines-schema';
import { loadAdminQuote } from '@/lib/admin/quotes/list';
import { withActor, type DbActor } from '@/lib/core/db';
import { shopToday } from '@/lib/quotes/read';
import { requestQuote } from '@/lib/quotes/request';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { insertProducts, removeProducts, sql, type TestProducts } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

const RUN = randomUUID().slice(0, 8).toUpperCase();
const SIZED_SKU = `QL-${RUN}-R`;
let who: Callers;
let products: TestProducts;
let sized: string;
let admin: DbActor;
let buyer: DbActor;

beforeAll(async () => {
  who = await callers();
  products = await insertProducts();
  // Sold by size (6, 7, 8), at least 4, in pairs; 10% off from 20 pieces.
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, pack_size, sizes, price_stone1, price_breaks)
    values ('Sized Band', ${SIZED_SKU}, 'silver', 4, 2, '{6,7,8}', 10.00, ${sql.json([{ minQuantity: 20, percentOff: 10 }])})
    returning id`;
  sized = ring!.id;
  const users = await sql<{ id: string; email: string }[]>`select id, email from auth.users where email in ${sql([DEMO_USERS.admin.email, DEMO_USERS.customer.email])}`;
  const a = users.find((u) => u.email === DEMO_USERS.admin.email)!;
  const c = users.find((u) => u.email === DEMO_USERS.customer.email)!;
  admin = { role: 'authenticated', userId: a.id, email: a.email };
  buyer = { role: 'authenticated', userId: c.id, email: c.email };
});

afterAll(async () => {
  await sql`delete from rings where id = ${sized}`;
  await removeProducts(products);
  await closeSupport();
});

const guest = { name: 'Lena Lines', email: 'lena.lines@example.test', phone: '+1 555 0101' };
const request = () =>
  requestQuote({ lines: [{ productId: sized, quantity: 4, specifications: { stoneType: 'stone1', size: '7', style: null } }], contact: guest }, null);
const change = (input: unknown) => as(who.admin, () => changeQuoteLinesAction(input));
const stored = (quoteId: string) =>
  sql<{ position: number; sku: string; quantity: number; specifications_text: string }[]>`
    select position, sku, quantity, specifications_text from quote_lines where quote_id = ${quoteId} order by position`;

describe('changing a quote’s lines', () => {
  it('finds a product by SKU with its choices, and says when none has it', async () => {
    const found = await as(who.admin, () => findQuoteProductAction({ sku: SIZED_SKU.toLowerCase() }));
    expect(found).toMatchObject({ ok: true, data: { productId: sized, name: 'Sized Band', sku: SIZED_SKU, model: { moq: 4, steps: { min: 4, pack: 2 } } } });
    if (found.ok) expect(found.data.model.sizes['stone1|']?.map((o) => o.value)).toEqual(['6', '7', '8']);
    expect(await as(who.admin, () => findQuoteProductAction({ sku: `NOPE-${RUN}` }))).toMatchObject({ ok: false, status: 404, error: QUOTE_LINES_TEXT.notFound(`NOPE-${RUN}`) });
  });

  it('changes a quantity, adds lines by SKU and removes one, in one go with an event, and the suggestions follow', async () => {
    const quote = await request();
    expect((await loadAdminQuote(admin, quote.id))!.suggested).toEqual({ 1: 1000 });
    const result = await change({
      quoteId: quote.id,
      quantities: [{ position: 1, quantity: 10 }],
      add: [
        { sku: `${products.tag}-N`, quantity: 2, specifications: { style: 'bracelet', size: '7' } },
        { sku: SIZED_SKU, quantity: 4, specifications: { size: '8' } },
      ],
    });
    expect(result).toMatchObject({ ok: true, message: QUOTE_LINES_TEXT.saved, data: { lines: 3 } });
    expect(await stored(quote.id)).toEqual([
      { position: 1, sku: SIZED_SKU, quantity: 10, specifications_text: expect.stringContaining('Ring Size: 7') },
      { position: 2, sku: `${products.tag}-N`, quantity: 2, specifications_text: expect.stringContaining('Style: Bracelet') },
      { position: 3, sku: SIZED_SKU, quantity: 4, specifications_text: expect.stringContaining('Ring Size: 8') },
    ]);
    // The band's 14 pieces are below its break: list price.
    expect((await loadAdminQuote(admin, quote.id))!.suggested).toMatchObject({ 1: 1000, 3: 1000 });

    // The same band and size again is the same line, raised; removing the chain leaves its number unused.
    expect(await change({ quoteId: quote.id, remove: [2], add: [{ sku: SIZED_SKU, quantity: 6, specifications: { size: '7' } }] })).toMatchObject({ ok: true, data: { lines: 2 } });
    expect((await stored(quote.id)).map((l) => [l.position, l.quantity])).toEqual([[1, 16], [3, 4]]);
    // 20 pieces of the band across its lines: the break applies to both.
    expect((await loadAdminQuote(admin, quote.id))!.suggested).toEqual({ 1: 900, 3: 900 });
    expect(await sql`select kind, actor_email, detail from quote_events where quote_id = ${quote.id} order by id`).toEqual([
      { kind: 'requested', actor_email: guest.email, detail: { lines: 1 } },
      { kind: 'lines_changed', actor_email: DEMO_USERS.admin.email, detail: { changed: 1, added: 2, removed: 0 } },
      { kind: 'lines_changed', actor_email: DEMO_USERS.admin.email, detail: { changed: 1, added: 0, removed: 1 } },
    ]);
  });

  it('refuses what the request would refuse, changing nothing, with a clear message', async () => {
    const quote = await request();
    const cases: [unknown, number, string][] = [
      [{ quoteId: quote.id, quantities: [{ position: 1, quantity: 5 }] }, 422, 'Sized Band is ordered in quantities of at least 4, in whole packs.'],
      [{ quoteId: quote.id, quantities: [{ position: 1, quantity: 2 }] }, 422, 'Sized Band is ordered in quantities of at least 4, in whole packs.'],
      [{ quoteId: quote.id, quantities: [{ position: 1, quantity: 0 }] }, 400, 'Enter a quantity of at least 1'],
      [{ quoteId: quote.id, add: [{ sku: SIZED_SKU, quantity: 4, specifications: {} }] }, 422, 'Please choose a ring size for Sized Band.'],
      [{ quoteId: quote.id, add: [{ sku: SIZED_SKU, quantity: 4, specifications: { size: '12' } }] }, 422, 'Sized Band is not offered in size 12.'],
      [{ quoteId: quote.id, add: [{ sku: `NOPE-${RUN}`, quantity: 1 }] }, 422, QUOTE_LINES_TEXT.notFound(`NOPE-${RUN}`)],
      // A good change beside a bad one: neither is written.
      [{ quoteId: quote.id, quantities: [{ position: 1, quantity: 8 }], add: [{ sku: `NOPE-${RUN}`, quantity: 1 }] }, 422, QUOTE_LINES_TEXT.notFound(`NOPE-${RUN}`)],
      [{ quoteId: quote.id, remove: [1] }, 422, QUOTE_LINES_TEXT.emptyQuote],
      [{ quoteId: quote.id, remove: [7] }, 409, QUOTE_LINES_TEXT.missingLine(7)],
      [{ quoteId: quote.id }, 400, QUOTE_LINES_TEXT.nothing],
      [{ quoteId: randomUUID(), quantities: [{ position: 1, quantity: 4 }] }, 404, 'This quote was not found.'],
    ];
    for (const [input, status, message] of cases) {
      expect(await change(input), JSON.stringify(input)).toMatchObject({ ok: false, status, error: message });
    }
    expect((await stored(quote.id)).map((l) => [l.position, l.quantity])).toEqual([[1, 4]]);
    expect(await sql`select kind from quote_events where quote_id = ${quote.id}`).toEqual([{ kind: 'requested' }]);
  });

  it('sends the new lines’ total, then locks them, in the action and in the table', async () => {
    const quote = await request();
    await change({ quoteId: quote.id, quantities: [{ position: 1, quantity: 6 }], add: [{ sku: `${products.tag}-N`, quantity: 3, specifications: {} }] });
    const sent = await as(who.admin, () =>
      sendQuoteAction({ quoteId: quote.id, prices: [{ position: 1, price: '9.50' }, { position: 2, price: '40' }], validUntil: shopToday() }),
    );
    expect(sent).toMatchObject({ ok: true });
    const [event] = await sql<{ detail: { totalCents: number } }[]>`select detail from quote_events where quote_id = ${quote.id} and kind = 'quoted'`;
    expect(event!.detail.totalCents).toBe(6 * 950 + 3 * 4000);

    expect(await change({ quoteId: quote.id, quantities: [{ position: 1, quantity: 8 }] })).toMatchObject({ ok: false, status: 409, error: QUOTE_LINES_TEXT.locked });
    expect(await change({ quoteId: quote.id, remove: [2] })).toMatchObject({ ok: false, status: 409, error: QUOTE_LINES_TEXT.locked });
    // Past the action, the table itself refuses, for staff and for the server's own role alike.
    await expect(withActor(admin, (tx) => tx`update public.quote_lines set quantity = 8 where quote_id = ${quote.id} and position = 1`)).rejects.toMatchObject({ code: '23514' });
    await expect(sql`delete from quote_lines where quote_id = ${quote.id}`).rejects.toMatchObject({ code: '23514' });
    // Prices may still be revised (a revised quote), only the lines are fixed.
    await withActor(admin, (tx) => tx`update public.quote_lines set unit_price_cents = 900 where quote_id = ${quote.id} and position = 1`);
    expect((await stored(quote.id)).map((l) => l.quantity)).toEqual([6, 3]);
  });

  it('lets a buyer change nothing, not even on their own request', async () => {
    const own = await requestQuote(
      { lines: [{ productId: sized, quantity: 4, specifications: { stoneType: 'stone1', size: '6', style: null } }] },
      { userId: (buyer as { userId: string }).userId, email: DEMO_USERS.customer.email },
    );
    expect(await as(who.customer, () => changeQuoteLinesAction({ quoteId: own.id, quantities: [{ position: 1, quantity: 8 }] }))).toMatchObject({ ok: false, status: 403 });
    expect(await as(who.anon, () => findQuoteProductAction({ sku: SIZED_SKU }))).toMatchObject({ ok: false, status: 401 });
    const updated = await withActor(buyer, (tx) => tx`update public.quote_lines set quantity = 8 where quote_id = ${own.id}`).catch((e: { code: string }) => e.code);
    expect(updated === '42501' || (updated as { count: number }).count === 0).toBe(true);
    await expect(withActor(buyer, (tx) => tx`delete from public.quote_lines where quote_id = ${own.id}`)).resolves.toMatchObject({ count: 0 });
    expect((await stored(own.id)).map((l) => l.quantity)).toEqual([4]);
  });
});
