'use server';
// Order actions of the back office: change an order's status, refund it through Stripe, resend a failed mail, and
// mark an invoice on terms paid or void it. All run as the admin under RLS through defineAction; the order's history
// is written by triggers in the same transaction. Mail they queue goes out once the transaction has committed: this
// server's sender is woken then. The invoice actions hold no transaction while Stripe answers (terms.ts).
import { z } from 'zod';
import { defineAction, wakingMailSender } from '../../entry/define-action';
import { RESEND_FAILURE, RESEND_SUCCESS } from '../../mail/labels';
import { BULK_STATUS_FAILURE, BULK_TOO_MANY, bulkStatusDone, REFUND_FAILURE, refundDone, STATUS_FAILURE, STATUS_SUCCESS, TERMS_PANEL } from './labels';
import { isOrderStatus, ORDER_STATUSES, statusLabel, type OrderStatus } from '../../orders/status';
import { BULK_MAX_ORDERS, dispatchOrders, setOrdersStatus, type BulkDispatchResult, type BulkStatusResult } from './bulk';
import { recordShipment, type ShipmentResult } from './shipments';
import { BULK_DISPATCH, SHIPMENTS_PANEL } from './shipments-labels';
import { isUuid } from '../../core/validation/text';

import { refundOrder, type RefundOutcome, type RefundRequest } from './refund';
import { REFUND_REASON_KEYS, type RefundReason } from '../../documents/labels';
import { setOrderStatus, type StatusChangeResult } from './dispatch';
import { resendFailedMail } from './mail';
import { markOrderInvoicePaid, voidOrderInvoice, type TermsInvoiceDone } from './terms';
import { optionalText } from '../../core/validation/text';
import { ADMIN_DASHBOARD_TAG } from '../../core/cache/tags';

// Named, not inline: in a 'use server' file Next takes a function written into an export for a server action.
const dispatchMailQueued = (r: StatusChangeResult) => r.mailQueued;
const refundMade = (r: RefundOutcome) => !r.replayed;
const shipmentMailQueued = (r: ShipmentResult) => r.mailQueued;
const shipmentMessage = (r: ShipmentResult) => SHIPMENTS_PANEL.done(r.reference, r.dispatched);
const bulkDispatchMailQueued = (r: BulkDispatchResult) => r.mailQueued;
const bulkDispatchMessage = (r: BulkDispatchResult) => BULK_DISPATCH.done(r.dispatched);
const bulkMailQueued = (r: BulkStatusResult) => r.mailQueued;
const bulkMessage = (r: BulkStatusResult) => bulkStatusDone(r.changed, statusLabel(r.status));
const refundMessage = (r: RefundOutcome) => refundDone(r.amountCents, r.replayed);
const invoicePaidMessage = (r: TermsInvoiceDone) => TERMS_PANEL.paidDone(r.reference);
const invoiceVoidMessage = (r: TermsInvoiceDone) => TERMS_PANEL.voidDone(r.reference);

const orderId = z
  .string({ error: 'The order id is missing.' })
  .refine(isUuid, { error: 'That is not an order id.' });

const statusSchema = z.object({
  orderId,
  status: z
    .string({ error: 'Choose a status.' })
    .refine(isOrderStatus, { error: `Unknown order status: choose one of ${ORDER_STATUSES.join(', ')}.` })
    .transform((s) => s as OrderStatus),
  /** The status the admin saw: a change made meanwhile by someone else is not overwritten. */
  expected: z
    .string({ error: 'Send the status you saw.' })
    .refine(isOrderStatus, { error: 'Unknown order status.' })
    .transform((s) => s as OrderStatus)
    .optional(),
  /** Setting back the status a change replaced (the toast's Undo): no second dispatch mail, dispatch details kept. */
  undo: z.boolean({ error: 'Say whether this undoes a change.' }).default(false),
  /** Offered when the status is dispatched; both optional. */
  carrier: optionalText({ max: 60, label: 'Carrier' }).optional(),
  trackingNumber: optionalText({ max: 100, label: 'Tracking number' }).optional(),
}, { error: 'Send the order id and its new status.' });

export const updateOrderStatus = wakingMailSender(
  defineAction({
    name: 'admin.orders.updateStatus',
    access: 'admin',
    schema: statusSchema,
    success: STATUS_SUCCESS,
    failure: STATUS_FAILURE,
    revalidate: [ADMIN_DASHBOARD_TAG],
    run: (input, { tx }) => setOrderStatus(tx, input),
  }),
  dispatchMailQueued,
);

