'use server';
// Order actions of the back office: change an order's status, and refund it through Stripe. Both run as the admin
// under RLS through defineAction; the order's history is written by triggers in the same transaction.
import { z } from 'zod';
import { defineAction } from '../../entry/define-action';
import { formatCents } from '../../core/format/money';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '../../orders/status';
import { isUuid } from '../../core/validation/text';

import { refundOrder, type RefundOutcome } from './refund';
import { setOrderStatus } from './dispatch';
import { optionalText } from '../../core/validation/text';
import { ADMIN_DASHBOARD_TAG } from '../../core/cache/tags';

const orderId = z
  .string({ error: 'The order id is missing.' })
  .refine(isUuid, { error: 'That is not an order id.' });

const statusSchema = z.object({
  orderId,
  status: z
    .string({ error: 'Choose a status.' })
    .refine(isOrderStatus, { error: `Unknown order status: choose one of ${ORDER_STATUSES.join(', ')}.` })
    .transform((s) => s as OrderStatus),
  /** Offered when the status is dispatched; both optional. */
  carrier: optionalText({ max: 60, label: 'Carrier' }).optional(),
  trackingNumber: optionalText({ max: 100, label: 'Tracking number' }).optional(),
}, { error: 'Send the order id and its new status.' });

export const updateOrderStatus = defineAction({
  name: 'admin.orders.updateStatus',
  access: 'admin',
  schema: statusSchema,
  success: 'Order status updated successfully',
  failure: 'Failed to update order status',
  revalidate: [ADMIN_DASHBOARD_TAG],
  run: (input, { tx }) => setOrderStatus(tx, input),
});

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
  markRefunded: z.boolean({ error: 'Say whether to mark the order refunded.' }).default(true),
}, { error: 'Send the order id, the amount and the request key.' });

export const refundOrderPayment = defineAction({
  name: 'admin.orders.refund',
  access: 'admin',
  schema: refundSchema,
  success: (r: RefundOutcome) =>
    r.replayed ? `This refund of ${formatCents(r.amountCents)} was already made` : `Refunded ${formatCents(r.amountCents)} through Stripe`,
  failure: 'Failed to refund the order',
  revalidate: [ADMIN_DASHBOARD_TAG],
  run: (input, { tx, user }) => refundOrder(tx, user!.id, input),
});
