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
import { BULK_MAX_ORDERS, setOrdersStatus, type BulkStatusResult } from './bulk';
import { isUuid } from '../../core/validation/text';

import { refundOrder, type RefundOutcome } from './refund';
import { setOrderStatus, type StatusChangeResult } from './dispatch';
import { resendFailedMail } from './mail';
import { markOrderInvoicePaid, voidOrderInvoice, type TermsInvoiceDone } from './terms';
import { optionalText } from '../../core/validation/text';
import { ADMIN_DASHBOARD_TAG } from '../../core/cache/tags';

// Named, not inline: in a 'use server' file Next takes a function written into an export for a server action.
const dispatchMailQueued = (r: StatusChangeResult) => r.mailQueued;
const refundMade = (r: RefundOutcome) => !r.replayed;
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

const refundSchema = z.object({
  orderId,
  amountCents: z
    .number({ error: 'Enter the amount to refund.' })
    .int({ error: 'The amount must be in whole cents.' })
    .positive({ error: 'The refund must be more than $0.00.' })
    .max(99_999_999, { error: 'The refund cannot be more than $999,999.99.' }),
  /** Made when the refund dialog opens; the same key never refunds twice. */
  idempotencyKey: z
    .string({ error: 'The refund request has no key; open the dialog again.' })
    .regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'The refund request key is not valid; open the dialog again.' }),
  /** The refund comes with cancelling the order; otherwise a full refund sets Refunded and a partial one keeps the status. */
  cancel: z.boolean({ error: 'Say whether the order is cancelled with this refund.' }).default(false),
}, { error: 'Send the order id, the amount and the request key.' });

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
