import 'server-only';
// What each outbox message says: the sender (lib/mail/sender.ts) hands over a row, this reads the order, the shop
// settings and the order's documents in one short read-only transaction, then renders the template (HTML and plain
// text) and the PDF outside it. `messageFor` is the pure part: facts in, recipient, subject and template out.
// Every link is absolute to SITE_URL; every text from the database or a person goes through React (escaped) and
// subjects through subjectText (one line).
import { createElement, type ReactElement } from 'react';
import { z } from 'zod';
import type { Address } from '../checkout/address';
import { asServiceRole, type Tx } from '../core/db';
import { env } from '../core/env';
import { formatDateTime } from '../core/format/date';
import { formatCents } from '../core/format/money';
import { readNotifyAddress, readShopSettings } from '../settings/shop-settings';
import { subjectText, type ComposedMail, type MailAttachment } from '../mail/message';
import { ComposeRefusedError, type OutboxMail } from '../mail/sender';
import { DispatchedMail, type DispatchedProps } from '../mail/templates/dispatched';
import type { MailShop } from '../mail/templates/layout';
import { OrderConfirmationMail } from '../mail/templates/order-confirmation';
import { OrderNoticeMail } from '../mail/templates/order-notice';
import type { MailLine } from '../mail/templates/parts';
import { RefundMail } from '../mail/templates/refund';
import { renderMail } from '../mail/templates/render';
import { creditNoteLink, documentLinks } from '../documents/access';
import { chargeRows, chargesNote, readCharges, type OrderCharges } from '../documents/charges';
import { readOrderLines } from '../documents/issue';
import { readOrderRow } from '../documents/order-row';
import { renderDocumentPdf } from '../documents/pdf';
import { readCreditNote, readInvoice } from '../documents/store';
import { documentFileName, type IssuedDocument } from '../documents/types';
import { CREDIT_NOTE_WORDS } from '../documents/labels';
import { orderReference } from './reference';
import { readShipmentForMail } from './shipment-reads';

type ShipmentParcel = NonNullable<DispatchedProps['parcel']>;

export interface OrderFacts {
  id: string;
  reference: string;
  placedAt: Date;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  /** The buyer's company and PO number, when given at checkout. */
  companyName: string | null;
  purchaseOrder: string | null;
  /** goods + shipping + tax. */
  totalCents: number;
  charges: OrderCharges;
  shipping: Address | null;
  billing: Address | null;
}

/** Absolute links into the shop (lib/documents/access.ts: signed, so they open on any device). */
export interface MessageLinks {
  order: string;
  invoice: string;
  creditNote: string | null;
}

/** Everything a message says, read at send time (an issued document's lines are its own snapshot). */
export type MessageFacts = { to: string; shop: MailShop; timeZone: string; order: OrderFacts; links: MessageLinks } & (
  | { kind: 'order_confirmation'; lines: MailLine[]; invoiceNumber: string | null }
  | { kind: 'order_notice'; lines: MailLine[] }
  | { kind: 'dispatched'; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }
  | { kind: 'shipment'; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; parcel: ShipmentParcel }
  | {
      kind: 'refund';
      amountCents: number;
      remainingCents: number;
      onTerms?: boolean;
      creditNoteNumber: string | null;
      taxCents: number | null;
      /** From the credit note: why, and what it credited (empty for an amount). */
      reason?: string | null;
      note?: string | null;
      creditedLines?: MailLine[];
    }
);

export interface Message {
  to: string;
  subject: string;
  element: ReactElement;
}

