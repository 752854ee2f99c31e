// Invoice numbers and issued documents on real Postgres: 20 checkouts paid through the Stripe stand-in and fulfilled
// at once (each twice) get INV-{year}-… numbers with no gap and no repeat; a transaction that rolls back gives its
// number back; an issued invoice stays as it was (snapshot and PDF) after its product is renamed and the shop
// settings change, while the next invoice shows the new settings; nobody can change an issued invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asServiceRole, db, withActor } from '@/lib/core/db';
import { env } from '@/lib/core/env';
import { yearIn } from '@/lib/core/format/date';
import { issueInvoice } from '@/lib/documents/issue';
import { drawPdf, renderDocumentPdf } from '@/lib/documents/pdf';
import { readInvoice } from '@/lib/documents/store';
import { readShopSettings } from '@/lib/settings/shop-settings';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { insertProducts, sdk, setDelivery, sql, startWebhookEndpoint, type TestProducts, type WebhookEndpoint, removeProducts, restoreDelivery } from './checkout-support';
import { fulfilledOrder, invoiceOf, paidCheckout, pdfPages } from './documents-support';

let p: TestProducts;
let endpoint: WebhookEndpoint;
const year = () => yearIn(new Date(), env().SHOP_TIME_ZONE);

beforeAll(async () => {
  p = await insertProducts();
  // The stand-in's deliveries are acknowledged and dropped: the fulfilments here are the test's own calls.
  endpoint = await startWebhookEndpoint();
  endpoint.forward = false;
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100] });
});

afterAll(async () => {
  await removeProducts(p);
  await restoreDelivery();
  await endpoint.close();
  await sql.end();
  await db().end();
});

/** The last invoice number handed out this year (0 before the first). */
async function lastNumber(): Promise<number> {
  const [row] = await sql<{ last_number: number }[]>`
    select last_number from document_numbers where kind = 'invoice' and year = ${year()}`;
  return row?.last_number ?? 0;
}

const invoiceNumber = (n: number) => `INV-${year()}-${String(n).padStart(6, '0')}`;

describe('invoice numbers', () => {
  it('numbers 20 concurrent fulfilments from one gapless yearly sequence, each order once', async () => {
    const paid = await Promise.all(Array.from({ length: 20 }, () => paidCheckout(p)));
    // Nothing else issues invoices meanwhile (the stand-in's deliveries are dropped; files run one at a time).
    const before = await lastNumber();
    const intents = await Promise.all(paid.map((o) => sdk.paymentIntents.retrieve(o.paymentIntentId)));
    // Each PaymentIntent fulfilled twice at the same moment: 40 runs racing for 20 orders and 20 numbers.
    const results = await Promise.all([...intents, ...intents].map((pi) => fulfilPaymentIntent(pi)));
    expect(results.filter((r) => r.outcome === 'fulfilled')).toHaveLength(20);
    expect(results.filter((r) => r.outcome === 'already_fulfilled')).toHaveLength(20);

    const rows = await sql<{ order_id: string; number: string; total_amount: string }[]>`
      select order_id, number, total_amount from invoices where order_id = any(${paid.map((o) => o.orderId)}::uuid[])
       order by number`;
    expect(rows).toHaveLength(20);
    const byOrder = new Map(rows.map((r) => [r.order_id, r]));
    for (const o of paid) expect(Number(byOrder.get(o.orderId)!.total_amount)).toBe(o.totalCents);
    // The next 20 numbers of the year, each once, none skipped (INV-{year}-000001 … on a fresh database).
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => invoiceNumber(before + i + 1)));
    expect(await lastNumber()).toBe(before + 20);
  });

  it('gives a number back when the transaction that took it rolls back', async () => {
    const [order] = await sql<{ id: string }[]>`
      insert into orders (order_reference, status, total_amount) values ('ROLLBACK-1', 'completed', 1000) returning id`;
    const before = await lastNumber();
    const failure = new Error('the fulfilment failed after issuing');
    await expect(
      asServiceRole(async (tx) => {
        const issued = await issueInvoice(tx, {
          orderId: order!.id,
          reference: 'ROLLBACK-1',
          placedAt: new Date(),
          buyer: { name: null, email: null, phone: null, shipping: null, billing: null },
          lines: [],
          totalCents: 1000,
          currency: 'usd',
        });
        // The number comes at the commit, which never happens here.
        expect(issued.number).toBeNull();
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await lastNumber()).toBe(before);
    const next = await fulfilledOrder(p);
    expect((await invoiceOf(next.orderId))!.number).toBe(invoiceNumber(before + 1));
    expect(await lastNumber()).toBe(before + 1);
    await sql`delete from orders where id = ${order!.id}`;
  });
});

