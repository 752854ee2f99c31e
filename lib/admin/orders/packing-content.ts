// The packing slip and the pick list as the strings their PDFs print (lib/documents/sheet-pdf.ts places them), and
// the words both say, written once. No prices: these sheets go in the box and round the stockroom. Pure.
import { addressLines } from '../../checkout/address-lines';
import { COMPANY_LABEL, PURCHASE_ORDER_LABEL } from '../../checkout/contact';
import { formatDate } from '../../core/format/date';
import { NO_SKU } from '../../documents/labels';
import { textLines } from '../../documents/pdf-content';
import type { SheetContent } from '../../documents/sheet-pdf';
import type { ShopSettings } from '../../settings/shop-settings';
import { choicesText, readLineChoices } from '../../purchase/line-choices';
import type { PackingSlipData, PickListData } from './packing';
import { PACKING_LABELS } from './packing-labels';
import { pickRows, unitTotal } from './packing-rows';

function seller(s: ShopSettings): SheetContent['seller'] {
  const contact = [s.supportEmail, s.supportPhone].filter(Boolean).join(' · ');
  return {
    name: s.shopName,
    lines: [...textLines(s.postalAddress), contact].filter(Boolean),
  };
}

export function packingSlipContent(d: PackingSlipData, timeZone: string, now: Date): SheetContent {
  const meta: [string, string][] = [['Order date', formatDate(d.placedAt, timeZone)]];
  if (d.purchaseOrder) meta.push([PURCHASE_ORDER_LABEL, d.purchaseOrder]);
  const ship = addressLines(d.shipping);
  const recipient = [d.company ? `${COMPANY_LABEL}: ${d.company}` : null, d.customerName].filter((l): l is string =>
    Boolean(l),
  );
  return {
    title: PACKING_LABELS.slipTitle,
    number: d.reference,
    meta,
    seller: seller(d.seller),
    parties: [
      { heading: 'Ship to', lines: ship.length ? ship : ['Not given'] },
      ...(recipient.length ? [{ heading: 'Customer', lines: recipient }] : []),
    ],
    columns: [
      { heading: '', width: 16, checkbox: true },
      { heading: 'SKU', width: 110 },
      { heading: 'Item', width: 300 },
      { heading: 'Qty', width: 0, align: 'right' },
    ],
    rows: d.lines.map((l) => [
      { text: '' },
      { text: l.sku || NO_SKU },
      {
        text: l.name ?? 'Product Unavailable',
        note: choicesText(readLineChoices(l.choices), l.category) || undefined,
      },
      { text: String(l.quantity) },
    ]),
    empty: PACKING_LABELS.noItems,
    totals: [
      [PACKING_LABELS.lines, String(d.lines.length)],
      [PACKING_LABELS.units, String(unitTotal(d.lines))],
    ],
    createdAt: now,
  };
}

export function pickListContent(d: PickListData, timeZone: string, now: Date): SheetContent {
  const rows = pickRows(d.lines);
  return {
    title: PACKING_LABELS.pickTitle,
    number: PACKING_LABELS.orderCount(d.references.length),
    meta: [['Printed', formatDate(now.toISOString(), timeZone)]],
    seller: seller(d.seller),
    // The orders are named on each row: a hundred references in the header would not fit its page.
    parties: [],
    columns: [
      { heading: '', width: 16, checkbox: true },
      { heading: 'SKU', width: 96 },
      { heading: 'Item', width: 190 },
      { heading: 'Qty', width: 36, align: 'right' },
      { heading: 'Orders', width: 0 },
    ],
    rows: rows.map((r) => [
      { text: '' },
      { text: r.sku || NO_SKU },
      { text: r.name ?? 'Product Unavailable', note: r.choices || undefined },
      { text: String(r.quantity) },
      { text: r.references.join(', ') },
    ]),
    empty: PACKING_LABELS.noItems,
    totals: [
      [PACKING_LABELS.lines, String(rows.length)],
      [PACKING_LABELS.units, String(unitTotal(rows))],
    ],
    createdAt: now,
  };
}
