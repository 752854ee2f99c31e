// Where a document is downloaded: paths under the site, for links on pages (a token is added for the buyer's mail
// links by access.ts), and a document as a link. Pure, so client components may use them.
import type { DocumentKind } from './types';

/** A document as a link: what the order lists show beside an order. */
export interface DocumentRef {
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  /** Invoice: the total billed; credit note: the amount credited. */
  amountCents: number;
  /** The download path (the viewer's cookie or session opens it). */
  href: string;
}

export const CREDIT_NOTE_NUMBER = /^CN-\d{4}-\d{6,}$/;
export const INVOICE_NUMBER = /^INV-\d{4}-\d{6,}$/;

const withToken = (path: string, token?: string | null) => (token ? `${path}?t=${encodeURIComponent(token)}` : path);

export const orderPath = (orderId: string, token?: string | null) => withToken(`/order-confirmation/${orderId}`, token);

export const invoicePath = (orderId: string, token?: string | null) => withToken(`/api/orders/${orderId}/invoice`, token);

export const creditNotePath = (orderId: string, number: string, token?: string | null) =>
  withToken(`/api/orders/${orderId}/credit-notes/${encodeURIComponent(number)}`, token);
