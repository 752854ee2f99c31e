'use client';
// The Refund button's dialog: chosen lines and quantities with or without the shipping, the whole amount left, or
// another amount, back to the buyer's card through Stripe, always with a reason. The amount shown is the same rule the
// server applies (refund-rules.ts planLineRefund); the server prices the lines itself. A partial refund leaves the
// status alone; a full one sets Refunded. The request key is made when the dialog opens and kept for a retry whose
// outcome is unknown, so a double click or a retried request refunds once.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { refundOrderPayment } from '@/lib/admin/orders/actions';
import { REFUND_FAILURE } from '@/lib/admin/orders/labels';
import { lineLeft, NOTHING_CHOSEN, planLineRefund, shippingLeft, type RefundBase } from '@/lib/admin/orders/refund-rules';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { formatCents, toCents } from '@/lib/core/format/money';
import { shippingLabel } from '@/lib/documents/charges';
import { REFUND_REASON_KEYS, REFUND_REASONS, type RefundReason } from '@/lib/documents/labels';
import { statusLabel } from '@/lib/orders/status';
import { useDialogSubmit } from './use-dialog-submit';

export const newRefundKey = (): string => crypto.randomUUID();

/** What a refund asks for: an amount (the status control's cancel-with-refund), or lines and shipping. */
export type RefundAsk = { amountCents: number } | { lines: { itemId: string; quantity: number }[]; shippingCents: number };

/** Sends a refund; the dialog shows `error` and keeps the key only when the outcome is unknown (503). */
export function useRefund(order: AdminOrder) {
  const [key, setKey] = useState(newRefundKey);
  const { busy, error, setError, submit } = useDialogSubmit();

  const send = (ask: number | RefundAsk, cancel: boolean, why?: { reason: RefundReason; note: string }): Promise<boolean> => {
    const what = typeof ask === 'number' ? { amountCents: ask } : ask;
    return submit(
      () => refundOrderPayment({ orderId: order.id, ...what, idempotencyKey: key, cancel, ...(why ? { reason: why.reason, note: why.note || null } : {}) }),
      {
        ok(data, message) {
          const s = data.status;
          toast.success(message ?? 'Refunded', {
            description: s === data.previousStatus ? `${order.reference} stays ${statusLabel(s)}.` : `${order.reference} is now ${statusLabel(s)}.`,
          });
        },
        failed(failure) {
          toast.error(REFUND_FAILURE, { description: failure.error });
          if (failure.status !== 503) setKey(newRefundKey());
        },
      },
    );
  };

  return { send, busy, error, setError };
}

type Mode = 'items' | 'full' | 'partial';

/** The order's lines and shipping as the refund rule reads them. */
export function refundBaseOf(order: AdminOrder): RefundBase {
  return {
    lines: order.items.map((i) => ({ id: i.id, name: i.name ?? 'Product Unavailable', quantity: i.quantity, unitPriceCents: i.unitPriceCents, refundedQuantity: i.refundedQuantity })),
    shippingCents: order.charges.shippingCents,
    shippingRefundedCents: order.shippingRefundedCents,
    taxCents: order.charges.taxCents,
    totalCents: order.totalCents,
  };
}

/** A whole number typed in a quantity box; anything else counts as none. */
const typedQuantity = (value: string): number => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : 0);

