// What a document's PDF says, from its snapshot alone: addresses as on an envelope, 'N/A' for a missing SKU, amounts
// formatted from cents, dates in the shop's time zone, and for a credit note the amount credited, the invoice it
// credits and what remains paid.
import { describe, expect, it } from 'vitest';
import { documentContent } from '@/lib/documents/pdf-content';
import { addressLines } from '@/lib/checkout/address-lines';
import type { IssuedDocument } from '@/lib/documents/types';
import { TAXED } from '../support/order-charges';

const invoice: IssuedDocument = {
  kind: 'invoice',
  id: 'i1',
  number: 'INV-2026-000123',
  orderId: 'o1',
  // 23:30 on 31 December in New York is already 1 January in UTC.
  issuedAt: '2027-01-01T04:30:00.000Z',
  amountCents: 123_450,
  snapshot: {
    seller: { shopName: 'Aurelia', postalAddress: '1 Main St\r\n\r\nSpringfield, IL 62701', supportEmail: 's@a.test', supportPhone: '+1 555', taxNumber: 'EIN 1', invoiceFooter: 'Thanks.\n\nSee you.' },
    buyer: {
      name: 'Ada',
      email: null,
      phone: null,
      shipping: { full_name: 'Ada', address_line1: '2 Oak Ave', address_line2: '', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', phone: '' },
      billing: null,
    },
    order: { id: 'o1', reference: 'AFJ-100123', placedAt: '2026-12-31T20:00:00.000Z' },
    lines: [{ sku: null, name: 'Ring', options: 'Material: Gold', quantity: 5, unitPriceCents: 24_690, lineTotalCents: 123_450 }],
    currency: 'usd',
    totalCents: 123_450,
  },
};

describe('documentContent', () => {
  it('says what an invoice shows, from the snapshot', () => {
    const c = documentContent(invoice, 'America/New_York');
    expect(c.title).toBe('Invoice');
    expect(c.meta).toEqual([
      ['Issued', 'Dec 31, 2026'],
      ['Order', 'AFJ-100123'],
      ['Order date', 'Dec 31, 2026'],
    ]);
    expect(c.seller).toEqual({ name: 'Aurelia', lines: ['1 Main St', 'Springfield, IL 62701', 'Tax number: EIN 1', 's@a.test · +1 555'] });
    expect(c.parties).toEqual([
      { heading: 'Buyer', lines: ['Ada'] },
      // No billing address: billed to the shipping address.
      { heading: 'Billing address', lines: ['Ada', '2 Oak Ave', 'Boston, MA 02110', 'United States'] },
      { heading: 'Shipping address', lines: ['Ada', '2 Oak Ave', 'Boston, MA 02110', 'United States'] },
    ]);
    expect(c.lines).toEqual([{ sku: 'N/A', name: 'Ring', options: 'Material: Gold', quantity: '5', unitPrice: '$246.90', total: '$1,234.50' }]);
    expect(c.totals).toEqual([{ label: 'Total', value: '$1,234.50', strong: true }]);
    expect(c.footer).toBe('Thanks.\nSee you.');
  });

  it('says what a credit note credits and what remains paid', () => {
    const note: IssuedDocument = {
      ...invoice,
      kind: 'credit_note',
      number: 'CN-2027-000001',
      amountCents: 2_000,
      snapshot: { ...invoice.snapshot, refund: { amountCents: 2_000, invoiceNumber: 'INV-2026-000123', remainingCents: 121_450, reference: 're_1' } },
    };
    const c = documentContent(note, 'America/New_York');
    expect(c.title).toBe('Credit note');
    expect(c.meta.at(-1)).toEqual(['Credits invoice', 'INV-2026-000123']);
    expect(c.totals).toEqual([
      { label: 'Invoice total', value: '$1,234.50' },
      { label: 'Amount credited', value: '-$20.00', strong: true },
      { label: 'Remaining paid', value: '$1,214.50' },
    ]);
    expect(c.notes).toContain('Refund reference: re_1');
    // A note from before refunds named their lines: one Refund line of the amount, not the invoice's lines again, and
    // closing words that suit a credit rather than the invoice's footer.
    expect(c.lines).toEqual([{ sku: '', name: 'Refund', options: '', quantity: '1', unitPrice: '$20.00', total: '$20.00' }]);
    expect(c.footer).toBe('This credit note records a refund of $20.00 to your original payment.');
  });

  it('lists the lines and shipping a refund credited, and why', () => {
    const line = { sku: 'R-1', name: 'Ring', options: 'Material: Gold', quantity: 2, unitPriceCents: 24_690, lineTotalCents: 49_380 };
    const note: IssuedDocument = {
      ...invoice,
      kind: 'credit_note',
      number: 'CN-2027-000003',
      amountCents: 50_880,
      snapshot: {
        ...invoice.snapshot,
        lines: [line],
        refund: { amountCents: 50_880, invoiceNumber: 'INV-2026-000123', remainingCents: 72_570, reference: 're_3', reason: 'Damaged', note: 'Clasp bent.', credited: { shippingCents: 1_500 } },
      },
    };
    const c = documentContent(note, 'UTC');
    expect(c.lines).toEqual([
      { sku: 'R-1', name: 'Ring', options: 'Material: Gold', quantity: '2', unitPrice: '$246.90', total: '$493.80' },
      { sku: '', name: 'Shipping', options: '', quantity: '1', unitPrice: '$15.00', total: '$15.00' },
    ]);
    expect(c.notes).toEqual(['Reason: Damaged. Clasp bent.', 'Refunded to the card used for the order.', 'Refund reference: re_3']);
    expect(c.footer).toBe('This credit note records a refund of $508.80 to your original payment.');
    // A refund of an amount with a reason: one line naming it; on terms, the words say it was credited on the invoice.
    const amount = documentContent({ ...note, snapshot: { ...note.snapshot, lines: [], refund: { ...note.snapshot.refund!, credited: undefined, reason: 'Goodwill', note: null, onTerms: true } } }, 'UTC');
    expect(amount.lines.map((l) => [l.name, l.total])).toEqual([['Refund: Goodwill', '$508.80']]);
    expect(amount.notes).toContain('Credited on the invoice for the order.');
    expect(amount.footer).toBe('This credit note records a credit of $508.80 on the invoice for this order.');
  });

  it('says "Not given" for a buyer with nothing on record, and shows a subtotal only when the lines differ from the total', () => {
    const bare = documentContent(
      { ...invoice, snapshot: { ...invoice.snapshot, buyer: { name: null, email: null, phone: null, shipping: null, billing: null }, totalCents: 100_000 } },
      'UTC',
    );
    expect(bare.parties.map((p) => p.lines)).toEqual([['Not given'], ['Not given'], ['Not given']]);
    expect(bare.totals).toEqual([
      { label: 'Subtotal', value: '$1,234.50' },
      { label: 'Total', value: '$1,000.00', strong: true },
    ]);
  });
});

describe('goods, shipping and tax on a document', () => {
  // Goods $100.00, UPS Ground $15.00 and $11.79 of tax in two jurisdictions: $126.79.
  const charges = TAXED;
  const lines = [{ sku: 'RG-1', name: 'Ring', options: '', quantity: 4, unitPriceCents: 2_500, lineTotalCents: 10_000 }];
  const taxed: IssuedDocument = { ...invoice, amountCents: 12_679, snapshot: { ...invoice.snapshot, lines, totalCents: 12_679, charges } };

  it('an invoice shows the subtotal, shipping by its method, each jurisdiction and the total', () => {
    const c = documentContent(taxed, 'UTC');
    expect(c.totals).toEqual([
      { label: 'Subtotal', value: '$100.00' },
      { label: 'Shipping (UPS Ground)', value: '$15.00' },
      { label: 'Illinois State Tax (6.25%)', value: '$7.19' },
      { label: 'Chicago City Tax (4.4%)', value: '$4.60' },
      { label: 'Total', value: '$126.79', strong: true },
    ]);
    expect(c.notes).toEqual(['Paid by card.']);
  });

  it('one Sales tax row when the jurisdictions are not known, and Free shipping by a method that cost nothing', () => {
    const c = documentContent({ ...taxed, snapshot: { ...taxed.snapshot, totalCents: 11_179, charges: { ...charges, shippingCents: 0, taxBreakdown: [] } } }, 'UTC');
    expect(c.totals.map((t) => [t.label, t.value])).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping (UPS Ground)', 'Free'],
      ['Sales tax', '$11.79'],
      ['Total', '$111.79'],
    ]);
  });

  it('an exempt invoice says why no sales tax was charged', () => {
    const exempt = { ...charges, taxCents: 0, taxBreakdown: [], taxExemptReason: 'Resale certificate on file' };
    const c = documentContent({ ...taxed, snapshot: { ...taxed.snapshot, totalCents: 11_500, charges: exempt } }, 'UTC');
    expect(c.totals.map((t) => [t.label, t.value])).toEqual([
      ['Subtotal', '$100.00'],
      ['Shipping (UPS Ground)', '$15.00'],
      ['Sales tax', '$0.00'],
      ['Total', '$115.00'],
    ]);
    expect(c.notes).toEqual(['No sales tax charged: Resale certificate on file.', 'Paid by card.']);
  });

  it('an invoice of goods only, with or without charges in its snapshot, shows its total as before', () => {
    const goodsOnly = { goodsCents: 123_450, shippingMethod: null, shippingCents: 0, taxCents: 0, taxBreakdown: [], taxExemptReason: null };
    for (const doc of [invoice, { ...invoice, snapshot: { ...invoice.snapshot, charges: goodsOnly } }]) {
      expect(documentContent(doc, 'UTC').totals).toEqual([{ label: 'Total', value: '$1,234.50', strong: true }]);
    }
  });

  it("a credit note shows the refund's tax apart when the refund recorded it", () => {
    const refund = { amountCents: 5_000, invoiceNumber: 'INV-2026-000123', remainingCents: 7_679, reference: 're_2' };
    const note: IssuedDocument = { ...taxed, kind: 'credit_note', number: 'CN-2027-000002', amountCents: 5_000, snapshot: { ...taxed.snapshot, refund: { ...refund, taxCents: 465 } } };
    expect(documentContent(note, 'UTC').totals).toEqual([
      { label: 'Invoice total', value: '$126.79' },
      { label: 'Goods and shipping credited', value: '-$45.35' },
      { label: 'Sales tax credited', value: '-$4.65' },
      { label: 'Amount credited', value: '-$50.00', strong: true },
      { label: 'Remaining paid', value: '$76.79' },
    ]);
    // A refund without a recorded tax share (older ones): the amount alone.
    for (const r of [refund, { ...refund, taxCents: null }]) {
      const c = documentContent({ ...note, snapshot: { ...note.snapshot, refund: r } }, 'UTC');
      expect(c.totals.map((t) => t.label)).toEqual(['Invoice total', 'Amount credited', 'Remaining paid']);
    }
  });
});

describe('addressLines', () => {
  it('writes an address as on an envelope, without empty lines', () => {
    expect(addressLines({ full_name: 'Ada', address_line1: '1 Rue', address_line2: 'Apt 2', city: 'Paris', state: '', postal_code: '75001', country: 'FR', phone: '' })).toEqual([
      'Ada',
      '1 Rue',
      'Apt 2',
      'Paris, 75001',
      'France',
    ]);
    expect(addressLines(null)).toEqual([]);
  });
});
