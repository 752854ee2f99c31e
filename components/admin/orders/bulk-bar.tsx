'use client';
// The bar over the table while rows are selected: how many, one status for all of them, Dispatch… (each order's
// tracking number, in its own dialog) and their pick list.
import { Loader2, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { updateOrdersStatus } from '@/lib/admin/orders/actions';
import { BULK_BAR, BULK_STATUS_FAILURE } from '@/lib/admin/orders/labels';
import { BULK_DISPATCH } from '@/lib/admin/orders/shipments-labels';
import { isOrderStatus, ORDER_STATUSES, statusLabel, type OrderStatus } from '@/lib/orders/status';
import { BulkDispatchForm, type BulkDispatchOrder } from './dispatch-dialog';
import { OrderDialog } from './order-dialog';

/** Dispatch has its own button: it asks each order's tracking number. */
const BULK_STATUSES = ORDER_STATUSES.filter((s) => s !== 'dispatched');

export function BulkBar({ orders, clear }: { orders: BulkDispatchOrder[]; clear(): void }) {
  const router = useRouter();
  const ids = orders.map((o) => o.id);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const [dispatching, setDispatching] = useState(false);

  async function apply() {
    if (!status || busy) return;
    setBusy(true);
    try {
      const result = await updateOrdersStatus({ orderIds: ids, status });
      if (!result.ok) {
        toast.error(BULK_STATUS_FAILURE, { description: result.error });
        return;
      }
      toast.success(result.message ?? BULK_BAR.apply);
      clear();
      setStatus('');
      router.refresh();
    } catch {
      toast.error(BULK_STATUS_FAILURE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="region"
      aria-label="Selected orders"
      data-testid="bulk-bar"
      className="flex flex-wrap items-center gap-2 rounded-md border border-neutral-300 bg-neutral-50 px-2 py-1.5 text-sm"
    >
      <p className="font-medium tabular" role="status">
        {BULK_BAR.selected(ids.length)}
      </p>
      <label htmlFor="bulk-status" className="sr-only">
        {BULK_BAR.status}
      </label>
      <select id="bulk-status" className="adm-input h-8 w-40" value={status} onChange={(e) => setStatus(isOrderStatus(e.target.value) ? e.target.value : '')}>
        <option value="">{BULK_BAR.choose}</option>
        {BULK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      <button type="button" className="adm-btn-primary h-8" disabled={!status || busy} onClick={() => void apply()}>
        {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {busy ? BULK_BAR.applying : BULK_BAR.apply}
      </button>
      <button type="button" className="adm-btn h-8" onClick={() => setDispatching(true)}>
        {BULK_DISPATCH.open}
      </button>
      <OrderDialog open={dispatching} onOpenChange={setDispatching}>
        <BulkDispatchForm orders={orders} close={() => setDispatching(false)} done={clear} />
      </OrderDialog>
      <a href={`/api/admin/orders/pick-list?ids=${ids.map(encodeURIComponent).join(',')}`} target="_blank" rel="noopener" className="adm-btn h-8">
        {BULK_BAR.pickList}
      </a>
      <button type="button" className="adm-btn ml-auto h-8 px-2" onClick={clear}>
        <X aria-hidden className="size-4" />
        <span className="max-sm:sr-only">{BULK_BAR.clear}</span>
      </button>
    </div>
  );
}