export function RefundForm({ order, close }: { order: AdminOrder; close(): void }) {
  const ids = useId();
  const { send, busy, error, setError } = useRefund(order);
  const base = refundBaseOf(order);
  const shipLeft = shippingLeft(base);
  const anyLine = base.lines.some((l) => lineLeft(l) > 0) || shipLeft > 0;
  const [mode, setMode] = useState<Mode>(anyLine ? 'items' : 'full');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [withShipping, setWithShipping] = useState(false);
  const [shipping, setShipping] = useState((shipLeft / 100).toFixed(2));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const left = order.refundableCents;

  const chosen = base.lines.map((l) => ({ itemId: l.id, quantity: typedQuantity(quantities[l.id] ?? '') })).filter((l) => l.quantity > 0);
  const shippingCents = withShipping ? toCents(Number(shipping)) : 0;
  const planned = mode === 'items' ? planLineRefund(base, { lines: chosen, shippingCents: Number.isFinite(shippingCents) ? shippingCents : 0 }) : null;
  const cents = planned ? (planned.ok ? planned.plan.amountCents : 0) : mode === 'full' ? left : toCents(Number(amount));
  const overLeft = planned?.ok === true && cents > left;
  const amountValid = Number.isFinite(cents) && cents > 0 && cents <= left && (planned === null || planned.ok);
  const full = amountValid && cents === left;

  async function refund() {
    if (!reason) {
      setError('Choose a reason for the refund.');
      return;
    }
    if (planned && !planned.ok) {
      setError(planned.error);
      return;
    }
    if (!amountValid) {
      setError(overLeft ? `This refund comes to ${formatCents(cents)}, more than the ${formatCents(left)} left of the payment.` : `Enter an amount between $0.01 and ${formatCents(left)}.`);
      return;
    }
    const ask: RefundAsk = planned?.ok ? { lines: planned.plan.lines.map(({ itemId, quantity }) => ({ itemId, quantity })), shippingCents: planned.plan.shippingCents } : { amountCents: cents };
    if (await send(ask, false, { reason, note: note.trim() })) close();
  }

  const radio = (value: Mode, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
      {label}
    </label>
  );

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
        <legend className="adm-label">What to refund</legend>
        {anyLine && radio('items', 'Items and shipping')}
        {radio('full', `Full refund (${formatCents(left)})`)}
        {radio('partial', 'Partial refund')}
      </fieldset>
      {mode === 'items' && (
        <div className="mt-3 space-y-2" data-testid="refund-lines">
          {base.lines.map((line, i) => {
            const item = order.items[i]!;
            const most = lineLeft(line);
            return (
              <div key={line.id} className="flex items-start justify-between gap-3 rounded-md border border-neutral-200 p-2 text-sm">
                <div className="min-w-0">
                  <label htmlFor={`${ids}-q-${line.id}`} className="block font-medium break-words">
                    {line.name}
                  </label>
                  <p className="adm-muted break-words">
                    {item.options ? `${item.options} · ` : ''}
                    {formatCents(line.unitPriceCents)} each · {most > 0 ? `${most} of ${line.quantity} can be refunded` : 'Refunded'}
                  </p>
                </div>
                <input
                  id={`${ids}-q-${line.id}`}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  max={most}
                  step="1"
                  disabled={most === 0}
                  value={quantities[line.id] ?? ''}
                  placeholder="0"
                  onChange={(e) => setQuantities((q) => ({ ...q, [line.id]: e.target.value }))}
                  aria-label={`Quantity of ${line.name} to refund`}
                  className="adm-input tabular w-20 shrink-0"
                />
              </div>
            );
          })}
          {base.shippingCents > 0 && (
            <div className="rounded-md border border-neutral-200 p-2 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={withShipping} disabled={shipLeft === 0} onChange={(e) => setWithShipping(e.target.checked)} />
                {shippingLabel(order.charges.shippingMethod)}: {shipLeft > 0 ? `${formatCents(shipLeft)} can be refunded` : 'Refunded'}
              </label>
              {withShipping && (
                <div className="relative mt-2 w-40 pl-6">
                  <label htmlFor={`${ids}-shipping`} className="sr-only">
                    Shipping to refund in dollars
                  </label>
                  <span aria-hidden className="absolute left-9 top-1/2 -translate-y-1/2 text-sm text-stone-muted">
                    $
                  </span>
                  <input
                    id={`${ids}-shipping`}
                    type="number"
                    inputMode="decimal"
                    min="0.01"
                    step="0.01"
                    max={(shipLeft / 100).toFixed(2)}
                    value={shipping}
                    onChange={(e) => setShipping(e.target.value)}
                    className="adm-input tabular pl-6"
                  />
                </div>
              )}
            </div>
          )}
          {planned?.ok && planned.plan.taxCents > 0 && (
            <p className="adm-muted text-sm">Includes {formatCents(planned.plan.taxCents)} of sales tax on what is refunded.</p>
          )}
        </div>
      )}
      {mode === 'partial' && (
        <div className="mt-3 pl-6">
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
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-reason`} className="adm-label">
            Reason
          </label>
          <select
            id={`${ids}-reason`}
            className="adm-input"
            aria-required="true"
            value={reason}
            onChange={(e) => setReason(e.target.value as RefundReason | '')}
            aria-invalid={error !== null && !reason}
          >
            <option value="">Choose a reason</option>
            {REFUND_REASON_KEYS.map((key) => (
              <option key={key} value={key}>
                {REFUND_REASONS[key]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-note`} className="adm-label">
            Note (optional)
          </label>
          <input id={`${ids}-note`} className="adm-input" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      <p id={`${ids}-effect`} className="adm-muted mt-3 text-sm" aria-live="polite">
        {mode === 'items' && planned && !planned.ok && planned.error !== NOTHING_CHOSEN
          ? planned.error
          : full
            ? 'A full refund sets the order to Refunded.'
            : `A partial refund keeps the order ${statusLabel(order.status)}.`}
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