describe('an issued invoice never changes', () => {
  it('keeps its snapshot and its PDF after a product rename and a settings change; the next invoice shows the new settings', async () => {
    const order = await fulfilledOrder(p);
    const before = (await asServiceRole((tx) => readInvoice(tx, order.orderId)))!;
    // issue_document() writes the seller in SQL: it must be exactly the shop settings as the app reads them.
    expect(before.snapshot.seller).toEqual(await asServiceRole(readShopSettings));
    const pdfBefore = await renderDocumentPdf(before);
    const [settings] = await sql`select shop_name, postal_address, tax_number from shop_settings`;
    try {
      await sql`update rings set name = 'Renamed Ring' where id = ${p.ring}`;
      await sql`update shop_settings set shop_name = 'Renamed Jewelers', postal_address = '1 Other Road', tax_number = 'NEW-TAX-42'`;

      const after = (await asServiceRole((tx) => readInvoice(tx, order.orderId)))!;
      expect(after).toEqual(before);
      // Drawn afresh, not the copy the first download kept: the PDF comes from the snapshot alone.
      const pdfAfter = await drawPdf(after);
      expect(Buffer.compare(pdfAfter, pdfBefore)).toBe(0);
      const text = (await pdfPages(pdfAfter)).join('\n');
      expect(text).toContain('Checkout Ring');
      expect(text).toContain(settings!.shop_name);
      expect(text).toContain(`Tax number: ${settings!.tax_number}`);
      for (const changed of ['Renamed Ring', 'Renamed Jewelers', '1 Other Road', 'NEW-TAX-42']) expect(text).not.toContain(changed);

      const next = await fulfilledOrder(p);
      const nextText = (await pdfPages(await renderDocumentPdf((await asServiceRole((tx) => readInvoice(tx, next.orderId)))!))).join('\n');
      expect(nextText).toContain('Renamed Jewelers');
      expect(nextText).toContain('Tax number: NEW-TAX-42');
      expect(nextText).toContain('1 Other Road');
    } finally {
      await sql`update rings set name = 'Checkout Ring' where id = ${p.ring}`;
      await sql`update shop_settings set shop_name = ${settings!.shop_name}, postal_address = ${settings!.postal_address}, tax_number = ${settings!.tax_number}`;
    }
  });

  it('refuses an UPDATE of an issued invoice, even by the database owner, and admins have no update at all', async () => {
    const order = await fulfilledOrder(p);
    const invoice = (await invoiceOf(order.orderId))!;
    await expect(sql`update invoices set total_amount = 1 where id = ${invoice.id}`).rejects.toThrow(
      `invoices ${invoice.number} was issued and cannot change`,
    );
    await expect(sql`update invoices set snapshot = '{}'::jsonb where id = ${invoice.id}`).rejects.toThrow('was issued and cannot change');
    // Its number, given at the commit, is as fixed as the rest.
    await expect(sql`update invoices set number = 'INV-1999-000001' where id = ${invoice.id}`).rejects.toThrow('was issued and cannot change');
    await expect(sql`update invoices set number = null where id = ${invoice.id}`).rejects.toThrow('was issued and cannot change');
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const asAdmin = { role: 'authenticated' as const, userId: admin!.id, email: DEMO_USERS.admin.email };
    await expect(withActor(asAdmin, (tx) => tx`update public.invoices set total_amount = 1 where id = ${invoice.id}`)).rejects.toThrow(
      /permission denied/,
    );
    expect((await invoiceOf(order.orderId))!.total_amount).toBe(String(order.totalCents));
  });
});
