import 'server-only';
// Several orders set to one status at once, in the caller's one transaction: each goes through setOrderStatus (its
// lock, its mail, its history), so the first order refused rolls every change back. Ids are locked in id order, so
// two bulk changes over the same orders wait for each other instead of deadlocking.
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import { text } from '../../core/validation/text';
import { orderReference } from '../../orders/reference';
import type { OrderStatus } from '../../orders/status';
import { setOrderStatus } from './dispatch';
import { BULK_DISPATCH_REFUSED } from './labels';
import { BULK_DISPATCH } from './shipments-labels';

/** The most orders one bulk change takes (a page is 20; a search shows up to 100). */
export const BULK_MAX_ORDERS = 100;

export interface BulkStatusResult {
  status: OrderStatus;
  /** Orders whose status changed (those already there are counted out). */
  changed: number;
  /** Whether a mail was queued. */
  mailQueued: boolean;
}

export async function setOrdersStatus(tx: Tx, orderIds: readonly string[], status: OrderStatus): Promise<BulkStatusResult> {
  // Dispatch asks each order for its own tracking number: dispatchOrders below, from its own dialog.
  if (status === 'dispatched') throw new ActionError(BULK_DISPATCH_REFUSED, 400);
  const ids = [...new Set(orderIds.map((id) => id.toLowerCase()))].sort();
  let changed = 0;
  let mailQueued = false;
  for (const orderId of ids) {
    const result = await setOrderStatus(tx, { orderId, status });
    if (result.previousStatus !== status) changed += 1;
    mailQueued ||= result.mailQueued;
  }
  return { status, changed, mailQueued };
}

export interface BulkDispatchRow {
  orderId: string;
  /** As typed: checked here, where the error can name the order's reference. */
  carrier?: string | null;
  trackingNumber?: string | null;
  /** The status the admin saw; a different one (changed meanwhile) is refused. */
  expected?: OrderStatus;
}

export interface BulkDispatchResult {
  dispatched: number;
  mailQueued: boolean;
}

const carrierText = text({ max: 60, label: 'Carrier' });
const trackingText = text({ max: 100, label: 'Tracking number' });

/**
 * Dispatches each order with its own carrier and tracking number (required here), each through setOrderStatus (its
 * shipment of everything left, its dispatch mail, its history), in the caller's one transaction: the first bad row,
 * named by its reference, rolls every order back. Only pending and processing orders are dispatched this way.
 */
export async function dispatchOrders(tx: Tx, rows: readonly BulkDispatchRow[]): Promise<BulkDispatchResult> {
  const ids = rows.map((r) => r.orderId.toLowerCase());
  if (new Set(ids).size !== ids.length) throw new ActionError(BULK_DISPATCH.twice, 400);
  const locked = await tx<{ id: string; order_reference: string | null; status: OrderStatus }[]>`
    select id, order_reference, status from public.orders where id = any(${ids}::uuid[]) order by id for update`;
  if (locked.length !== ids.length) throw new ActionError(BULK_DISPATCH.missing, 404);
  const byId = new Map(locked.map((o) => [o.id, o]));
  const seenTracking = new Map<string, string>();
  const plan: { orderId: string; carrier: string | null; trackingNumber: string }[] = [];
  for (const row of rows) {
    const order = byId.get(row.orderId.toLowerCase())!;
    const reference = orderReference(order);
    if (row.expected && row.expected !== order.status) throw new ActionError(BULK_DISPATCH.changed(reference, order.status), 409);
    if (order.status !== 'pending' && order.status !== 'processing') throw new ActionError(BULK_DISPATCH.notDispatchable(reference, order.status), 409);
    const carrier = carrierText.safeParse(row.carrier ?? '');
    if (!carrier.success) throw new ActionError(BULK_DISPATCH.field(reference, carrier.error.issues[0]!.message), 400);
    const tracking = trackingText.safeParse(row.trackingNumber ?? '');
    if (!tracking.success) throw new ActionError(BULK_DISPATCH.field(reference, tracking.error.issues[0]!.message), 400);
    if (!tracking.data) throw new ActionError(BULK_DISPATCH.trackingMissing(reference), 400);
    const same = seenTracking.get(tracking.data.toLowerCase());
    if (same) throw new ActionError(BULK_DISPATCH.sameTracking(reference, same), 400);
    seenTracking.set(tracking.data.toLowerCase(), reference);
    plan.push({ orderId: order.id, carrier: carrier.data || null, trackingNumber: tracking.data });
  }
  let mailQueued = false;
  for (const p of plan.sort((a, b) => (a.orderId < b.orderId ? -1 : 1))) {
    const result = await setOrderStatus(tx, { orderId: p.orderId, status: 'dispatched', carrier: p.carrier, trackingNumber: p.trackingNumber });
    mailQueued ||= result.mailQueued;
  }
  return { dispatched: plan.length, mailQueued };
}
