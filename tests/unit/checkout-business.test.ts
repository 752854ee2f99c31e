// The optional company name and PO number at checkout: the address-save body's rule (optional, trimmed, blank is
// null, length capped, control characters refused with a readable message), and where an order shows them: the
// invoice's PDF content (an older snapshot without them still reads) and the buyer's and the shop's mails.
import { describe, expect, it } from 'vitest';
import { companyNameSchema, purchaseOrderSchema, saveAddressesSchema } from '@/lib/checkout/address-schema';
import { documentContent } from '@/lib/documents/pdf-content';
import type { IssuedDocument } from '@/lib/documents/types';
import { renderMail } from '@/lib/mail/templates/render';
import { messageFor, type OrderFacts } from '@/lib/orders/messages';

const address = { full_name: 'Ada', address_line1: '2 Oak Ave', address_line2: '', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', phone: '+1 555 0100' };
const body = { checkoutId: '0b9c7b43-4d36-4a55-9d54-2b8ac1f0e1a1', email: 'ada@buyer.example', shipping: address };

describe('company name and PO number schema', () => {
  it('are optional: missing, null or blank become null', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(purchaseOrderSchema.parse(value)).toBeNull();
      expect(companyNameSchema.parse(value)).toBeNull();
    }
    const parsed = saveAddressesSchema.parse(body);
    expect(parsed.company).toBeNull();
    expect(parsed.purchaseOrder).toBeNull();
  });

  it('are trimmed and kept as typed', () => {
    const parsed = saveAddressesSchema.parse({ ...body, company: '  Lovelace & Co.  ', purchaseOrder: ' PO-2026/0042 ' });
    expect(parsed.company).toBe('Lovelace & Co.');
    expect(parsed.purchaseOrder).toBe('PO-2026/0042');
  });

  it('refuse a PO number over 40 characters and a company name over 120, after trimming', () => {
    expect(purchaseOrderSchema.parse(` ${'P'.repeat(40)} `)).toBe('P'.repeat(40));
    const po = purchaseOrderSchema.safeParse('P'.repeat(41));
    expect(po.success).toBe(false);
    expect(po.error?.issues[0]?.message).toBe('PO number is too long (40 characters at most)');
    expect(companyNameSchema.parse('C'.repeat(120))).toBe('C'.repeat(120));
    expect(companyNameSchema.safeParse('C'.repeat(121)).error?.issues[0]?.message).toBe('Company name is too long (120 characters at most)');
  });

  it('refuse control characters, line breaks and bidi overrides, naming the field', () => {
    for (const bad of ['PO\n42', 'PO\u000042', 'PO\u001b[31m', 'PO\u202e24', 'PO\u2028']) {
      const result = purchaseOrderSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('PO number must not contain control characters');
    }
    expect(companyNameSchema.safeParse('Acme\r\nBcc: x@y.z').error?.issues[0]?.message).toBe('Company name must not contain control characters');
    expect(saveAddressesSchema.safeParse({ ...body, purchaseOrder: 'PO\t1' }).error?.issues[0]?.path).toEqual(['purchaseOrder']);
  });

  it('refuse anything but text', () => {
    expect(purchaseOrderSchema.safeParse(42).success).toBe(false);
    expect(companyNameSchema.safeParse({}).success).toBe(false);
  });
});

const invoice = (order: Partial<{ purchaseOrder: string | null }>, company?: string | null): IssuedDocument => ({
  kind: 'invoice',
  id: 'i1',
  number: 'INV-2026-000123',
  orderId: 'o1',
  issuedAt: '2026-12-01T15:00:00.000Z',
  amountCents: 1000,
  snapshot: {
    seller: { shopName: 'Aurelia', postalAddress: '', supportEmail: '', supportPhone: '', taxNumber: '', invoiceFooter: '' },
    buyer: { name: 'Ada', ...(company === undefined ? {} : { company }), email: 'ada@buyer.example', phone: null, shipping: address, billing: null },
    order: { id: 'o1', reference: 'AFJ-100123', placedAt: '2026-12-01T15:00:00.000Z', ...order },
    lines: [{ sku: 'RG-1', name: 'Ring', options: '', quantity: 1, unitPriceCents: 1000, lineTotalCents: 1000 }],
    currency: 'usd',
    totalCents: 1000,
  },
});

describe('the invoice PDF content', () => {
  it('shows the PO number beside the order and the company under the buyer', () => {
    const c = documentContent(invoice({ purchaseOrder: 'PO-2026/0042' }, 'Lovelace & Co.'), 'America/New_York');
    expect(c.meta).toContainEqual(['PO number', 'PO-2026/0042']);
    expect(c.meta[1]).toEqual(['Order', 'AFJ-100123']);
    expect(c.parties[0]).toEqual({ heading: 'Buyer', lines: ['Ada', 'Company: Lovelace & Co.', 'ada@buyer.example'] });
  });

  it('shows neither when not given, nor for a snapshot issued before they existed', () => {
    for (const doc of [invoice({ purchaseOrder: null }, null), invoice({})]) {
      const c = documentContent(doc, 'America/New_York');
      expect(c.meta.map(([label]) => label)).toEqual(['Issued', 'Order', 'Order date']);
      expect(c.parties[0]!.lines).toEqual(['Ada', 'ada@buyer.example']);
    }
  });
});

describe('the order mails', () => {
  const shop = { name: 'Aurelia', postalAddress: '', supportEmail: 'help@shop.example', supportPhone: '', siteUrl: 'https://shop.example' };
  const order: OrderFacts = {
    id: 'o1', reference: 'AFJ-100123', placedAt: new Date('2026-12-01T15:00:00Z'), customerName: 'Ada', customerEmail: 'ada@buyer.example',
    customerPhone: null, companyName: 'Lovelace <b>& Co.</b>', purchaseOrder: 'PO-2026/0042', totalCents: 1000, shipping: address, billing: address,
    charges: { goodsCents: 1000, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null },
  };
  const links = { order: 'https://shop.example/o', invoice: 'https://shop.example/i', creditNote: null };
  const lines = [{ sku: 'RG-1', name: 'Ring', options: '', quantity: 1, unitPriceCents: 1000, lineTotalCents: 1000 }];
  const common = { to: 'ada@buyer.example', shop, timeZone: 'America/New_York', links };

  it('tell the buyer and the shop the company and PO number, as text', async () => {
    for (const kind of ['order_confirmation', 'order_notice'] as const) {
      const m = messageFor({ ...common, order, kind, lines, invoiceNumber: null });
      const { text, html } = await renderMail(m.element);
      expect(text, kind).toContain('Company: Lovelace <b>& Co.</b>');
      expect(text, kind).toContain('PO number: PO-2026/0042');
      expect(html, kind).not.toContain('<b>& Co.');
    }
  });

  it('say nothing of them when not given', async () => {
    const m = messageFor({ ...common, order: { ...order, companyName: null, purchaseOrder: null }, kind: 'order_confirmation', lines, invoiceNumber: null });
    const { text } = await renderMail(m.element);
    expect(text).not.toContain('Company:');
    expect(text).not.toContain('PO number');
  });
});
