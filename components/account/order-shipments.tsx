// An order shipping in parts, as its buyer sees it: each parcel with its date, carrier, tracking link and what it
// held, then what is still to ship. An order sent whole keeps the single tracking line above its items.
import type { AccountOrder } from '@/lib/account/types';
import { SHIPMENT_WORDS, type ShipmentItem } from '@/lib/orders/shipments';

/** Shown when the order has more than one parcel, or one parcel and more to come. */
export function shipsInParts(order: Pick<AccountOrder, 'shipments' | 'status'>): boolean {
  const { shipments, left } = order.shipments;
  return shipments.length > 1 || (shipments.length === 1 && left.length > 0 && (order.status === 'pending' || order.status === 'processing'));
}

function Lines({ items }: { items: ShipmentItem[] }) {
  return (
    <ul className="mt-1 space-y-0.5">
      {items.map((i) => (
        <li key={i.orderItemId} className="flex justify-between gap-3">
          <span className="min-w-0 break-words">
            {i.name}
            {i.options && <span className="block text-xs text-stone-muted">{i.options}</span>}
          </span>
          <span className="tabular shrink-0">× {i.quantity}</span>
        </li>
      ))}
    </ul>
  );
}

export function OrderShipments({ order }: { order: Pick<AccountOrder, 'id' | 'shipments' | 'status'> }) {
  const { shipments, left } = order.shipments;
  const open = order.status === 'pending' || order.status === 'processing';
  return (
    <section className="border-b border-stone-line bg-ivory px-5 py-3 text-sm text-ink-soft" aria-labelledby={`parcels-${order.id}`} data-testid="order-shipments">
      <h4 id={`parcels-${order.id}`} className="font-medium text-ink">
        {SHIPMENT_WORDS.shipped}
      </h4>
      <ol className="mt-1 space-y-2">
        {shipments.map((s, n) => (
          <li key={s.id} data-testid="order-shipment">
            <p>
              {SHIPMENT_WORDS.parcel(n + 1)} · <time dateTime={s.createdAt}>{s.dateLabel}</time>
              {s.carrier ? ` · ${s.carrier}` : ''}
              {s.trackingNumber && (
                <>
                  {' · Tracking number '}
                  {s.trackingUrl ? (
                    <a href={s.trackingUrl} target="_blank" rel="noreferrer" className="tabular break-all text-ink underline underline-offset-4">
                      {s.trackingNumber}
                    </a>
                  ) : (
                    <span className="tabular break-all text-ink">{s.trackingNumber}</span>
                  )}
                </>
              )}
            </p>
            <Lines items={s.lines} />
          </li>
        ))}
      </ol>
      {open && left.length > 0 && (
        <div className="mt-3" data-testid="order-still-to-ship">
          <h4 className="font-medium text-ink">{SHIPMENT_WORDS.stillToShip}</h4>
          <Lines items={left} />
        </div>
      )}
    </section>
  );
}