const bulkStatusSchema = z.object(
  {
    orderIds: z
      .array(orderId, { error: 'Send the ids of the selected orders.' })
      .min(1, { error: 'Select at least one order.' })
      .max(BULK_MAX_ORDERS, { error: BULK_TOO_MANY }),
    status: statusSchema.shape.status,
  },
  { error: 'Send the selected orders and their new status.' },
);

// All the selected orders change in the action's one transaction, or none does (bulk.ts).
export const updateOrdersStatus = wakingMailSender(
  defineAction({
    name: 'admin.orders.updateStatusBulk',
    access: 'admin',
    schema: bulkStatusSchema,
    success: bulkMessage,
    failure: BULK_STATUS_FAILURE,
    revalidate: [ADMIN_DASHBOARD_TAG],
    run: (input, { tx }) => setOrdersStatus(tx, input.orderIds, input.status),
  }),
  bulkMailQueued,
);

const shipmentSchema = z.object(
  {
    orderId,
    carrier: statusSchema.shape.carrier,
    trackingNumber: statusSchema.shape.trackingNumber,
    lines: z
      .array(
        z.object(
          {
            orderItemId: z.string({ error: 'The item id is missing.' }).refine(isUuid, { error: 'That is not an item id.' }),
            quantity: z
              .number({ error: 'Enter how many to ship.' })
              .int({ error: 'Enter a whole number to ship.' })
              .min(0, { error: 'A quantity cannot be below 0.' })
              .max(1_000_000, { error: 'That quantity is too large.' }),
          },
          { error: 'Send each item and its quantity.' },
        ),
        { error: 'Send the items to ship.' },
      )
      .min(1, { error: 'Choose at least one item to ship.' })
      .max(500, { error: 'Send at most 500 items at once.' }),
  },
  { error: 'Send the order id and the items to ship.' },
);

// One parcel of chosen items; the last one sets the order dispatched (shipments.ts).
export const shipOrderItems = wakingMailSender(
  defineAction({
    name: 'admin.orders.ship',
    access: 'admin',
    schema: shipmentSchema,
    success: shipmentMessage,
    failure: SHIPMENTS_PANEL.failure,
    revalidate: [ADMIN_DASHBOARD_TAG],
    run: (input, { tx }) => recordShipment(tx, { ...input, carrier: input.carrier ?? null, trackingNumber: input.trackingNumber ?? null }),
  }),
  shipmentMailQueued,
);

const bulkDispatchSchema = z.object(
  {
    orders: z
      .array(
        z.object(
          {
            orderId,
            // Checked in bulk.ts, where a bad one is named by its order's reference.
            carrier: z.string({ error: 'The carrier must be text.' }).max(1_000, { error: 'That carrier is too long.' }).nullish(),
            trackingNumber: z.string({ error: 'The tracking number must be text.' }).max(1_000, { error: 'That tracking number is too long.' }).nullish(),
            expected: statusSchema.shape.expected,
          },
          { error: 'Send each order with its tracking number.' },
        ),
        { error: 'Send the selected orders.' },
      )
      .min(1, { error: 'Select at least one order.' })
      .max(BULK_MAX_ORDERS, { error: BULK_TOO_MANY }),
  },
  { error: 'Send the selected orders with their tracking numbers.' },
);

// Every selected order is dispatched in the action's one transaction, or none is (bulk.ts).
export const dispatchOrdersBulk = wakingMailSender(
  defineAction({
    name: 'admin.orders.dispatchBulk',
    access: 'admin',
    schema: bulkDispatchSchema,
    success: bulkDispatchMessage,
    failure: BULK_DISPATCH.failure,
    revalidate: [ADMIN_DASHBOARD_TAG],
    run: (input, { tx }) => dispatchOrders(tx, input.orders),
  }),
  bulkDispatchMailQueued,
);

const refundLine = z.object(
  {
    itemId: z.string({ error: 'A chosen line has no id.' }).refine(isUuid, { error: 'That is not a line of an order.' }),
    quantity: z
      .number({ error: 'Enter how many of the line to refund.' })
      .int({ error: 'A quantity must be a whole number.' })
      .positive({ error: 'A quantity must be at least 1.' })
      .max(1_000_000, { error: 'That quantity is too large.' }),
  },
  { error: 'Send each line with its quantity.' },
);