/** The recipient, subject and template of a message: pure, so its words can be checked without a database. */
export function messageFor(facts: MessageFacts): Message {
  const { order, shop, links } = facts;
  const base = { shop, reference: order.reference, customerName: order.customerName, companyName: order.companyName, purchaseOrder: order.purchaseOrder };
  const money = {
    totalCents: order.totalCents,
    charges: chargeRows(order.charges, order.totalCents).map((r): [string, string] => [r.label, r.value]),
    taxNote: chargesNote(order.charges),
  };
  switch (facts.kind) {
    case 'order_confirmation':
      return {
        to: facts.to,
        subject: subjectText(`Your order ${order.reference} is confirmed`),
        element: createElement(OrderConfirmationMail, {
          ...base,
          placedAt: formatDateTime(order.placedAt, facts.timeZone),
          lines: facts.lines,
          ...money,
          shipping: order.shipping,
          billing: order.billing,
          orderUrl: links.order,
          invoiceUrl: links.invoice,
          invoiceNumber: facts.invoiceNumber,
        }),
      };
    case 'order_notice':
      return {
        to: facts.to,
        subject: subjectText(`New order ${order.reference}: ${formatCents(order.totalCents)} from ${order.customerName ?? 'a guest'}`),
        element: createElement(OrderNoticeMail, {
          ...base,
          placedAt: formatDateTime(order.placedAt, facts.timeZone),
          customerEmail: order.customerEmail,
          customerPhone: order.customerPhone,
          lines: facts.lines,
          ...money,
          adminUrl: new URL('/admin/orders', shop.siteUrl).toString(),
        }),
      };
    case 'dispatched':
      return {
        to: facts.to,
        subject: subjectText(`Your order ${order.reference} is on its way`),
        element: createElement(DispatchedMail, {
          ...base,
          carrier: facts.carrier,
          trackingNumber: facts.trackingNumber,
          trackingUrl: facts.trackingUrl,
          orderUrl: links.order,
        }),
      };
    case 'shipment':
      return {
        to: facts.to,
        subject: subjectText(
          facts.parcel.unitsLeft === 0 ? `The rest of your order ${order.reference} is on its way` : `Part of your order ${order.reference} is on its way`,
        ),
        element: createElement(DispatchedMail, {
          ...base,
          carrier: facts.carrier,
          trackingNumber: facts.trackingNumber,
          trackingUrl: facts.trackingUrl,
          orderUrl: links.order,
          parcel: facts.parcel,
        }),
      };
    case 'refund':
      return {
        to: facts.to,
        subject: subjectText(`Refund of ${formatCents(facts.amountCents)} for order ${order.reference}`),
        element: createElement(RefundMail, {
          ...base,
          amountCents: facts.amountCents,
          remainingCents: facts.remainingCents,
          onTerms: facts.onTerms,
          taxCents: facts.taxCents,
          creditNoteNumber: facts.creditNoteNumber,
          creditNoteUrl: links.creditNote,
          orderUrl: links.order,
          reason: facts.reason ?? null,
          note: facts.note ?? null,
          creditedLines: facts.creditedLines ?? [],
        }),
      };
  }
}

// The payloads the dispatch and refund code queue (lib/admin/orders/dispatch.ts, lib/orders/refund-documents.ts),
// read back from jsonb: checked, never trusted.
const dispatchPayload = z.object({
  carrier: z.string().max(60).nullish().catch(null),
  trackingNumber: z.string().max(100).nullish().catch(null),
  trackingUrl: z.url({ protocol: /^https$/ }).max(500).nullish().catch(null),
});
const shipmentPayload = dispatchPayload.extend({ shipmentId: z.number().int().positive() });
const refundPayload = z.object({
  creditNoteId: z.uuid().nullish().catch(null),
  amountCents: z.number().int().positive(),
  remainingCents: z.number().int().min(0),
  onTerms: z.boolean().catch(false).default(false),
});

async function readOrder(tx: Tx, orderId: string): Promise<OrderFacts> {
  const o = await readOrderRow(tx, orderId);
  if (!o) throw new ComposeRefusedError('The order no longer exists.');
  return {
    id: o.id,
    reference: orderReference(o),
    placedAt: o.created_at,
    customerName: o.customer_name,
    customerEmail: o.customer_email,
    customerPhone: o.customer_phone,
    companyName: o.company_name,
    purchaseOrder: o.purchase_order,
    totalCents: Number(o.total_amount),
    charges: readCharges(o),
    shipping: o.shipping_address,
    billing: o.billing_address,
  };
}

/** The invoice's lines, as billed; an order without an invoice shows its items as they are now. */
async function readLines(tx: Tx, orderId: string, invoice: IssuedDocument | null): Promise<MailLine[]> {
  return invoice ? invoice.snapshot.lines : readOrderLines(tx, orderId);
}

function buyer(mail: OutboxMail): string {
  if (!mail.to) throw new ComposeRefusedError('The order has no e-mail address.');
  return mail.to;
}

