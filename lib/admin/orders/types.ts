// What the orders screen shows of one order, as the server sends it to the table. Client-safe (types only).
import type { Address } from '../../checkout/address';
import type { OrderStatus } from '../../orders/status';
import type { DocumentRef } from '../../documents/paths';
import type { OrderCharges } from '../../documents/charges';
import type { MailStatus } from '../../mail/labels';
import type { MailKind } from '../../mail/outbox';
import type { TermsInvoiceStatus } from '../../terms/rules';
import type { OrderMoney } from './refund-rules';
import type { OrderShipments } from '../../orders/shipments';

export interface AdminOrderItem {
  id: string;
  productId: string;
  /** null when the product no longer exists. */
  name: string | null;
  sku: string | null;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  /** The choices bought with, in words ('Stone: Ruby, Ring Size: 7, Material: Gold'); '' for none. */
  options: string;
  /** Taken back by refunds pending or succeeded (refund_lines). */
  refundedQuantity: number;
}

export interface AdminPayment {
  id: string;
  kind: 'payment' | 'refund';
  provider: string;
  transactionId: string;
  amountCents: number;
  status: string;
  method: string | null;
  at: string;
  /** A refund's reason (transactions.refund_reason); null on payments and on refunds made without one. */
  reason: string | null;
}

export interface AdminOrderEvent {
  id: number;
  kind: 'status' | 'refund';
  from: string | null;
  to: string | null;
  amountCents: number | null;
  reference: string | null;
  /** Who made the change: an admin's e-mail, or null for Stripe (a refund made in Stripe's dashboard). */
  actor: string | null;
  at: string;
}

export interface OrderDispatch {
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page, for the carriers the shop knows. */
  trackingUrl: string | null;
  /** Formatted in the shop's time zone. */
  dispatchedLabel: string | null;
}

/** One message of the order's outbox, as the Mail panel lists it. */
export interface AdminMail {
  id: number;
  kind: MailKind;
  /** null: the shop's own notification address. */
  to: string | null;
  status: MailStatus;
  /** Why the last try failed (kept while a retry waits). */
  lastError: string | null;
  /** 'Sent Nov 23, 2026, 2:05 PM', 'Next try …', in the shop's time zone. */
  when: string;
}

/** The invoice of an order placed on terms, as Stripe last said. */
export interface AdminTermsInvoice {
  status: TermsInvoiceStatus;
  days: number;
  /** Stripe's number, once the invoice is finalized. */
  number: string | null;
  amountCents: number;
  /** The total less credit notes and payments. */
  owedCents: number;
  hostedUrl: string | null;
  pdfUrl: string | null;
  /** What the payment reads ('Awaiting payment, due Jan 5, 2027'), in the shop's time zone. */
  text: string;
  lastError: string | null;
}

export interface AdminOrder {
  id: string;
  reference: string;
  customerName: string | null;
  /** Null on orders placed before checkout asked for an e-mail address. */
  customerEmail: string | null;
  customerPhone: string | null;
  /** The buyer's company and PO number, when given at checkout. */
  companyName: string | null;
  purchaseOrder: string | null;
  status: OrderStatus;
  /** Carrier and tracking of the latest dispatch, when given. */
  dispatch: OrderDispatch | null;
  /** Its parcels, oldest first, and what is still to ship. */
  shipments: OrderShipments;
  /** goods + shipping + tax. */
  totalCents: number;
  charges: OrderCharges;
  createdAt: string;
  /** Formatted in the shop's time zone. */
  dateLabel: string;
  shipping: Address | null;
  billing: Address | null;
  items: AdminOrderItem[];
  payments: AdminPayment[];
  history: AdminOrderEvent[];
  /** What a Stripe refund may still give back: the card payment less refunds made. */
  refundableCents: number;
  /** Of the shipping charged, what refunds (pending or succeeded) gave back. */
  shippingRefundedCents: number;
  /** Paid, refunded and net paid: a partial refund shows here, not in the status. */
  money: OrderMoney;
  /** The invoice and credit notes, oldest first. */
  documents: DocumentRef[];
  /** The order's mail (confirmation, notices, dispatch, refunds), oldest first. */
  mail: AdminMail[];
  /** Placed on payment terms: its invoice; null for a card order. */
  terms: AdminTermsInvoice | null;
}

export interface AdminOrdersPage {
  orders: AdminOrder[];
  total: number;
  page: number;
  totalPages: number;
  /** The search found as many orders as it shows: there may be older matches (see ./search.ts). */
  searchCapped: boolean;
}
