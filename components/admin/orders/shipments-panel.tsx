'use client';
// The order's parcels (what each held, its carrier and tracking link) and what is still to ship, with the dialog that
// ships chosen items as one parcel. The last parcel sets the order Dispatched on the server.
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { shipOrderItems } from '@/lib/admin/orders/actions';
import { SHIPMENTS_PANEL } from '@/lib/admin/orders/shipments-labels';
import type { AdminOrder } from '@/lib/admin/orders/types';
import { SHIPMENT_WORDS, type ShipmentItem } from '@/lib/orders/shipments';
import { CarrierField, DialogFormEnd, TrackingField } from './dispatch-dialog';
import { OrderDialog } from './order-dialog';
import { useDialogSubmit } from './use-dialog-submit';

function ItemLine({ item }: { item: ShipmentItem }) {
  return (
    <li className="flex justify-between gap-2">
      <span className="min-w-0 break-words">
        {item.name}
        {item.options && <span className="block text-xs text-stone-muted">{item.options}</span>}
      </span>
      <span className="tabular shrink-0">× {item.quantity}</span>
    </li>
  );
}

function Tracking({ carrier, number, url }: { carrier: string | null; number: string | null; url: string | null }) {
  return (
    <p className="text-xs text-stone-muted">
      {carrier ?? 'No carrier'}
      {' · '}
      {number ? (
        url ? (
          <a href={url} target="_blank" rel="noreferrer" className="tabular break-all text-ink underline">
            {number}
          </a>
        ) : (
          <span className="tabular break-all">{number}</span>
        )
      ) : (
        SHIPMENT_WORDS.noTracking
      )}
    </p>
  );
}

export function ShipmentsPanel({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const { shipments, left } = order.shipments;
  const canShip = (order.status === 'pending' || order.status === 'processing') && left.length > 0;
  // An order sent whole in one parcel shows it as before, under Customer; one with nothing shipped and nothing to
  // ship (an order from before shipments were kept) has nothing to show here.
  const sentWhole = shipments.length === 1 && left.length === 0;
  if (!canShip && (shipments.length === 0 || sentWhole)) return null;
  return (
    <section aria-labelledby={`shipments-${order.id}`} data-testid="shipments-panel">
      <h3 id={`shipments-${order.id}`} className="adm-label">
        {SHIPMENTS_PANEL.heading}
      </h3>
      {shipments.length === 0 ? (
        <p className="adm-muted">{SHIPMENTS_PANEL.none}</p>
      ) : (
        <ol className="space-y-1.5 text-sm">
          {shipments.map((s, i) => (
            <li key={s.id} className="rounded-md border border-neutral-200 bg-white p-2" data-testid="shipment">
              <p className="flex flex-wrap justify-between gap-x-2 font-medium">
                <span>{SHIPMENT_WORDS.parcel(i + 1)}</span>
                <span className="text-xs font-normal text-stone-muted">{s.dateLabel}</span>
              </p>
              <Tracking carrier={s.carrier} number={s.trackingNumber} url={s.trackingUrl} />
              <ul className="mt-1 space-y-0.5">
                {s.lines.map((l) => (
                  <ItemLine key={l.orderItemId} item={l} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {/* Before the first parcel, what is left is the whole order, listed just above: not repeated here. */}
      {shipments.length > 0 && left.length > 0 && order.status !== 'cancelled' && order.status !== 'refunded' && (
        <div className="mt-2 text-sm" data-testid="still-to-ship">
          <p className="font-medium">{SHIPMENT_WORDS.stillToShip}</p>
          <ul className="space-y-0.5">
            {left.map((l) => (
              <ItemLine key={l.orderItemId} item={l} />
            ))}
          </ul>
        </div>
      )}
      {canShip && (
        <button type="button" className="adm-btn mt-2 h-8" onClick={() => setOpen(true)}>
          {SHIPMENTS_PANEL.shipSome}
        </button>
      )}
      <OrderDialog open={open} onOpenChange={setOpen}>
        <ShipItemsForm order={order} close={() => setOpen(false)} />
      </OrderDialog>
    </section>
  );
}

function ShipItemsForm({ order, close }: { order: AdminOrder; close(): void }) {
  const ids = useId();
  const { left } = order.shipments;
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(left.map((l) => [l.orderItemId, '0'])));
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const { busy, error, submit } = useDialogSubmit();

  const ship = () =>
    submit(
      () =>
        shipOrderItems({
          orderId: order.id,
          carrier: carrier.trim() || null,
          trackingNumber: tracking.trim() || null,
          lines: left.map((l) => ({ orderItemId: l.orderItemId, quantity: Number(quantities[l.orderItemId] || 0) })),
        }),
      {
        ok(data, message) {
          toast.success(message ?? SHIPMENTS_PANEL.done(order.reference, data.dispatched), {
            description: data.mailQueued ? `The buyer is told at ${order.customerEmail}.` : undefined,
          });
          close();
        },
      },
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void ship();
      }}
      aria-busy={busy}
    >
      <Dialog.Title className="text-lg font-semibold">{SHIPMENTS_PANEL.dialogTitle(order.reference)}</Dialog.Title>
      <Dialog.Description className="adm-muted mt-1">{SHIPMENTS_PANEL.dialogBody(order.customerEmail)}</Dialog.Description>
      <ul className="mt-4 divide-y divide-neutral-200 rounded-md border border-neutral-200">
        {left.map((l, i) => (
          <li key={l.orderItemId} className="flex items-center gap-3 p-2 text-sm">
            <label htmlFor={`${ids}-q-${l.orderItemId}`} className="min-w-0 flex-1 break-words">
              <span className="sr-only">{SHIPMENTS_PANEL.quantityOf(l.name, l.quantity)}</span>
              <span aria-hidden>
                {l.name}
                {l.options && <span className="block text-xs text-stone-muted">{l.options}</span>}
                <span className="block text-xs text-stone-muted">{l.quantity} left</span>
              </span>
            </label>
            <input
              id={`${ids}-q-${l.orderItemId}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={l.quantity}
              step={1}
              className="adm-input tabular w-20 shrink-0"
              value={quantities[l.orderItemId] ?? '0'}
              onChange={(e) => setQuantities((q) => ({ ...q, [l.orderItemId]: e.target.value }))}
              autoFocus={i === 0}
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="adm-btn mt-2 h-8"
        onClick={() => setQuantities(Object.fromEntries(left.map((l) => [l.orderItemId, String(l.quantity)])))}
      >
        {SHIPMENTS_PANEL.shipAll}
      </button>
      <div className="mt-4 space-y-3">
        <CarrierField id={`${ids}-carrier`} label={SHIPMENTS_PANEL.carrier} value={carrier} onChange={setCarrier} />
        <TrackingField id={`${ids}-tracking`} label={SHIPMENTS_PANEL.tracking} value={tracking} onChange={setTracking} />
      </div>
      <DialogFormEnd error={error} busy={busy} submit={SHIPMENTS_PANEL.submit} saving={SHIPMENTS_PANEL.saving} cancel={SHIPMENTS_PANEL.cancel} />
    </form>
  );
}