/** The facts of one outbox row, and the document to attach, read as the service role (the sender acts for nobody). */
async function readFacts(mail: OutboxMail): Promise<{ facts: MessageFacts; document: IssuedDocument | null }> {
  if (!mail.orderId) throw new ComposeRefusedError('The message names no order.');
  const orderId = mail.orderId;
  const e = env();
  return asServiceRole(async (tx) => {
    const settings = await readShopSettings(tx);
    const shop: MailShop = { name: settings.shopName, postalAddress: settings.postalAddress, supportEmail: settings.supportEmail, supportPhone: settings.supportPhone, siteUrl: e.SITE_URL };
    const links: MessageLinks = { ...documentLinks(orderId), creditNote: null };
    const common = { shop, timeZone: e.SHOP_TIME_ZONE, order: await readOrder(tx, orderId), links };
    switch (mail.kind) {
      case 'order_confirmation': {
        const invoice = await readInvoice(tx, orderId);
        const lines = await readLines(tx, orderId, invoice);
        return { facts: { ...common, kind: mail.kind, to: buyer(mail), lines, invoiceNumber: invoice?.number ?? null }, document: invoice };
      }
      case 'order_notice': {
        const to = mail.to ?? (await readNotifyAddress(tx, e.SHOP_NOTIFY_EMAIL));
        if (!to) throw new ComposeRefusedError('No notification address is set.');
        const lines = await readLines(tx, orderId, await readInvoice(tx, orderId));
        return { facts: { ...common, kind: mail.kind, to, lines }, document: null };
      }
      case 'dispatched': {
        const p = dispatchPayload.parse(mail.payload);
        const facts: MessageFacts = { ...common, kind: mail.kind, to: buyer(mail), carrier: p.carrier ?? null, trackingNumber: p.trackingNumber ?? null, trackingUrl: p.trackingUrl ?? null };
        return { facts, document: null };
      }
      case 'shipment': {
        const parsed = shipmentPayload.safeParse(mail.payload);
        const shipment = parsed.success ? await readShipmentForMail(tx, parsed.data.shipmentId) : null;
        if (!parsed.success || !shipment || shipment.orderId !== orderId) throw new ComposeRefusedError('The shipment no longer exists.');
        const p = parsed.data;
        const facts: MessageFacts = { ...common, kind: mail.kind, to: buyer(mail), carrier: p.carrier ?? null, trackingNumber: p.trackingNumber ?? null, trackingUrl: p.trackingUrl ?? null,
          parcel: { lines: shipment.lines, unitsLeft: shipment.unitsLeft } };
        return { facts, document: null };
      }
      case 'refund': {
        const parsed = refundPayload.safeParse(mail.payload);
        if (!parsed.success) throw new ComposeRefusedError('The refund message has no amount.');
        const p = parsed.data;
        const [note] = p.creditNoteId ? await tx<{ number: string }[]>`select number from public.credit_notes where id = ${p.creditNoteId}` : [];
        const document = note ? await readCreditNote(tx, orderId, note.number) : null;
        if (document) links.creditNote = creditNoteLink(orderId, document.number);
        const facts: MessageFacts = { ...common, kind: mail.kind, to: buyer(mail), amountCents: p.amountCents, remainingCents: p.remainingCents, onTerms: p.onTerms, creditNoteNumber: document?.number ?? null,
          // The sales tax within the refund, as its credit note states it.
          taxCents: document?.snapshot.refund?.taxCents ?? null,
          ...(document ? creditedFacts(document) : {}) };
        return { facts, document };
      }
      default:
        // Quote mails are composed by lib/quotes/messages.ts.
        throw new ComposeRefusedError(`An order mail cannot be composed for a ${mail.kind} message.`);
    }
  });
}

/** Why a credit note's refund was made and what it credited, as the note states them. */
function creditedFacts(note: IssuedDocument): { reason: string | null; note: string | null; creditedLines: MailLine[] } {
  const refund = note.snapshot.refund;
  const shipping = refund?.credited?.shippingCents ?? 0;
  const lines: MailLine[] = refund?.credited ? [...note.snapshot.lines] : [];
  if (shipping > 0) lines.push({ sku: null, name: CREDIT_NOTE_WORDS.shipping, options: '', quantity: 1, unitPriceCents: shipping, lineTotalCents: shipping });
  return { reason: refund?.reason ?? null, note: refund?.note ?? null, creditedLines: lines };
}

/** The sender's composer (instrumentation.ts gives it to startMailSender). */
export async function composeOrderMail(mail: OutboxMail): Promise<ComposedMail> {
  const { facts, document } = await readFacts(mail);
  const message = messageFor(facts);
  const [{ html, text }, pdf] = await Promise.all([renderMail(message.element), document ? renderDocumentPdf(document) : null]);
  const attachments: MailAttachment[] = document && pdf ? [{ filename: documentFileName(document), contentType: 'application/pdf', content: pdf }] : [];
  return { to: message.to, subject: message.subject, html, text, attachments };
}
