// Invoices and credit notes as issued: the snapshot holds everything the PDF shows, taken in the transaction that
// issued the document, so a later edit of a product, the shop settings or an address never changes it. Amounts are
// cents. Pure types: the issuing code, the PDF and the mails share them.
import type { Address } from '../checkout/address';
import type { ShopSettings } from '../settings/shop-settings';
import type { OrderCharges } from './charges';

export type DocumentKind = 'invoice' | 'credit_note';

export interface DocumentLine {
  sku: string | null;
  name: string;
  /** The options bought with ('Stone: Ruby, Size: 7", Material: Gold'), as on the order. */
  options: string;
  /** When it ships, as promised with the order ('Ships in 2 days'); absent before lead times, and on credit notes. */
  shipsIn?: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface DocumentSnapshot {
  seller: ShopSettings;
  buyer: {
    name: string | null;
    /** Absent from documents issued before checkout asked for it. */
    company?: string | null;
    email: string | null;
    phone: string | null;
    shipping: Address | null;
    billing: Address | null;
  };
  /** purchaseOrder: the buyer's PO number; absent from documents issued before checkout asked for it. */
  order: { id: string; reference: string; placedAt: string; purchaseOrder?: string | null };
  /** The order's lines: an invoice bills them; a credit note with `refund.credited` lists the lines it credited. */
  lines: DocumentLine[];
  currency: string;
  /** The invoice's total (the order's), in cents: goods + shipping + tax. */
  totalCents: number;
  /** Goods, shipping and tax apart; absent from documents issued before orders charged shipping and tax. */
  charges?: OrderCharges;
  /**
   * Credit notes only: what was refunded, against which invoice, and what remains paid after it. taxCents: the
   * refund's share of sales tax; absent or null where the refund did not record one.
   */
  refund?: {
    amountCents: number;
    invoiceNumber: string | null;
    remainingCents: number;
    reference: string;
    taxCents?: number | null;
    /** Why, in words ('Damaged'), and staff's note; absent or null on refunds made without one. */
    reason?: string | null;
    note?: string | null;
    /**
     * What the refund credited: then `lines` are the credited lines (quantity and amount) and shippingCents the
     * shipping. Absent: a refund of an amount (the note shows one line of it), or a note issued before refunds named
     * what they credited (its `lines` are the invoice's, and are not shown as credited).
     */
    credited?: { shippingCents: number };
    /** An order on terms: credited on its invoice, not refunded to a card. */
    onTerms?: boolean;
  };
}

export interface IssuedDocument {
  kind: DocumentKind;
  id: string;
  /** INV-2026-000123 or CN-2026-000007. */
  number: string;
  orderId: string;
  issuedAt: string;
  /** Invoice: the total billed; credit note: the amount credited. */
  amountCents: number;
  snapshot: DocumentSnapshot;
}

/** The file name a document is downloaded and attached as. */
export function documentFileName(doc: Pick<IssuedDocument, 'number'>): string {
  return `${doc.number}.pdf`;
}
