// What the shop's mails say, checked on their plain-text part (the HTML part is the same template): every line with
// its SKU, options, quantity and amounts, the totals, both addresses, absolute links; markup typed into names,
// addresses or settings comes out as text; subjects stay on one line.
import { describe, expect, it } from 'vitest';
import type { Address } from '@/lib/checkout/address';
import { composedMailSchema, mailAddress, subjectText } from '@/lib/mail/message';
import { renderMail } from '@/lib/mail/templates/render';
import { messageFor, type MessageFacts, type OrderFacts } from '@/lib/orders/messages';
import { EXEMPT, TAXED } from '../support/order-charges';

const SITE = 'https://shop.example';
const shop = { name: 'Aurelia <em>Fine</em> Jewelry', postalAddress: '12 Jeweller Row\nProvidence, RI 02903', supportEmail: 'help@shop.example', supportPhone: '+1 401 555 0100', siteUrl: SITE };
const address: Address = { full_name: 'Grace <b>Hopper</b>', address_line1: '1 Compiler Way', address_line2: 'Suite 2', city: 'Arlington', state: 'VA', postal_code: '22201', country: 'US', phone: '+1 555 0100' };
const order: OrderFacts = {
  id: '0b9c7b43-4d36-4a55-9d54-2b8ac1f0e1a1',
  reference: 'AFJ-1042',
  placedAt: new Date('2026-11-23T19:05:00Z'),
  customerName: 'Grace Hopper',
  customerEmail: 'grace@buyer.example',
  customerPhone: '+1 555 0100',
  companyName: null,
  purchaseOrder: null,
  totalCents: 16_096,
  // An order from before shipping and tax: its goods are its total.
  charges: { goodsCents: 16_096, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null },
  shipping: address,
  billing: { ...address, full_name: 'Accounts Payable', address_line1: '9 Ledger St', address_line2: '' },
};
const links = { order: `${SITE}/order-confirmation/${order.id}?t=abc`, invoice: `${SITE}/api/orders/${order.id}/invoice?t=abc`, creditNote: null };
const common = { to: 'grace@buyer.example', shop, timeZone: 'America/New_York', order, links };
const lines = [
  { sku: 'RG-1', name: 'Halo <script>alert(1)</script> Ring', options: 'Stone: Sapphire, Material: Gold', quantity: 1, unitPriceCents: 2450, lineTotalCents: 2450 },
  { sku: 'NK-2', name: 'Rope Chain', options: 'Necklace Length: 20", Style: Necklace', quantity: 2, unitPriceCents: 4825, lineTotalCents: 9650 },
  { sku: null, name: 'Old Stud', options: '', quantity: 4, unitPriceCents: 999, lineTotalCents: 3996 },
];

async function text(facts: MessageFacts) {
  const message = messageFor(facts);
  const { html, text } = await renderMail(message.element);
  return { ...message, html, text };
}

describe('order confirmation', () => {
  it('lists every line with SKU, options, quantity, unit price and line total, then the total', async () => {
    const m = await text({ ...common, kind: 'order_confirmation', lines, invoiceNumber: 'INV-2026-000123' });
    expect(m.subject).toBe('Your order AFJ-1042 is confirmed');
    expect(m.to).toBe('grace@buyer.example');
    const rows = m.text.split('\n');
    const ring = rows.findIndex((r) => r.includes('Halo <script>alert(1)</script> Ring'));
    expect(rows[ring]).toMatch(/Halo <script>alert\(1\)<\/script> Ring\s+1\s+\$24\.50\s+\$24\.50/);
    expect(rows[ring + 1]).toContain('SKU: RG-1 · Stone: Sapphire, Material: Gold');
    expect(m.text).toMatch(/Rope Chain\s+2\s+\$48\.25\s+\$96\.50/);
    expect(m.text).toContain('SKU: NK-2 · Necklace Length: 20", Style: Necklace');
    expect(m.text).toMatch(/Old Stud\s+4\s+\$9\.99\s+\$39\.96/);
    expect(m.text).toContain('SKU: N/A');
    expect(m.text).toMatch(/Total paid\s+\$160\.96/);
    expect(m.text).toContain('Your invoice INV-2026-000123 is attached.');
    expect(m.text).toContain('placed Nov 23, 2026, 2:05 PM');
  });

  it('shows both addresses and absolute links to the order and its invoice', async () => {
    const m = await text({ ...common, kind: 'order_confirmation', lines, invoiceNumber: 'INV-2026-000123' });
    expect(m.text).toMatch(/Shipping address\s+Grace <b>Hopper<\/b>\s+1 Compiler Way\s+Suite 2\s+Arlington, VA 22201\s+United States/);
    expect(m.text).toMatch(/Billing address\s+Accounts Payable\s+9 Ledger St\s+Arlington, VA 22201/);
    expect(m.text).toContain(`View your order ${links.order}`);
    expect(m.text).toContain(`Download invoice (PDF) ${links.invoice}`);
    for (const href of m.html.matchAll(/href="([^"]+)"/g)) expect(href[1]).toMatch(/^(https:\/\/shop\.example(\/|$)|mailto:)/);
  });

  it('keeps markup from names, addresses and settings as text, never as HTML', async () => {
    const m = await text({ ...common, kind: 'order_confirmation', lines, invoiceNumber: null });
    expect(m.html).not.toContain('<script>');
    expect(m.html).not.toContain('<b>Hopper');
    expect(m.html).not.toContain('<em>Fine');
    expect(m.html).toContain('Halo &lt;script&gt;alert(1)&lt;/script&gt; Ring');
    expect(m.html).toContain('Aurelia &lt;em&gt;Fine&lt;/em&gt; Jewelry');
    expect(m.text).toContain('Aurelia <em>Fine</em> Jewelry');
    expect(m.text).toMatch(/12 Jeweller Row\s+Providence, RI 02903/);
  });
});

