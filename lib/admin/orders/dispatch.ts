import 'server-only';
// An admin sets an order's status, as that admin under RLS. Setting it to dispatched stores the carrier and the
// tracking number (both optional) and queues the buyer's dispatch mail in the same transaction, once per dispatch:
// setting a status the order already has changes nothing and sends nothing, while an order dispatched, set back
// and dispatched again is a second dispatch with its own mail. The history trigger records each change.
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import { enqueueMail } from '../../mail/outbox';
import type { OrderStatus } from '../../orders/status';
import { trackingUrl } from '../../orders/tracking';

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  carrier?: string | null;
  trackingNumber?: string | null;
}

export interface StatusChangeResult {
  orderId: string;
  status: OrderStatus;
  /** Whether a dispatch mail was queued. */
  mailQueued: boolean;
}

export async function setOrderStatus(tx: Tx, change: StatusChange): Promise<StatusChangeResult> {
  const [order] = await tx<{ id: string; status: OrderStatus; customer_email: string | null }[]>`
    select id, status, customer_email from public.orders where id = ${change.orderId} for update`;
  if (!order) throw new ActionError('That order does not exist.', 404);
  const dispatching = change.status === 'dispatched';
  const carrier = dispatching ? (change.carrier ?? null) : null;
  const tracking = dispatching ? (change.trackingNumber ?? null) : null;
  if (order.status === change.status) {
    // The same status again: only a dispatch's details may be filled in later; no second mail.
    if (dispatching && (carrier || tracking)) {
      await tx`update public.orders set carrier = ${carrier}, tracking_number = ${tracking} where id = ${order.id}`;
    }
    return { orderId: order.id, status: order.status, mailQueued: false };
  }
  if (dispatching) {
    await tx`
      update public.orders set status = 'dispatched', carrier = ${carrier}, tracking_number = ${tracking}, dispatched_at = now()
       where id = ${order.id}`;
  } else {
    await tx`update public.orders set status = ${change.status} where id = ${order.id}`;
  }
  let mailQueued = false;
  if (dispatching && order.customer_email) {
    // Numbered by the order's dispatches so far (the history trigger has just recorded this one).
    const [dispatches] = await tx<{ n: number }[]>`
      select count(*)::int as n from public.order_events where order_id = ${order.id} and kind = 'status' and to_status = 'dispatched'`;
    mailQueued = await enqueueMail(tx, {
      kind: 'dispatched',
      orderId: order.id,
      to: order.customer_email,
      dedupeKey: `dispatched:${order.id}:${dispatches!.n}`,
      payload: { carrier, trackingNumber: tracking, trackingUrl: trackingUrl(carrier, tracking) },
    });
  }
  return { orderId: order.id, status: change.status, mailQueued };
}
