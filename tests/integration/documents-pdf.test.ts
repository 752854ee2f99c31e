// The invoice PDF read back as text (unpdf): seller, tax number, buyer, every line with SKU, options, quantity, unit
// price and total, the totals and the footer, all from the snapshot; HTML in a product name printed as text; the same
// bytes every time; and a 500-line order over several pages, each with the table's header and 'Page n of m', no row
// cut between two pages. Goods, shipping by its method, each tax jurisdiction and the total; an exempt buyer's reason;
// a credit note's tax refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asServiceRole, db } from '@/lib/core/db';
import { formatCents } from '@/lib/core/format/money';
import type { OrderCharges } from '@/lib/documents/charges';
import { issueCreditNotes, issueInvoice } from '@/lib/documents/issue';
import { renderDocumentPdf } from '@/lib/documents/pdf';
import { readCreditNote, readInvoice } from '@/lib/documents/store';
import type { DocumentLine } from '@/lib/documents/types';
import { SEED_SHOP_SETTINGS } from '@/supabase/seed/shop-settings';
import { ADDRESS, insertProducts, setDelivery, sql, startWebhookEndpoint, type TestProducts, type WebhookEndpoint, removeProducts, restoreDelivery } from './checkout-support';
import { BUYER_EMAIL, fulfilledOrder, pdfPages } from './documents-support';
import { EXEMPT, TAXED } from '../support/order-charges';

let p: TestProducts;
let endpoint: WebhookEndpoint;