// Goods $100.00, UPS Ground $15.00 and $11.79 of tax in two jurisdictions: $126.79.
const taxed = TAXED;
const taxedLines = [{ sku: 'RG-1', name: 'Halo Ring', options: '', quantity: 4, unitPriceCents: 2500, lineTotalCents: 10_000 }];
const exempt = EXEMPT;

describe('goods, shipping and tax', () => {
  it('the confirmation and the notice show the subtotal, shipping by its method, each tax and the total', async () => {
    const o = { ...order, totalCents: 12_679, charges: taxed };
    const confirmation = await text({ ...common, order: o, kind: 'order_confirmation', lines: taxedLines, invoiceNumber: null });
    const notice = await text({ ...common, order: o, to: 'orders@shop.example', kind: 'order_notice', lines: taxedLines });
    for (const m of [confirmation, notice]) {
      expect(m.text).toMatch(/Subtotal\s+\$100\.00/);
      expect(m.text).toMatch(/Shipping \(UPS Ground\)\s+\$15\.00/);
      expect(m.text).toMatch(/Illinois State Tax \(6\.25%\)\s+\$7\.19/);
      expect(m.text).toMatch(/Chicago City Tax \(4\.4%\)\s+\$4\.60/);
      expect(m.html).toContain('Shipping (UPS Ground)');
      expect(m.html).toContain('Illinois State Tax (6.25%)');
      expect(m.text).not.toContain('No sales tax charged');
    }
    expect(confirmation.text).toMatch(/Total paid\s+\$126\.79/);
    expect(notice.text).toMatch(/Total\s+\$126\.79/);
    expect(notice.subject).toBe('New order AFJ-1042: $126.79 from Grace Hopper');
  });

  it('one Sales tax row without a breakdown, Free shipping by a method that cost nothing', async () => {
    const o = { ...order, totalCents: 11_179, charges: { ...taxed, shippingCents: 0, taxBreakdown: [] } };
    const m = await text({ ...common, order: o, kind: 'order_confirmation', lines: taxedLines, invoiceNumber: null });
    expect(m.text).toMatch(/Shipping \(UPS Ground\)\s+Free/);
    expect(m.text).toMatch(/Sales tax\s+\$11\.79/);
    expect(m.text).toMatch(/Total paid\s+\$111\.79/);
  });

  it('an exempt order says why no tax was charged, in both parts', async () => {
    const o = { ...order, totalCents: 11_500, charges: exempt };
    for (const kind of ['order_confirmation', 'order_notice'] as const) {
      const m = await text({ ...common, order: o, kind, lines: taxedLines, invoiceNumber: null });
      expect(m.text, kind).toMatch(/Sales tax\s+\$0\.00/);
      expect(m.text, kind).toContain('No sales tax charged: Resale certificate on file.');
      expect(m.html, kind).toContain('No sales tax charged: Resale certificate on file.');
    }
  });

  it('an order from before shows its total alone, as it did', async () => {
    const m = await text({ ...common, kind: 'order_confirmation', lines, invoiceNumber: null });
    expect(m.text).toMatch(/Total paid\s+\$160\.96/);
    for (const word of ['Subtotal', 'Shipping (', 'Sales tax', 'No sales tax']) expect(m.text).not.toContain(word);
    const notice = await text({ ...common, to: 'orders@shop.example', kind: 'order_notice', lines });
    expect(notice.text).not.toContain('Subtotal');
  });
});

