'use client';
// Saving a status chosen in the orders screen: sent with the status the admin saw (a change made meanwhile is not
// overwritten), reported in a toast whose Undo sets the previous status back through the same action for a few
// seconds. The page is refreshed after each, so the row shows what the server stored.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { updateOrderStatus } from '@/lib/admin/orders/actions';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { statusLabel, type OrderStatus } from '@/lib/orders/status';
import { STATUS_FAILURE, STATUS_SUCCESS, UNDO_SECONDS } from '@/lib/admin/orders/labels';

export function useStatusChange(order: Pick<AdminOrder, 'id' | 'reference' | 'status'>) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function undo(previous: OrderStatus, current: OrderStatus) {
    const result = await updateOrderStatus({ orderId: order.id, status: previous, expected: current, undo: true }).catch(() => null);
    if (result?.ok) {
      toast.success(`Order ${order.reference} is ${statusLabel(previous)} again`);
      router.refresh();
    } else {
      toast.error('Could not undo the change', { description: result?.error });
    }
  }

  /** Saves `status`; true when it was saved. */
  async function apply(status: OrderStatus): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    const previous = order.status;
    try {
      const result = await updateOrderStatus({ orderId: order.id, status, expected: previous });
      if (!result.ok) {
        toast.error(STATUS_FAILURE, { description: result.error });
        return false;
      }
      toast.success(STATUS_SUCCESS, {
        description: `${order.reference}: ${statusLabel(previous)} → ${statusLabel(status)}`,
        duration: UNDO_SECONDS * 1000,
        action: { label: 'Undo', onClick: () => void undo(previous, status) },
      });
      router.refresh();
      return true;
    } catch {
      toast.error(STATUS_FAILURE);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { apply, busy };
}
