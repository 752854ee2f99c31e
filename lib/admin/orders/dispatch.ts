import 'server-only';
// An admin sets an order's status, as that admin under RLS. Setting it to dispatched stores the carrier and the
// tracking number (both optional) and queues the buyer's dispatch mail in the same transaction, once per dispatch:
// setting a status the order already has changes nothing and sends nothing, while an order dispatched, set back
// and dispatched again is a second dispatch with its own mail. The history trigger records each change. An Undo sets
// back the status a change replaced, only while the order still has the status that change gave it, and restores a
// dispatch without mailing the buyer again. A dispatch is also one shipment of everything still to ship (shipments.ts),
// so the order's parcels always add up; an Undo leaves its parcels as they are.
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import { enqueueMail } from '../../mail/outbox';
import { statusLabel, type OrderStatus } from '../../orders/status';
import { trackingUrl } from '../../orders/tracking';
import { fillLatestShipment, shipEverythingLeft } from './shipments';

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  carrier?: string | null;
  trackingNumber?: string | null;
  /** The status the admin saw; when given, a different one (someone changed it meanwhile) is refused. */
  expected?: OrderStatus;
  /** Sets back the status a change replaced: no mail, dispatch details untouched. */
  undo?: boolean;
}

export interface StatusChangeResult {
  orderId: string;
  status: OrderStatus;
  /** The status before this change (what an Undo sets back). */
  previousStatus: OrderStatus;
  /** Whether a dispatch mail was queued. */
  mailQueued: boolean;
}

export async function setOrderStatus(tx: Tx, change: StatusChange): Promise<StatusChangeResult> {
  const [order] = await tx<{ id: string; status: OrderStatus; customer_email: string | null }[]>`
    select id, status, customer_email from public.orders where id = ${change.orderId} for update`;
  if (!order) throw new ActionError('That order does not exist.', 404);
  if (change.expected && order.status !== change.expected) {
    throw new ActionError(`This order is now ${statusLabel(order.status)}: someone changed it meanwhile. Nothing was changed.`, 409);
  }
  const previousStatus = order.status;
  if (change.undo) {
    if (order.status !== change.status) await tx`update public.orders set status = ${change.status} where id = ${order.id}`;
    return { orderId: order.id, status: change.status, previousStatus, mailQueued: false };
  }
  const dispatching = change.status === 'dispatched';
  const carrier = dispatching ? (change.carrier ?? null) : null;
  const tracking = dispatching ? (change.trackingNumber ?? null) : null;
  if (order.status === change.status) {
    // The same status again: only a dispatch's details may be filled in later; no second mail.
    if (dispatching && (carrier || tracking)) {
      await tx`update public.orders set carrier = ${carrier}, tracking_number = ${tracking} where id = ${order.id}`;
      await fillLatestShipment(tx, order.id, carrier, tracking);
    }
    return { orderId: order.id, status: order.status, previousStatus, mailQueued: false };
  }
  if (dispatching) {
    await tx`
      update public.orders set status = 'dispatched', carrier = ${carrier}, tracking_number = ${tracking}, dispatched_at = now()
       where id = ${order.id}`;
    await shipEverythingLeft(tx, order.id, carrier, tracking);
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
  return { orderId: order.id, status: change.status, previousStatus, mailQueued };
}