describe('the other messages', () => {
  it('dispatched: carrier, tracking number and the carrier link', async () => {
    const m = await text({ ...common, kind: 'dispatched', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
    expect(m.subject).toBe('Your order AFJ-1042 is on its way');
    expect(m.text).toContain('Carrier: UPS');
    expect(m.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(m.text).toContain('Track your parcel https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('dispatched without tracking details says so', async () => {
    const m = await text({ ...common, kind: 'dispatched', carrier: null, trackingNumber: null, trackingUrl: null });
    expect(m.text).toContain('The carrier gave no tracking number for this parcel.');
    expect(m.text).not.toContain('Track your parcel');
  });

  it('refund: the amount and what remains paid', async () => {
    const m = await text({ ...common, links: { ...links, creditNote: `${SITE}/api/orders/${order.id}/credit-notes/CN-2026-000007?t=abc` }, kind: 'refund', amountCents: 2450, remainingCents: 13_646, creditNoteNumber: 'CN-2026-000007', taxCents: null });
    expect(m.subject).toBe('Refund of $24.50 for order AFJ-1042');
    expect(m.text).toMatch(/Refunded\s+\$24\.50/);
    expect(m.text).not.toContain('of which sales tax');
    expect(m.text).toMatch(/Still paid for this order\s+\$136\.46/);
    expect(m.text).toContain('Your credit note CN-2026-000007 is attached.');
    expect(m.text).toContain(`${SITE}/api/orders/${order.id}/credit-notes/CN-2026-000007?t=abc`);
  });

  it('refund of a taxed order: the sales tax within it, as its credit note states it', async () => {
    const m = await text({ ...common, kind: 'refund', amountCents: 2_000, remainingCents: 10_679, creditNoteNumber: 'CN-2026-000008', taxCents: 186 });
    expect(m.text).toMatch(/Refunded\s+\$20\.00\s+of which sales tax\s+\$1\.86\s+Still paid for this order\s+\$106\.79/);
  });

  it('refund of chosen lines: the reason and each line credited', async () => {
    const credited = [
      { sku: 'R-1', name: 'Ruby Ring', options: 'Stone: Ruby', quantity: 1, unitPriceCents: 2_450, lineTotalCents: 2_450 },
      { sku: null, name: 'Shipping', options: '', quantity: 1, unitPriceCents: 1_500, lineTotalCents: 1_500 },
    ];
    const m = await text({ ...common, kind: 'refund', amountCents: 3_950, remainingCents: 9_000, creditNoteNumber: 'CN-2026-000009', taxCents: null, reason: 'Damaged', note: 'Clasp bent', creditedLines: credited });
    expect(m.text).toContain('Reason: Damaged (Clasp bent)');
    expect(m.text).toContain('Ruby Ring');
    expect(m.text).toMatch(/Shipping[\s\S]*\$15\.00/);
    // A refund of an amount without a reason names neither.
    const plain = await text({ ...common, kind: 'refund', amountCents: 500, remainingCents: 9_000, creditNoteNumber: null, taxCents: null });
    expect(plain.text).not.toContain('Reason:');
    expect(plain.text).not.toContain('Unit price');
  });

  it('new-order notice: reference, customer, total and the admin orders link', async () => {
    const m = await text({ ...common, to: 'orders@shop.example', kind: 'order_notice', lines });
    expect(m.subject).toBe('New order AFJ-1042: $160.96 from Grace Hopper');
    expect(m.text).toContain('Customer: Grace Hopper');
    expect(m.text).toContain('E-mail: grace@buyer.example');
    expect(m.text).toMatch(/Total\s+\$160\.96/);
    expect(m.text).toContain(`Open orders ${SITE}/admin/orders`);
  });

  it('keeps a subject on one line whatever the name holds', async () => {
    const m = await text({ ...common, to: 'orders@shop.example', kind: 'order_notice', lines, order: { ...order, customerName: 'Eve\r\nBcc: victim@example.com' } });
    expect(m.subject).toBe('New order AFJ-1042: $160.96 from Eve Bcc: victim@example.com');
    expect(subjectText('a\u2028b\tc')).toBe('a b c');
    expect(subjectText('Ada\u202eecalevoL\u200f\u061c \u2066Byron\u2069\u200e')).toBe('Ada ecalevoL Byron');
  });

  it('cuts a long subject between characters, never inside an emoji', () => {
    const cut = subjectText(`${'a'.repeat(118)}💍💍💍`);
    expect(cut).toBe(`${'a'.repeat(118)}💍…`);
    expect(cut.isWellFormed()).toBe(true);
  });
});

describe('the message boundary', () => {
  it('refuses an address with a line break, a second address or a display name', () => {
    for (const bad of ['grace@buyer.example\r\nBcc: eve@evil.example', 'grace@buyer.example\n', 'a@b.example, c@d.example', 'Grace <grace@buyer.example>', 'not-an-address']) {
      expect(mailAddress.safeParse(bad).success, bad).toBe(false);
    }
    expect(mailAddress.safeParse('grace+orders@buyer.example').success).toBe(true);
  });

  it('refuses a subject with a line break', () => {
    const mail = { to: 'a@b.example', subject: 'Hello\r\nBcc: x@y.example', html: '<p>x</p>', text: 'x', attachments: [] };
    expect(composedMailSchema.safeParse(mail).success).toBe(false);
    expect(composedMailSchema.safeParse({ ...mail, subject: 'Hello' }).success).toBe(true);
  });
});
