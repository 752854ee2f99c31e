'use client';
// The Refund button's dialog: the whole amount left, or part of it, back to the buyer's card through Stripe. A partial
// refund leaves the status alone; a full one sets Refunded (refund-rules.ts). The request key is made when the dialog
// opens and kept for a retry whose outcome is unknown, so a double click or a retried request refunds once.
import * as Dialog from '@radix-ui/react-dialog';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { refundOrderPayment } from '@/lib/admin/orders/actions';
import { REFUND_FAILURE } from '@/lib/admin/orders/labels';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { formatCents, toCents } from '@/lib/core/format/money';
import { statusLabel } from '@/lib/orders/status';

export const newRefundKey = (): string => crypto.randomUUID();

/** Sends a refund; the dialog shows `error` and keeps the key only when the outcome is unknown (503). */
export function useRefund(order: AdminOrder) {
  const router = useRouter();
  const [key, setKey] = useState(newRefundKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(amountCents: number, cancel: boolean): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setError(null);
    try {
      const result = await refundOrderPayment({ orderId: order.id, amountCents, idempotencyKey: key, cancel });
      if (result.ok) {
        const s = result.data.status;
        toast.success(result.message ?? 'Refunded', {
          description: s === result.data.previousStatus ? `${order.reference} stays ${statusLabel(s)}.` : `${order.reference} is now ${statusLabel(s)}.`,
        });
        router.refresh();
        return true;
      }
      setError(result.error);
      toast.error(REFUND_FAILURE, { description: result.error });
      if (result.status !== 503) setKey(newRefundKey());
    } catch {
      setError('The request did not reach the server. Please try again.');
    } finally {
      setBusy(false);
    }
    return false;
  }

  return { send, busy, error, setError };
}

export function RefundForm({ order, close }: { order: AdminOrder; close(): void }) {
  const ids = useId();
  const { send, busy, error, setError } = useRefund(order);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const left = order.refundableCents;
  const cents = mode === 'full' ? left : toCents(Number(amount));
  const amountValid = Number.isFinite(cents) && cents > 0 && cents <= left;
  const full = amountValid && cents === left;

  async function refund() {
    if (!amountValid) {
      setError(`Enter an amount between $0.01 and ${formatCents(left)}.`);
      return;
    }
    if (await send(cents, false)) close();
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void refund();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">Refund order {order.reference}</Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">
        Paid {formatCents(order.money.paidCents)} by card
        {order.money.refundedCents > 0 ? `, ${formatCents(order.money.refundedCents)} refunded so far` : ''}.{' '}
        {formatCents(left)} can be refunded through Stripe.
      </Dialog.Description>
      <fieldset className="mt-4 space-y-2">
        <legend className="adm-label">Amount</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" checked={mode === 'full'} onChange={() => setMode('full')} />
          Full refund ({formatCents(left)})
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" checked={mode === 'partial'} onChange={() => setMode('partial')} />
          Partial refund
        </label>
        {mode === 'partial' && (
          <div className="pl-6">
            <label htmlFor={`${ids}-amount`} className="sr-only">
              Amount to refund in dollars
            </label>
            <div className="relative w-40">
              <span aria-hidden className="absolute left-3 top-1/2 -translate-y-1/2 text-sm text-stone-muted">
                $
              </span>
              <input
                id={`${ids}-amount`}
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                max={(left / 100).toFixed(2)}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={amount !== '' && !amountValid}
                aria-describedby={`${ids}-effect${error ? ` ${ids}-error` : ''}`}
                className="adm-input tabular pl-6"
                autoFocus
              />
            </div>
          </div>
        )}
      </fieldset>
      <p id={`${ids}-effect`} className="adm-muted mt-3 text-sm" aria-live="polite">
        {full ? 'A full refund sets the order to Refunded.' : `A partial refund keeps the order ${statusLabel(order.status)}.`}
      </p>
      {error && (
        <p id={`${ids}-error`} role="alert" className="adm-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <button type="submit" className="adm-btn-danger" disabled={busy}>
          {busy ? 'Refunding…' : `Refund ${amountValid ? formatCents(cents) : ''}`.trim()}
        </button>
        <Dialog.Close asChild>
          <button type="button" className="adm-btn sm:mr-auto" disabled={busy}>
            Cancel
          </button>
        </Dialog.Close>
      </div>
    </form>
  );
}
