'use client';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { updateOrderStatus } from '@/lib/admin/orders/actions';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { isOrderStatus, ORDER_STATUSES, STATUS_BADGE, statusLabel, type OrderStatus } from '@/lib/orders/status';
import { DispatchForm } from './dispatch-dialog';
import { OrderDialog } from './order-dialog';
import { RefundForm } from './refund-dialog';

/**
 * The order's status selector (all six). 'Dispatched' asks for the carrier and tracking number; 'Refunded' on an
 * order with card money left offers a Stripe refund.
 */
export function StatusControl({ order }: { order: AdminOrder }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [dispatching, setDispatching] = useState(false);

  async function change(status: OrderStatus) {
    if (status === order.status) return;
    if (status === 'refunded' && order.refundableCents > 0) {
      setRefunding(true);
      return;
    }
    if (status === 'dispatched') {
      setDispatching(true);
      return;
    }
    setBusy(true);
    try {
      const result = await updateOrderStatus({ orderId: order.id, status });
      if (result.ok) {
        toast.success('Order status updated successfully');
        router.refresh();
      } else {
        toast.error('Failed to update order status', { description: result.error });
      }
    } catch {
      toast.error('Failed to update order status');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-status`} className="text-sm font-medium">
        Status
      </label>
      <select
        id={`${id}-status`}
        className={`adm-input w-40 font-medium ${STATUS_BADGE[order.status]}`}
        value={order.status}
        disabled={busy}
        aria-busy={busy}
        onChange={(e) => isOrderStatus(e.target.value) && void change(e.target.value)}
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      <OrderDialog open={refunding} onOpenChange={setRefunding}>
        <RefundForm order={order} close={() => setRefunding(false)} />
      </OrderDialog>
      <OrderDialog open={dispatching} onOpenChange={setDispatching}>
        <DispatchForm order={order} close={() => setDispatching(false)} />
      </OrderDialog>
    </div>
  );
}