// Either an amount (the status control's cancel-with-refund and older callers), or lines and shipping with a reason:
// the server prices those itself (refund.ts), whatever the browser showed.
const refundSchema = z
  .object(
    {
      orderId,
      amountCents: z
        .number({ error: 'Enter the amount to refund.' })
        .int({ error: 'The amount must be in whole cents.' })
        .positive({ error: 'The refund must be more than $0.00.' })
        .max(99_999_999, { error: 'The refund cannot be more than $999,999.99.' })
        .optional(),
      lines: z.array(refundLine, { error: 'Send the chosen lines as a list.' }).max(500, { error: 'Too many lines.' }).optional(),
      shippingCents: z
        .number({ error: 'Enter the shipping to refund.' })
        .int({ error: 'The shipping must be in whole cents.' })
        .min(0, { error: 'The shipping to refund cannot be below $0.00.' })
        .max(99_999_999, { error: 'The shipping cannot be more than $999,999.99.' })
        .optional(),
      reason: z.enum(REFUND_REASON_KEYS as [RefundReason, ...RefundReason[]], { error: 'Choose a reason for the refund.' }).optional(),
      note: optionalText({ max: 500, label: 'The note' }).optional(),
      /** Made when the refund dialog opens; the same key never refunds twice. */
      idempotencyKey: z
        .string({ error: 'The refund request has no key; open the dialog again.' })
        .regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'The refund request key is not valid; open the dialog again.' }),
      /** The refund comes with cancelling the order; otherwise a full refund sets Refunded and a partial one keeps the status. */
      cancel: z.boolean({ error: 'Say whether the order is cancelled with this refund.' }).default(false),
    },
    { error: 'Send the order id, the amount and the request key.' },
  )
  .superRefine((v, ctx) => {
    const byLines = v.lines !== undefined || v.shippingCents !== undefined;
    if (byLines && v.amountCents !== undefined) ctx.addIssue({ code: 'custom', message: 'Refund an amount or chosen lines, not both.', path: ['amountCents'] });
    if (!byLines && v.amountCents === undefined) ctx.addIssue({ code: 'custom', message: 'Enter the amount to refund.', path: ['amountCents'] });
    if (byLines && !v.reason) ctx.addIssue({ code: 'custom', message: 'Choose a reason for the refund.', path: ['reason'] });
  })
  .transform((v): RefundRequest => {
    const common = { orderId: v.orderId, idempotencyKey: v.idempotencyKey, cancel: v.cancel, reason: v.reason, note: v.note ?? null };
    return v.amountCents !== undefined ? { ...common, amountCents: v.amountCents } : { ...common, lines: v.lines ?? [], shippingCents: v.shippingCents ?? 0 };
  });

export const refundOrderPayment = wakingMailSender(
  defineAction({
    name: 'admin.orders.refund',
    access: 'admin',
    schema: refundSchema,
    success: refundMessage,
    failure: REFUND_FAILURE,
    revalidate: [ADMIN_DASHBOARD_TAG],
    run: (input, { tx, user }) => refundOrder(tx, user!.id, input),
  }),
  refundMade,
);

const resendSchema = z.object(
  {
    mailId: z
      .number({ error: 'The message id is missing.' })
      .int({ error: 'That is not a message id.' })
      .positive({ error: 'That is not a message id.' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'That is not a message id.' }),
  },
  { error: 'Send the id of the message to resend.' },
);

export const resendMail = wakingMailSender(
  defineAction({
    name: 'admin.orders.resendMail',
    access: 'admin',
    schema: resendSchema,
    success: RESEND_SUCCESS,
    failure: RESEND_FAILURE,
    run: (input, { tx }) => resendFailedMail(tx, input.mailId),
  }),
);

const termsInvoiceSchema = z.object({ orderId }, { error: 'Send the order id.' });

// Paid or void, an invoice changes the dashboard's figures: a void one's payment leaves revenue.
export const markInvoicePaid = defineAction({
  name: 'admin.orders.markTermsPaid',
  access: 'admin',
  schema: termsInvoiceSchema,
  success: invoicePaidMessage,
  failure: TERMS_PANEL.paidFailed,
  revalidate: [ADMIN_DASHBOARD_TAG],
  transaction: false,
  run: (input, { actor }) => markOrderInvoicePaid(actor, input.orderId),
});

export const voidInvoice = defineAction({
  name: 'admin.orders.voidTermsInvoice',
  access: 'admin',
  schema: termsInvoiceSchema,
  success: invoiceVoidMessage,
  failure: TERMS_PANEL.voidFailed,
  revalidate: [ADMIN_DASHBOARD_TAG],
  transaction: false,
  run: (input, { actor }) => voidOrderInvoice(actor, input.orderId),
});
