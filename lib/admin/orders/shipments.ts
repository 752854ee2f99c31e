import 'server-only';
// Staff ship chosen lines and quantities of an order as one parcel with its own carrier and tracking number, as that
// admin under RLS, in the caller's transaction. Under the order's row lock: what is left is read, the request checked
// against it (shipments.ts's rule; the shipment_lines trigger checks again in SQL), the parcel written, the buyer's
// shipment mail queued, and the order set to dispatched when its last line ships (the history trigger records it).
import type { Tx } from '../../core/db';
import { ActionError } from '../../core/action-result';
import { enqueueMail } from '../../mail/outbox';
import { orderReference } from '../../orders/reference';
import { allShipped, checkShipment, leftToShip, type LineLeft, type ShippedLine } from '../../orders/shipments';
import type { OrderStatus } from '../../orders/status';
import { trackingUrl } from '../../orders/tracking';
import { cannotShip } from './shipments-labels';

export interface ShipmentRequest {
  orderId: string;
  carrier: string | null;
  trackingNumber: string | null;
  lines: ShippedLine[];
}

export interface ShipmentResult {
  orderId: string;
  reference: string;
  shipmentId: number;
  /** The last lines shipped: the order is now dispatched. */
  dispatched: boolean;
  mailQueued: boolean;
}

/** Statuses an order may ship items in. */
const SHIPPABLE: readonly OrderStatus[] = ['pending', 'processing'];

interface LockedOrder {
  id: string;
  order_reference: string | null;
  status: OrderStatus;
  customer_email: string | null;
}

/** What each line of a locked order has left to ship, with its name for messages. */
async function linesLeft(tx: Tx, orderId: string): Promise<{ left: LineLeft[]; names: Map<string, string> }> {
  const items = await tx<{ id: string; quantity: number; name: string | null; shipped: number }[]>`
    select i.id, i.quantity, coalesce(c.name, i.product_name) as name,
           coalesce((select sum(l.quantity) from public.shipment_lines l where l.order_item_id = i.id), 0)::int as shipped
      from public.order_items i left join public.catalog_products c on c.id = i.product_id
     where i.order_id = ${orderId} order by i.created_at, i.id`;
  const left = leftToShip(items, items.map((i) => ({ orderItemId: i.id, quantity: i.shipped })));
  return { left, names: new Map(items.map((i) => [i.id, i.name ?? 'Product Unavailable'])) };
}

async function insertShipment(tx: Tx, orderId: string, carrier: string | null, tracking: string | null, lines: ShippedLine[]): Promise<number> {
  const [s] = await tx<{ id: string }[]>`
    insert into public.shipments (order_id, carrier, tracking_number, created_by)
    values (${orderId}, ${carrier}, ${tracking}, (select auth.uid())) returning id`;
  const id = Number(s!.id);
  const rows = lines.map((l) => ({ shipment_id: id, order_item_id: l.orderItemId, quantity: l.quantity }));
  await tx`insert into public.shipment_lines ${tx(rows, 'shipment_id', 'order_item_id', 'quantity')}`;
  return id;
}

export async function recordShipment(tx: Tx, request: ShipmentRequest): Promise<ShipmentResult> {
  const [order] = await tx<LockedOrder[]>`
    select id, order_reference, status, customer_email from public.orders where id = ${request.orderId} for update`;
  if (!order) throw new ActionError('That order does not exist.', 404);
  const reference = orderReference(order);
  if (!SHIPPABLE.includes(order.status)) throw new ActionError(cannotShip(order.status), 409);
  const { left, names } = await linesLeft(tx, order.id);
  const checked = checkShipment(left, request.lines, (id) => names.get(id) ?? 'this item');
  if (!checked.ok) throw new ActionError(checked.error, checked.status);
  const shipmentId = await insertShipment(tx, order.id, request.carrier, request.trackingNumber, checked.lines);
  const after = leftToShip(
    left.map((l) => ({ id: l.orderItemId, quantity: l.ordered })),
    [...left.map((l) => ({ orderItemId: l.orderItemId, quantity: l.shipped })), ...checked.lines],
  );
  const dispatched = allShipped(after);
  if (dispatched) {
    await tx`
      update public.orders set status = 'dispatched', carrier = ${request.carrier}, tracking_number = ${request.trackingNumber},
             dispatched_at = now()
       where id = ${order.id}`;
  }
  const mailQueued = order.customer_email
    ? await enqueueMail(tx, {
        kind: 'shipment',
        orderId: order.id,
        to: order.customer_email,
        dedupeKey: `shipment:${shipmentId}`,
        payload: {
          shipmentId,
          carrier: request.carrier,
          trackingNumber: request.trackingNumber,
          trackingUrl: trackingUrl(request.carrier, request.trackingNumber),
        },
      })
    : false;
  return { orderId: order.id, reference, shipmentId, dispatched, mailQueued };
}

/**
 * The whole-order dispatch (the status control, bulk dispatch) as one shipment of everything still to ship, for an
 * order the caller has locked. Nothing is written when nothing is left (an order dispatched, set back and dispatched
 * again). Returns the shipment's id, or null.
 */
export async function shipEverythingLeft(tx: Tx, orderId: string, carrier: string | null, tracking: string | null): Promise<number | null> {
  const { left } = await linesLeft(tx, orderId);
  const lines = left.filter((l) => l.left > 0).map((l) => ({ orderItemId: l.orderItemId, quantity: l.left }));
  if (lines.length === 0) return null;
  return insertShipment(tx, orderId, carrier, tracking, lines);
}

/** Details given later for an order already dispatched go on its latest parcel too, when that parcel had none. */
export async function fillLatestShipment(tx: Tx, orderId: string, carrier: string | null, tracking: string | null): Promise<void> {
  await tx`
    update public.shipments set carrier = ${carrier}, tracking_number = ${tracking}
     where id = (select max(id) from public.shipments where order_id = ${orderId})
       and carrier is null and tracking_number is null`;
}
