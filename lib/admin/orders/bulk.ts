import 'server-only';
// Several orders set to one status at once, in the caller's one transaction: each goes through setOrderStatus (its
// lock, its mail, its history), so the first order refused rolls every change back. Ids are locked in id order, so
// two bulk changes over the same orders wait for each other instead of deadlocking.
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import type { OrderStatus } from '../../orders/status';
import { setOrderStatus } from './dispatch';
import { BULK_DISPATCH_REFUSED } from './labels';

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
  // Dispatch asks each order for its own tracking number: that stays the one-order dialog's job.
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
