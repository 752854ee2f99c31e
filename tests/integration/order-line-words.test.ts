// What a bought line says comes from its choices (order_items.choices, a quote line's specifications), never from the
// text stored beside them: lines whose stored text was made to differ print their choices on the invoice, the credit
// note, the order mails, the confirmation page, the back office's order and the quote mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdminOrders } from '@/lib/admin/orders/list';
import { asServiceRole, db } from '@/lib/core/db';
import { issueCreditNotes } from '@/lib/documents/issue';
import { renderDocumentPdf } from '@/lib/documents/pdf';
import { readCreditNote, readInvoice } from '@/lib/documents/store';
import type { OutboxMail } from '@/lib/mail/sender';
import { loadConfirmation } from '@/lib/orders/confirmation';
import { composeOrderMail } from '@/lib/orders/messages';
import { fulfilPaymentIntent } from '@/lib/orders/fulfilment';
import { lineChoices } from '@/lib/purchase/line-choices';
import { composeQuoteMail } from '@/lib/quotes/messages';
import { readQuote } from '@/lib/quotes/read';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { insertProducts, removeProducts, sdk, setDelivery, sql, startWebhookEndpoint, type TestProducts, type WebhookEndpoint, restoreDelivery } from './checkout-support';
import { BUYER_EMAIL, paidCheckout, pdfPages } from './documents-support';

let p: TestProducts;
let endpoint: WebhookEndpoint;
let admin: { id: string; email: string };

beforeAll(async () => {
  p = await insertProducts();
  // The webhook is held back, so this file fulfils each payment itself, after changing its record.
  endpoint = await startWebhookEndpoint();
  endpoint.forward = false;
  await setDelivery({ webhookUrl: endpoint.url, copies: 1, delayMs: 0, retryDelaysMs: [100] });
  const [row] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
  admin = { id: row!.id, email: DEMO_USERS.admin.email };
});

afterAll(async () => {
  await removeProducts(p);
  await restoreDelivery();
  await endpoint.close();
  await sql.end();
  await db().end();
});

const mail = (kind: OutboxMail['kind'], over: Partial<OutboxMail>): OutboxMail => ({
  id: 0,
  kind,
  orderId: null,
  quoteId: null,
  to: 'words@mail.test',
  dedupeKey: `words:${kind}:${Math.random()}`,
  payload: {},
  attempts: 1,
  ...over,
});

