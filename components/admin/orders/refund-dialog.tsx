'use client';
// Offered when an admin sets 'refunded' on a paid order: refund through Stripe (the full amount left, or part of
// it) and mark the order refunded, or only mark it. The request key is made when the dialog opens and kept for a
// retry whose outcome is unknown, so a double click or a retried request refunds once.
import * as Dialog from '@radix-ui/react-dialog';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { refundOrderPayment, updateOrderStatus } from '@/lib/admin/orders/actions';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { formatCents, toCents } from '@/lib/core/format/money';

function newKey(): string {
  return crypto.randomUUID();
}

export function RefundForm({ order, close }: { order: AdminOrder; close(): void }) {
  const router = useRouter();
  const ids = useId();
  const [key, setKey] = useState(newKey);
  const [mode, setMode] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState((order.refundableCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cents = mode === 'full' ? order.refundableCents : toCents(Number(amount));
  const amountValid = Number.isFinite(cents) && cents > 0 && cents <= order.refundableCents;

  async function refund() {
    if (busy) return;
    if (!amountValid) {
      setError(`Enter an amount between $0.01 and ${formatCents(order.refundableCents)}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await refundOrderPayment({ orderId: order.id, amountCents: cents, idempotencyKey: key, markRefunded: true });
      if (result.ok) {
        toast.success('Order status updated successfully', { description: result.message });
        close();
        router.refresh();
        return;
      }
      setError(result.error);
      toast.error('Failed to update order status', { description: result.error });
      // The refund was refused, so a new attempt is a new request; after an unknown outcome (503) the key is kept.
      if (result.status !== 503) setKey(newKey());
    } catch {
      setError('The request did not reach the server. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function markOnly() {
    if (busy) return;
    setBusy(true);
    try {
      const result = await updateOrderStatus({ orderId: order.id, status: 'refunded' });
      if (result.ok) {
        toast.success('Order status updated successfully');
        close();
        router.refresh();
      } else {
        setError(result.error);
        toast.error('Failed to update order status', { description: result.error });
      }
    } catch {
      toast.error('Failed to update order status');
    } finally {
      setBusy(false);
    }
  }

  const paid = order.payments.find((p) => p.kind === 'payment' && p.status === 'completed');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void refund();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">Refund order {order.reference}?</Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">
        Paid {paid ? formatCents(paid.amountCents) : formatCents(order.totalCents)} by card.{' '}
        {formatCents(order.refundableCents)} can be refunded through Stripe.
      </Dialog.Description>
      <fieldset className="mt-4 space-y-2">
        <legend className="adm-label">Amount</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" checked={mode === 'full'} onChange={() => setMode('full')} />
          Full refund ({formatCents(order.refundableCents)})
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
                max={(order.refundableCents / 100).toFixed(2)}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-invalid={!amountValid}
                aria-describedby={error ? `${ids}-error` : undefined}
                className="adm-input tabular pl-6"
                autoFocus
              />
            </div>
          </div>
        )}
      </fieldset>
      {error && (
        <p id={`${ids}-error`} role="alert" className="adm-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <button type="submit" className="adm-btn-danger" disabled={busy}>
          {busy ? 'Refunding…' : `Refund ${amountValid ? formatCents(cents) : ''} and mark refunded`}
        </button>
        <button type="button" className="adm-btn" disabled={busy} onClick={() => void markOnly()}>
          Mark refunded without a refund
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