beforeAll(async () => {
  p = await insertProducts();
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

const invoicePdf = async (orderId: string) => renderDocumentPdf((await asServiceRole((tx) => readInvoice(tx, orderId)))!);

describe('the invoice PDF', () => {
  it('shows the seller, the buyer, every line and the totals from the snapshot', async () => {
    const order = await fulfilledOrder(p);
    const [invoice] = await sql<{ number: string }[]>`select number from invoices where order_id = ${order.orderId}`;
    // The checkout's shipping and tax, as the fulfilment copied them onto the order.
    const [charged] = await sql<{ shipping_method: string; shipping_cents: string }[]>`
      select shipping_method, shipping_cents from orders where id = ${order.orderId}`;
    const pages = await pdfPages(await invoicePdf(order.orderId));
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'Invoice',
      invoice!.number,
      SEED_SHOP_SETTINGS.shopName,
      '214 Jewelers Row',
      'Philadelphia, PA 19106',
      `Tax number: ${SEED_SHOP_SETTINGS.taxNumber}`,
      `${SEED_SHOP_SETTINGS.supportEmail} · ${SEED_SHOP_SETTINGS.supportPhone}`,
      // The buyer, and both addresses.
      ADDRESS.full_name,
      BUYER_EMAIL,
      ADDRESS.phone,
      '1 Compiler Way',
      'Accounts Payable',
      '9 Ledger St',
      'Reston, VA 20190',
      // The table and its two lines: SKU, name, options, quantity, unit price, line total.
      'SKU Item Qty Unit price Total',
      `${p.tag}-R Checkout Ring`,
      'Stone: Sapphire, Material: Gold',
      '3 $24.50 $73.50',
      `${p.tag}-N Checkout Chain`,
      'Necklace Length: 20", Material: Silver, Style: Necklace',
      '2 $48.25 $96.50',
      'Subtotal $170.00',
      `Shipping (${charged!.shipping_method}) ${Number(charged!.shipping_cents) === 0 ? 'Free' : formatCents(Number(charged!.shipping_cents))}`,
      `Total ${formatCents(order.totalCents)}`,
      'Paid by card.',
      'Thank you for your order.',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(order.totalCents).toBeGreaterThanOrEqual(17_000);
  });

  it('prints HTML in a product name and an address as the text it is', async () => {
    const [ring] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, stone_details, price_stone1, price_stone2)
      values ('<b>Bold</b> <script>alert(1)</script> Ring', ${p.tag + '-H'}, 'gold', ${sql.json({ Stone1: 'Ruby', Stone2: 'Sapphire' })}, 12.5, 14)
      returning id`;
    const order = await fulfilledOrder({ ...p, ring: ring!.id });
    const text = (await pdfPages(await invoicePdf(order.orderId))).join('\n');
    expect(text).toContain('<b>Bold</b> <script>alert(1)</script> Ring');
  });

  it('is the same bytes every time it is made', async () => {
    const order = await fulfilledOrder(p);
    const [a, b] = [await invoicePdf(order.orderId), await invoicePdf(order.orderId)];
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('paginates a 500-line order: every page has the table header and its number, and no row is cut', { timeout: 180_000 }, async () => {
    const [order] = await sql<{ id: string; created_at: Date }[]>`
      insert into orders (order_reference, customer_name, status, total_amount) values ('BIG-500', 'Bulk Buyer', 'completed', 0)
      returning id, created_at`;
    const lines: DocumentLine[] = Array.from({ length: 500 }, (_, i) => {
      const n = String(i + 1).padStart(4, '0');
      const unit = 100_000 + i + 1;
      // Every tenth line has a long name that wraps, so rows differ in height.
      const name = i % 10 === 0 ? `Piece ${n} with a long descriptive name that wraps onto a second line of the table` : `Piece ${n}`;
      return { sku: `BIG-${n}`, name, options: `Opt ${n}, Material: Gold`, quantity: 1, unitPriceCents: unit, lineTotalCents: unit };
    });
    const total = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
    await asServiceRole((tx) =>
      issueInvoice(tx, {
        orderId: order!.id,
        reference: 'BIG-500',
        placedAt: order!.created_at,
        buyer: { name: 'Bulk Buyer', email: null, phone: null, shipping: ADDRESS, billing: null },
        lines,
        totalCents: total,
        currency: 'usd',
      }),
    );
    const pages = await pdfPages(await invoicePdf(order!.id));
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    for (const line of lines) {
      const n = line.sku!.slice(4);
      const holding = pages.map((text, i) => [text, i] as const).filter(([text]) => text.includes(`${line.sku} Piece ${n}`));
      expect(holding, `${line.sku} is on exactly one page`).toHaveLength(1);
      const [text] = holding[0]!;
      // The whole row is on that page: its options (its last line) and its amounts.
      expect(text).toContain(`Opt ${n}, Material: Gold`);
      expect(text).toContain(`1 ${formatCents(line.unitPriceCents)} ${formatCents(line.lineTotalCents)}`);
      expect(text, `the page of ${line.sku} repeats the table header`).toContain('SKU Item Qty Unit price Total');
    }
    expect(pages.join(' ')).toContain(`Total ${formatCents(total)}`);
    await sql`delete from orders where id = ${order!.id}`;
  });
});

// Goods $100.00, UPS Ground $15.00 and $11.79 of tax in two jurisdictions: $126.79.
const total = (c: OrderCharges) => c.goodsCents + c.shippingCents + c.taxCents;

/** An order written as the fulfilment writes one with these charges, and its invoice issued with them. */
async function invoicedOrder(charges: OrderCharges): Promise<string> {
  const [order] = await sql<{ id: string; created_at: Date }[]>`
    insert into orders (order_reference, customer_name, status, total_amount, goods_cents, shipping_method, shipping_cents, tax_cents,
                        tax_breakdown, tax_exempt_reason)
    values (${'TAX-' + Date.now()}, 'Tax Buyer', 'completed', ${total(charges)}, ${charges.goodsCents}, ${charges.shippingMethod},
            ${charges.shippingCents}, ${charges.taxCents}, ${sql.json(charges.taxBreakdown as never)}, ${charges.taxExemptReason})
    returning id, created_at`;
  await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method)
            values (${order!.id}, 'stripe', ${'pi_tax_' + order!.id}, ${total(charges)}, 'completed', 'card')`;
  await asServiceRole((tx) =>
    issueInvoice(tx, {
      orderId: order!.id,
      reference: 'TAX-1',
      placedAt: order!.created_at,
      buyer: { name: 'Tax Buyer', email: null, phone: null, shipping: ADDRESS, billing: null },
      lines: [{ sku: 'RG-1', name: 'Halo Ring', options: 'Material: Gold', quantity: 4, unitPriceCents: 2_500, lineTotalCents: 10_000 }],
      totalCents: total(charges),
      currency: 'usd',
      charges,
    }),
  );
  return order!.id;
}

describe('goods, shipping and tax on the documents', () => {
  it('the invoice shows the subtotal, the shipping method and its cost, each jurisdiction and the total, and keeps them', async () => {
    const orderId = await invoicedOrder(TAXED);
    const text = (await pdfPages(await invoicePdf(orderId))).join(' ');
    for (const expected of ['Subtotal $100.00', 'Shipping (UPS Ground) $15.00', 'Illinois State Tax (6.25%) $7.19', 'Chicago City Tax (4.4%) $4.60', 'Total $126.79']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('No sales tax charged');
    // The snapshot holds them: a later change of the order changes nothing on the invoice.
    await sql`update orders set shipping_method = 'Changed', tax_breakdown = '[]' where id = ${orderId}`;
    const [row] = await sql<{ snapshot: { charges: OrderCharges } }[]>`select snapshot from invoices where order_id = ${orderId}`;
    expect(row!.snapshot.charges).toEqual(TAXED);
    await sql`delete from orders where id = ${orderId}`;
  });

  it('an exempt invoice says why no sales tax was charged', async () => {
    const orderId = await invoicedOrder(EXEMPT);
    const text = (await pdfPages(await invoicePdf(orderId))).join(' ');
    for (const expected of ['Subtotal $100.00', 'Shipping (UPS Ground) $15.00', 'Sales tax $0.00', 'Total $115.00', 'No sales tax charged: Resale certificate on file.']) {
      expect(text, expected).toContain(expected);
    }
    await sql`delete from orders where id = ${orderId}`;
  });

  it("a credit note shows the refund's tax share, read from its refund", async () => {
    const orderId = await invoicedOrder(TAXED);
    await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method, kind, tax_cents)
              values (${orderId}, 'stripe', ${'re_tax_' + orderId}, 5000, 'succeeded', 'card', 'refund', 465)`;
    const [note] = await asServiceRole((tx) => issueCreditNotes(tx, orderId));
    const doc = (await asServiceRole((tx) => readCreditNote(tx, orderId, note!.number)))!;
    expect(doc.snapshot.refund).toMatchObject({ amountCents: 5_000, taxCents: 465, remainingCents: 7_679 });
    const text = (await pdfPages(await renderDocumentPdf(doc))).join(' ');
    for (const expected of ['Invoice total $126.79', 'Goods and shipping credited -$45.35', 'Sales tax credited -$4.65', 'Amount credited -$50.00', 'Remaining paid $76.79']) {
      expect(text, expected).toContain(expected);
    }
    await sql`delete from orders where id = ${orderId}`;
  });
});