describe('an order line whose stored text differs from its choices', () => {
  it('is invoiced and mailed with its choices, in the invoice issued at fulfilment', async () => {
    const paid = await paidCheckout(p);
    // The words checkout wrote for the ring's line, changed before the order is written from the record.
    await sql`
      update checkout_sessions
         set lines = jsonb_set(lines, '{0,specificationsText}', '"Stone: Written Words, Material: Tin"')
       where id = ${paid.checkoutId}`;
    const result = await fulfilPaymentIntent(await sdk.paymentIntents.retrieve(paid.paymentIntentId));
    expect(result.outcome).toBe('fulfilled');
    const items = await sql<{ specifications: string }[]>`
      select specifications from order_items where order_id = ${paid.orderId} and product_id = ${p.ring}`;
    expect(items).toEqual([{ specifications: 'Stone: Written Words, Material: Tin' }]);

    const invoice = (await asServiceRole((tx) => readInvoice(tx, paid.orderId)))!;
    expect(invoice.snapshot.lines.map((l) => l.options)).toEqual([
      'Stone: Sapphire, Material: Gold',
      'Necklace Length: 20", Material: Silver, Style: Necklace',
    ]);
    const [page] = await pdfPages(await renderDocumentPdf(invoice));
    expect(page).toContain('Stone: Sapphire, Material: Gold');
    expect(page).not.toContain('Written Words');

    const confirmation = await composeOrderMail(mail('order_confirmation', { orderId: paid.orderId, to: BUYER_EMAIL }));
    expect(confirmation.text).toContain('Stone: Sapphire, Material: Gold');
    expect(confirmation.text).not.toContain('Written Words');
  });

  it('shows its choices on an order without an invoice: mails, credit note, confirmation and the back office', async () => {
    const [order] = await sql<{ id: string }[]>`
      insert into orders (order_reference, customer_name, customer_email, status, total_amount)
      values (${'WORDS-' + Date.now().toString(36)}, 'Ada Words', 'ada.words@mail.test', 'completed', 6000)
      returning id`;
    const orderId = order!.id;
    const choices = lineChoices({ stoneType: 'stone1', stoneName: 'Ruby', size: '7', material: 'gold' }, { percentOff: 5 });
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
              values (${orderId}, ${p.ring}, 'rings', 3, 2000, 'Stone: Old Words, Material: Tin', ${sql.json(choices)})`;
    const words = 'Stone: Ruby, Ring Size: 7, Material: Gold, Volume −5%';

    for (const kind of ['order_confirmation', 'order_notice'] as const) {
      const composed = await composeOrderMail(mail(kind, { orderId }));
      expect(composed.text, kind).toContain(words);
      expect(composed.text, kind).not.toContain('Old Words');
    }

    // A credit note of an order placed before invoices: the line it credits is read at issue time, from the choices.
    const [refund] = await sql<{ id: string; kind: string }[]>`
      insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, kind)
      values (${orderId}, 'stripe', ${'pi_words_' + orderId.slice(0, 8)}, 6000, 'completed', 'card', 'payment'),
             (${orderId}, 'stripe', ${'re_words_' + orderId.slice(0, 8)}, 2000, 'succeeded', 'card', 'refund')
      returning id, kind`.then((rows) => rows.filter((r) => r.kind === 'refund'));
    await sql`insert into refund_lines (refund_id, order_id, kind, order_item_id, quantity, amount_cents)
              select ${refund!.id}, ${orderId}, 'item', id, 1, 2000 from order_items where order_id = ${orderId}`;
    const [note] = await asServiceRole((tx) => issueCreditNotes(tx, orderId));
    const issued = (await asServiceRole((tx) => readCreditNote(tx, orderId, note!.number)))!;
    expect(issued.snapshot.lines.map((l) => l.options)).toEqual([words]);
    const [page] = await pdfPages(await renderDocumentPdf(issued));
    expect(page).toContain(words);
    expect(page).not.toContain('Old Words');

    const view = await loadConfirmation(orderId, { checkoutIds: [], user: admin });
    expect(view.kind === 'order' && view.order.items.map((i) => i.options)).toEqual([words]);

    const adminPage = await loadAdminOrders({ role: 'authenticated', userId: admin.id, email: admin.email }, { status: null, sort: 'newest', page: 1 }, 'UTC', orderId);
    expect(adminPage.orders.map((o) => o.items.map((i) => i.options))).toEqual([[words]]);
  });
});

describe('a quote line whose stored text differs from its specifications', () => {
  it('is shown and mailed with its specifications', async () => {
    const [quote] = await sql<{ id: string }[]>`
      insert into quotes (name, email) values ('Quote Words', 'quote.words@mail.test') returning id`;
    await sql`insert into quote_lines (quote_id, position, product_id, product_category, name, sku, specifications, specifications_text, quantity)
              values (${quote!.id}, 1, ${p.ring}, 'rings', 'Checkout Ring', ${p.tag + '-R'},
                      ${sql.json({ stoneType: 'stone2', stoneName: 'Sapphire', size: '8.5', material: 'gold', style: null })},
                      'Stone: Old Words', 30)`;
    const words = 'Stone: Sapphire, Ring Size: 8.5, Material: Gold';
    const read = await asServiceRole((tx) => readQuote(tx, quote!.id));
    expect(read!.lines.map((l) => l.specificationsText)).toEqual([words]);
    const composed = await composeQuoteMail(mail('quote_request', { quoteId: quote!.id, to: 'shop.words@mail.test' }));
    expect(composed.text).toContain(words);
    expect(composed.text).not.toContain('Old Words');
  });
});
