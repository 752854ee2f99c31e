'use client';
// Asked when an admin sets an order to dispatched: the carrier and the tracking number (both optional, but offered)
// go on the order, into the buyer's dispatch mail and into their account.
import * as Dialog from '@radix-ui/react-dialog';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { updateOrderStatus } from '@/lib/admin/orders/actions';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { KNOWN_CARRIERS } from '@/lib/orders/tracking';

export function DispatchForm({ order, close }: { order: AdminOrder; close(): void }) {
  const router = useRouter();
  const ids = useId();
  const [carrier, setCarrier] = useState(order.dispatch?.carrier ?? '');
  const [tracking, setTracking] = useState(order.dispatch?.trackingNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function dispatch() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await updateOrderStatus({
        orderId: order.id,
        status: 'dispatched',
        carrier: carrier.trim() || null,
        trackingNumber: tracking.trim() || null,
      });
      if (result.ok) {
        toast.success('Order status updated successfully', {
          description: result.data.mailQueued ? `The buyer is told at ${order.customerEmail}.` : undefined,
        });
        close();
        router.refresh();
        return;
      }
      setError(result.error);
      toast.error('Failed to update order status', { description: result.error });
    } catch {
      setError('The request did not reach the server. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void dispatch();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">Dispatch order {order.reference}?</Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">
        {order.customerEmail
          ? `The buyer gets a dispatch mail at ${order.customerEmail}, with the tracking number if you give one.`
          : 'This order has no e-mail address, so no dispatch mail goes out.'}
      </Dialog.Description>
      <div className="mt-4 space-y-3">
        <div>
          <label htmlFor={`${ids}-carrier`} className="adm-label">
            Carrier (optional)
          </label>
          <input
            id={`${ids}-carrier`}
            className="adm-input"
            list={`${ids}-carriers`}
            maxLength={60}
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            autoComplete="off"
            autoFocus
          />
          <datalist id={`${ids}-carriers`}>
            {KNOWN_CARRIERS.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor={`${ids}-tracking`} className="adm-label">
            Tracking number (optional)
          </label>
          <input
            id={`${ids}-tracking`}
            className="adm-input tabular"
            maxLength={100}
            value={tracking}
            onChange={(e) => setTracking(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="adm-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <button type="submit" className="adm-btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Mark dispatched'}
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
