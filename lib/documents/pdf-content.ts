// What a document's PDF says, as plain strings from the snapshot alone: amounts in cents formatted once here, dates
// in the shop's time zone. The layout (pdf.ts) only places these strings, so nothing in a product name, an address or
// the settings is ever read as markup. Pure.
import { addressLines } from '../checkout/address-lines';
import { COMPANY_LABEL, PURCHASE_ORDER_LABEL } from '../checkout/contact';
import { formatDate } from '../core/format/date';
import { formatCents } from '../core/format/money';
import { chargeRows, chargesNote, SUBTOTAL_LABEL } from './charges';
import { CREDIT_NOTE_TOTALS, CREDIT_NOTE_WORDS, DOCUMENT_TITLES, NO_SKU } from './labels';
import type { DocumentLine, IssuedDocument } from './types';

export interface PdfLine {
  sku: string;
  name: string;
  options: string;
  quantity: string;
  unitPrice: string;
  total: string;
}

export interface PdfBlock {
  heading: string;
  lines: string[];
}

export interface PdfContent {
  title: string;
  number: string;
  /** Label and value pairs beside the title: issue date, order reference and date, the invoice credited. */
  meta: [string, string][];
  seller: { name: string; lines: string[] };
  parties: PdfBlock[];
  lines: PdfLine[];
  totals: { label: string; value: string; strong?: boolean }[];
  notes: string[];
  footer: string;
}

const NOT_GIVEN = 'Not given';

/** Text as lines, blank ones dropped ('\r\n' or '\n'). */
export const textLines = (value: string | null | undefined): string[] =>
  (value ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);


export function documentContent(doc: IssuedDocument, timeZone: string): PdfContent {
  const s = doc.snapshot;
  const seller = s.seller;
  const buyer = s.buyer;
  const meta: [string, string][] = [
    ['Issued', formatDate(doc.issuedAt, timeZone)],
    ['Order', s.order.reference],
    ['Order date', formatDate(s.order.placedAt, timeZone)],
  ];
  if (s.order.purchaseOrder) meta.push([PURCHASE_ORDER_LABEL, s.order.purchaseOrder]);
  if (doc.kind === 'credit_note') meta.push(['Credits invoice', s.refund?.invoiceNumber ?? 'None']);

  const contact = [seller.supportEmail, seller.supportPhone].filter(Boolean).join(' · ');
  const sellerLines = [...textLines(seller.postalAddress), seller.taxNumber ? `Tax number: ${seller.taxNumber}` : '', contact].filter(Boolean);

  const company = buyer.company ? `${COMPANY_LABEL}: ${buyer.company}` : null;
  const buyerLines = [buyer.name, company, buyer.email, buyer.phone].filter((l): l is string => Boolean(l));
  const bill = addressLines(buyer.billing ?? buyer.shipping);
  const ship = addressLines(buyer.shipping);
  const parties: PdfBlock[] = [
    { heading: 'Buyer', lines: buyerLines.length ? buyerLines : [NOT_GIVEN] },
    { heading: 'Billing address', lines: bill.length ? bill : [NOT_GIVEN] },
    { heading: 'Shipping address', lines: ship.length ? ship : [NOT_GIVEN] },
  ];

  const lines = doc.kind === 'credit_note' ? creditedLines(doc) : s.lines.map(pdfLine);

  const totals: PdfContent['totals'] = [];
  const notes: string[] = [];
  if (doc.kind === 'invoice') {
    // Subtotal, shipping and each tax; a document from before charges shows a subtotal only when the lines differ.
    const rows = chargeRows(s.charges, s.totalCents);
    const linesSum = s.lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
    if (rows.length > 0) totals.push(...rows.map((r) => ({ label: r.label, value: r.value })));
    else if (linesSum !== s.totalCents) totals.push({ label: SUBTOTAL_LABEL, value: formatCents(linesSum) });
    totals.push({ label: 'Total', value: formatCents(s.totalCents), strong: true });
    const exempt = chargesNote(s.charges);
    if (exempt) notes.push(exempt);
    notes.push('Paid by card.');
  } else {
    const refund = s.refund;
    const credited = refund?.amountCents ?? doc.amountCents;
    const tax = refund?.taxCents;
    totals.push({ label: CREDIT_NOTE_TOTALS.invoiceTotal, value: formatCents(s.totalCents) });
    // The refund's share of tax, where the refund recorded one: the rest is goods and shipping.
    if (tax != null && tax > 0) {
      totals.push({ label: CREDIT_NOTE_TOTALS.goodsAndShipping, value: formatCents(-(credited - tax)) });
      totals.push({ label: CREDIT_NOTE_TOTALS.tax, value: formatCents(-tax) });
    }
    totals.push({ label: CREDIT_NOTE_TOTALS.credited, value: formatCents(-credited), strong: true });
    totals.push({ label: CREDIT_NOTE_TOTALS.remaining, value: formatCents(refund?.remainingCents ?? 0) });
    if (refund?.reason) notes.push(CREDIT_NOTE_WORDS.reason(refund.reason, refund.note ?? null));
    notes.push(refund?.onTerms ? 'Credited on the invoice for the order.' : 'Refunded to the card used for the order.');
    if (refund?.reference) notes.push(`Refund reference: ${refund.reference}`);
  }

  return {
    title: DOCUMENT_TITLES[doc.kind],
    number: doc.number,
    meta,
    seller: { name: seller.shopName, lines: sellerLines },
    parties,
    lines,
    totals,
    notes,
    // The invoice's footer thanks the buyer for the order; a credit note closes with what it records.
    footer:
      doc.kind === 'credit_note'
        ? CREDIT_NOTE_WORDS.closing(formatCents(s.refund?.amountCents ?? doc.amountCents), s.refund?.onTerms ?? false)
        : textLines(seller.invoiceFooter).join('\n'),
  };
}

const pdfLine = (l: DocumentLine): PdfLine => ({
  sku: l.sku || NO_SKU,
  name: l.name,
  options: [l.options, l.shipsIn].filter(Boolean).join(' · '),
  quantity: String(l.quantity),
  unitPrice: formatCents(l.unitPriceCents),
  total: formatCents(l.lineTotalCents),
});

/** A row of the table that is not a product: shipping, or the refund of an amount. */
const chargeLine = (name: string, cents: number): PdfLine => ({ sku: '', name, options: '', quantity: '1', unitPrice: formatCents(cents), total: formatCents(cents) });

/**
 * What a credit note credits: the lines and shipping a refund chose; for a refund of an amount, and for notes issued
 * before refunds named their lines (whose `lines` are the whole invoice's), one line of the amount less its tax.
 */
function creditedLines(doc: IssuedDocument): PdfLine[] {
  const refund = doc.snapshot.refund;
  if (refund?.credited) {
    const rows = doc.snapshot.lines.map(pdfLine);
    if (refund.credited.shippingCents > 0) rows.push(chargeLine(CREDIT_NOTE_WORDS.shipping, refund.credited.shippingCents));
    return rows;
  }
  const amount = refund?.amountCents ?? doc.amountCents;
  const net = amount - Math.max(0, refund?.taxCents ?? 0);
  return [chargeLine(refund?.reason ? CREDIT_NOTE_WORDS.refundFor(refund.reason) : CREDIT_NOTE_WORDS.refund, net)];
}
