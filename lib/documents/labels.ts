// The words of invoices and credit notes, written once: the PDF, the download links and the tests use them as they
// are. Pure.
import type { DocumentKind } from './types';

export const DOCUMENT_TITLES: Record<DocumentKind, string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** The link on the confirmation page, the account's orders and the admin order row. */
export const DOWNLOAD_INVOICE = 'Download invoice (PDF)';

/** 'Credit note CN-2026-000007 (PDF)'. */
export const creditNoteLinkLabel = (number: string) => `Credit note ${number} (PDF)`;

/** What a refused or missing document answers (404): the same words whether it exists or not. */
export const DOCUMENT_NOT_FOUND = 'Document not found';

/** What a line shows when the product had no SKU. */
export const NO_SKU = 'N/A';

export const TABLE_HEADINGS = { sku: 'SKU', item: 'Item', quantity: 'Qty', unitPrice: 'Unit price', total: 'Total' } as const;

/** A credit note's totals: the refund's tax share shows apart when the refund recorded one. */
export const CREDIT_NOTE_TOTALS = {
  invoiceTotal: 'Invoice total',
  goodsAndShipping: 'Goods and shipping credited',
  tax: 'Sales tax credited',
  credited: 'Amount credited',
  remaining: 'Remaining paid',
} as const;

/** 'Page 2 of 7'. */
export const pageLabel = (page: number, pages: number) => `Page ${page} of ${pages}`;

/** Why staff refunded, as stored on the refund (transactions.refund_reason) and shown on its credit note and mail. */
export const REFUND_REASONS = {
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  returned: 'Returned',
  goodwill: 'Goodwill',
  other: 'Other',
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
export const REFUND_REASON_KEYS = Object.keys(REFUND_REASONS) as RefundReason[];
export const isRefundReason = (value: unknown): value is RefundReason => typeof value === 'string' && Object.hasOwn(REFUND_REASONS, value);

/** A credit note's words for what it credits. */
export const CREDIT_NOTE_WORDS = {
  shipping: 'Shipping',
  refund: 'Refund',
  /** 'Refund: Damaged'. */
  refundFor: (reason: string) => `Refund: ${reason}`,
  /** 'Reason: Damaged. The clasp was bent.' */
  reason: (reason: string, note: string | null) => `Reason: ${reason}${note ? `. ${note.replace(/\.+$/, '')}` : ''}.`,
  /** The closing words, in place of the invoice's. */
  closing: (amount: string, onTerms: boolean) =>
    onTerms
      ? `This credit note records a credit of ${amount} on the invoice for this order.`
      : `This credit note records a refund of ${amount} to your original payment.`,
} as const;
