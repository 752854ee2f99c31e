'use client';
// Asked when an admin sets an order to dispatched: the carrier and the tracking number (both optional, but offered)
// go on the order, into the buyer's dispatch mail and into their account. Bulk dispatch asks the same of each
// selected order, the tracking number required, one carrier for all preset.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toaster';
import { dispatchOrdersBulk, updateOrderStatus } from '@/lib/admin/orders/actions';
import { BULK_DISPATCH } from '@/lib/admin/orders/shipments-labels';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { KNOWN_CARRIERS } from '@/lib/orders/tracking';
import { useDialogSubmit } from './use-dialog-submit';

/** A carrier box offering the carriers the shop knows (staff may type another). */
export function CarrierField({ id, label, value, onChange, autoFocus = false }: {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <input
        id={id}
        className="adm-input"
        list={`${id}-list`}
        maxLength={60}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        autoFocus={autoFocus}
      />
      <datalist id={`${id}-list`}>
        {KNOWN_CARRIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </div>
  );
}

export function DispatchForm({ order, close }: { order: AdminOrder; close(): void }) {
  const ids = useId();
  const [carrier, setCarrier] = useState(order.dispatch?.carrier ?? '');
  const [tracking, setTracking] = useState(order.dispatch?.trackingNumber ?? '');
  const { busy, error, submit } = useDialogSubmit();

  const dispatch = () =>
    submit(
      () =>
        updateOrderStatus({
          orderId: order.id,
          status: 'dispatched',
          carrier: carrier.trim() || null,
          trackingNumber: tracking.trim() || null,
        }),
      {
        ok(data) {
          toast.success('Order status updated successfully', {
            description: data.mailQueued ? `The buyer is told at ${order.customerEmail}.` : undefined,
          });
          close();
        },
        failed: ({ error }) => toast.error('Failed to update order status', { description: error }),
      },
    );

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
        <CarrierField id={`${ids}-carrier`} label="Carrier (optional)" value={carrier} onChange={setCarrier} autoFocus />
        <TrackingField id={`${ids}-tracking`} label="Tracking number (optional)" value={tracking} onChange={setTracking} />
      </div>
      <DialogFormEnd error={error} busy={busy} submit="Mark dispatched" saving="Saving…" />
    </form>
  );
}

/** A tracking number box: typed as printed on the label, never corrected. */
export function TrackingField({ id, label, value, onChange, required = false }: {
  id: string;
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <input
        id={id}
        className="adm-input tabular"
        maxLength={100}
        aria-required={required || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

/** The end of a dispatch or shipment form: the error, then the submit button and Cancel. */
export function DialogFormEnd({ error, busy, submit, saving, cancel = 'Cancel' }: {
  error: string | null;
  busy: boolean;
  submit: string;
  saving: string;
  cancel?: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="adm-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
        <button type="submit" className="adm-btn-primary" disabled={busy}>
          {busy ? saving : submit}
        </button>
        <Dialog.Close asChild>
          <button type="button" className="adm-btn sm:mr-auto" disabled={busy}>
            {cancel}
          </button>
        </Dialog.Close>
      </div>
    </>
  );
}

/** A row's short visible label; screen readers hear which order it belongs to. */
function RowLabel({ visible, full }: { visible: string; full: string }) {
  return (
    <>
      <span aria-hidden>{visible}</span>
      <span className="sr-only">{full}</span>
    </>
  );
}

export type BulkDispatchOrder = Pick<AdminOrder, 'id' | 'reference' | 'status'>;

/** The bar's Dispatch…: each selected order's tracking number (and carrier), all dispatched together or none. */
export function BulkDispatchForm({ orders, close, done }: { orders: BulkDispatchOrder[]; close(): void; done(): void }) {
  const ids = useId();
  const [carrierForAll, setCarrierForAll] = useState('');
  const [carriers, setCarriers] = useState<Record<string, string>>({});
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const { busy, error, setError, submit } = useDialogSubmit();
  const carrierOf = (id: string) => carriers[id] ?? carrierForAll;

  async function dispatch() {
    if (busy) return;
    const missing = orders.find((o) => !(tracking[o.id] ?? '').trim());
    if (missing) {
      setError(BULK_DISPATCH.trackingMissing(missing.reference));
      document.getElementById(`${ids}-t-${missing.id}`)?.focus();
      return;
    }
    await submit(
      () =>
        dispatchOrdersBulk({
          orders: orders.map((o) => ({ orderId: o.id, expected: o.status, carrier: carrierOf(o.id).trim() || null, trackingNumber: (tracking[o.id] ?? '').trim() })),
        }),
      {
        ok(data, message) {
          toast.success(message ?? BULK_DISPATCH.done(data.dispatched));
          close();
          done();
        },
        failed: ({ error }) => toast.error(BULK_DISPATCH.failure, { description: error }),
      },
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void dispatch();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">{BULK_DISPATCH.title(orders.length)}</Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">{BULK_DISPATCH.body}</Dialog.Description>
      <div className="mt-4">
        <CarrierField id={`${ids}-all`} label={BULK_DISPATCH.carrierForAll} value={carrierForAll} onChange={setCarrierForAll} autoFocus />
      </div>
      <ul className="mt-3 space-y-3">
        {orders.map((o) => (
          <li key={o.id} className="rounded-md border border-neutral-200 p-2" data-testid="bulk-dispatch-row">
            <p className="tabular text-sm font-medium">{o.reference}</p>
            <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
              <CarrierField
                id={`${ids}-c-${o.id}`}
                label={<RowLabel visible="Carrier" full={BULK_DISPATCH.carrierOf(o.reference)} />}
                value={carrierOf(o.id)}
                onChange={(v) => setCarriers((c) => ({ ...c, [o.id]: v }))}
              />
              <TrackingField
                id={`${ids}-t-${o.id}`}
                label={<RowLabel visible="Tracking number" full={BULK_DISPATCH.trackingOf(o.reference)} />}
                value={tracking[o.id] ?? ''}
                onChange={(v) => {
                  setTracking((t) => ({ ...t, [o.id]: v }));
                  setError(null);
                }}
                required
              />
            </div>
          </li>
        ))}
      </ul>
      <DialogFormEnd error={error} busy={busy} submit={BULK_DISPATCH.submit(orders.length)} saving={BULK_DISPATCH.saving} />
    </form>
  );
}
