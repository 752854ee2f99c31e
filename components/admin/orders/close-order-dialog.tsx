'use client';
// Asked when Refunded or Cancelled is chosen in the status control: a confirmation that offers the refund of what is
// left of the card payment. Refunded: refund it all and mark refunded, or mark refunded without a refund (money given
// back another way). Cancelled: cancel, with the refund ticked when there is money to give back.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { formatCents } from '@/lib/core/format/money';
import { statusLabel } from '@/lib/orders/status';
import { useRefund } from './refund-dialog';
import { useStatusChange } from './use-status-change';

interface CloseOrderProps {
  order: AdminOrder;
  target: 'refunded' | 'cancelled';
  close(): void;
}

export function CloseOrderForm({ order, target, close }: CloseOrderProps) {
  const ids = useId();
  const left = order.refundableCents;
  const refund = useRefund(order);
  const status = useStatusChange(order);
  const [withRefund, setWithRefund] = useState(left > 0);
  const busy = refund.busy || status.busy;

  async function markOnly() {
    if (await status.apply(target)) close();
  }

  async function confirm() {
    if (withRefund && left > 0) {
      if (await refund.send(left, target === 'cancelled')) close();
    } else {
      await markOnly();
    }
  }

  const title = target === 'cancelled' ? `Cancel order ${order.reference}?` : `Mark order ${order.reference} refunded?`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">
        It is {statusLabel(order.status)} now.{' '}
        {left > 0 ? `${formatCents(left)} of the card payment can be refunded through Stripe.` : 'No card payment is left to refund.'}
      </Dialog.Description>
      {left > 0 && target === 'cancelled' && (
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={withRefund} onChange={(e) => setWithRefund(e.target.checked)} />
          Refund {formatCents(left)} to the buyer’s card
        </label>
      )}
      {refund.error && (
        <p id={`${ids}-error`} role="alert" className="adm-error mt-3">
          {refund.error}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        {target === 'refunded' ? (
          <>
            {left > 0 && (
              <button type="submit" className="adm-btn-danger" disabled={busy}>
                {refund.busy ? 'Refunding…' : `Refund ${formatCents(left)} and mark refunded`}
              </button>
            )}
            <button
              type={left > 0 ? 'button' : 'submit'}
              className={left > 0 ? 'adm-btn' : 'adm-btn-danger'}
              disabled={busy}
              onClick={left > 0 ? () => void markOnly() : undefined}
            >
              {left > 0 ? 'Mark refunded without a refund' : 'Mark refunded'}
            </button>
          </>
        ) : (
          <button type="submit" className="adm-btn-danger" disabled={busy}>
            {busy ? 'Saving…' : withRefund && left > 0 ? `Cancel and refund ${formatCents(left)}` : 'Cancel order'}
          </button>
        )}
        <Dialog.Close asChild>
          <button type="button" className="adm-btn sm:mr-auto" disabled={busy}>
            Keep {statusLabel(order.status)}
          </button>
        </Dialog.Close>
      </div>
    </form>
  );
}
