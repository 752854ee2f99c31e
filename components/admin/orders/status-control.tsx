'use client';
import { useId, useRef, useState } from 'react';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { isOrderStatus, ORDER_STATUSES, STATUS_BADGE, statusLabel, type OrderStatus } from '@/lib/orders/status';
import { CloseOrderForm } from './close-order-dialog';
import { DispatchForm } from './dispatch-dialog';
import { OrderDialog } from './order-dialog';
import { useStatusChange } from './use-status-change';

/**
 * The order's status selector (all six). Nothing is saved on choosing: 'Dispatched' asks for the carrier and the
 * tracking number; 'Refunded' and 'Cancelled' ask in a dialog that offers the refund; any other status asks in place,
 * and once saved can be undone from the toast.
 */
export function StatusControl({ order }: { order: AdminOrder }) {
  const id = useId();
  const { apply, busy } = useStatusChange(order);
  const [choice, setChoice] = useState<OrderStatus | null>(null);
  const [dialog, setDialog] = useState<'dispatched' | 'refunded' | 'cancelled' | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);

  function choose(status: OrderStatus) {
    if (status === order.status) return setChoice(null);
    if (status === 'dispatched' || status === 'refunded' || status === 'cancelled') {
      setChoice(null);
      setDialog(status);
      return;
    }
    setChoice(status);
  }

  function keep() {
    setChoice(null);
    selectRef.current?.focus();
  }

  async function confirm() {
    if (!choice) return;
    if (await apply(choice)) setChoice(null);
  }

  const shown = choice ?? order.status;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          Status
        </label>
        <select
          ref={selectRef}
          id={`${id}-status`}
          className={`adm-input w-40 font-medium ${STATUS_BADGE[shown]}`}
          value={shown}
          disabled={busy}
          aria-busy={busy}
          onChange={(e) => isOrderStatus(e.target.value) && choose(e.target.value)}
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {/* Announced rather than focused: arrow keys on a closed select change it once per press. */}
      <div aria-live="polite">
      {choice && (
        <div role="group" aria-label="Confirm the status change" className="rounded-md border border-neutral-300 bg-white p-2.5 text-sm">
          <p>
            Change {order.reference} from <strong>{statusLabel(order.status)}</strong> to <strong>{statusLabel(choice)}</strong>?
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="adm-btn-primary h-8" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Saving…' : `Set ${statusLabel(choice)}`}
            </button>
            <button type="button" className="adm-btn h-8" disabled={busy} onClick={keep}>
              Keep {statusLabel(order.status)}
            </button>
          </div>
        </div>
      )}
      </div>
      <OrderDialog open={dialog === 'dispatched'} onOpenChange={(open) => !open && setDialog(null)}>
        <DispatchForm order={order} close={() => setDialog(null)} />
      </OrderDialog>
      <OrderDialog open={dialog === 'refunded' || dialog === 'cancelled'} onOpenChange={(open) => !open && setDialog(null)}>
        {(dialog === 'refunded' || dialog === 'cancelled') && <CloseOrderForm order={order} target={dialog} close={() => setDialog(null)} />}
      </OrderDialog>
    </div>
  );
}
