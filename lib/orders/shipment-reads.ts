import 'server-only';
// An order's shipments and what is still to ship, read as the caller (RLS: staff, or the order's buyer and their
// trade account's members), for the back office and the buyer's orders alike; and one shipment for its mail. Two
// statements for a page of orders, whatever their number of parcels.
import type { DbRow, Tx } from '../core/db';
import { formatDateTime } from '../core/format/date';
import { isCategory } from '../catalog/categories';
import { choicesText, readLineChoices } from '../purchase/line-choices';
import { leftToShip, type OrderShipments, type ShipmentItem, type ShippedLine } from './shipments';

export type { OrderShipments, ShipmentItem, ShipmentView } from './shipments';
import { trackingUrl } from './tracking';

export const NO_SHIPMENTS: OrderShipments = { shipments: [], left: [] };

interface ItemRow {
  order_id: string;
  id: string;
  quantity: number;
  name: string | null;
  sku: string | null;
  category: string | null;
  choices: unknown;
}

type ShipmentRow = DbRow<'shipments', 'id' | 'order_id' | 'carrier' | 'tracking_number' | 'created_at'> & { lines: ShippedLine[] };

const itemOf = (i: ItemRow, quantity: number): ShipmentItem => ({
  orderItemId: i.id,
  name: i.name ?? 'Product Unavailable',
  sku: i.sku,
  options: choicesText(readLineChoices(i.choices), isCategory(i.category) ? i.category : null),
  quantity,
});

/** The shipments of `orderIds` and what each still has to ship, by order id. */
export async function readOrderShipments(tx: Tx, orderIds: readonly string[], timeZone: string): Promise<Map<string, OrderShipments>> {
  const out = new Map<string, OrderShipments>();
  if (orderIds.length === 0) return out;
  const ids = [...orderIds];
  const items = await tx<ItemRow[]>`
    select i.order_id, i.id, i.quantity, coalesce(c.name, i.product_name) as name, coalesce(c.sku, i.product_sku) as sku,
           coalesce(i.product_category, c.category) as category, i.choices
      from public.order_items i left join public.catalog_products c on c.id = i.product_id
     where i.order_id = any(${ids}::uuid[]) order by i.created_at, i.id`;
  const shipments = await tx<ShipmentRow[]>`
    select s.id, s.order_id, s.carrier, s.tracking_number, s.created_at,
           coalesce((select json_agg(json_build_object('orderItemId', l.order_item_id, 'quantity', l.quantity))
                       from public.shipment_lines l where l.shipment_id = s.id), '[]') as lines
      from public.shipments s where s.order_id = any(${ids}::uuid[]) order by s.id`;
  const itemById = new Map(items.map((i) => [i.id, i]));
  for (const id of ids) {
    const own = shipments.filter((s) => s.order_id === id);
    const ordered = items.filter((i) => i.order_id === id);
    const left = leftToShip(ordered, own.flatMap((s) => s.lines));
    out.set(id, {
      shipments: own.map((s) => ({
        id: Number(s.id),
        carrier: s.carrier,
        trackingNumber: s.tracking_number,
        trackingUrl: trackingUrl(s.carrier, s.tracking_number),
        createdAt: s.created_at.toISOString(),
        dateLabel: formatDateTime(s.created_at, timeZone),
        lines: s.lines.flatMap((l) => {
          const item = itemById.get(l.orderItemId);
          return item ? [itemOf(item, l.quantity)] : [];
        }),
      })),
      left: left.filter((l) => l.left > 0).map((l) => itemOf(itemById.get(l.orderItemId)!, l.left)),
    });
  }
  return out;
}

export interface ShipmentMailFacts {
  orderId: string;
  carrier: string | null;
  trackingNumber: string | null;
  lines: ShipmentItem[];
  /** Units still to ship once this parcel (and those before it) left: 0 for the last parcel. */
  unitsLeft: number;
}

/** One shipment as its mail tells it; null when it no longer exists. */
export async function readShipmentForMail(tx: Tx, shipmentId: number): Promise<ShipmentMailFacts | null> {
  const [s] = await tx<{ order_id: string; carrier: string | null; tracking_number: string | null }[]>`
    select order_id, carrier, tracking_number from public.shipments where id = ${shipmentId}`;
  if (!s) return null;
  const items = await tx<(ItemRow & { shipped_here: number; shipped_so_far: number })[]>`
    select i.order_id, i.id, i.quantity, coalesce(c.name, i.product_name) as name, coalesce(c.sku, i.product_sku) as sku,
           coalesce(i.product_category, c.category) as category, i.choices,
           coalesce((select sum(l.quantity) from public.shipment_lines l where l.order_item_id = i.id and l.shipment_id = ${shipmentId}), 0)::int as shipped_here,
           coalesce((select sum(l.quantity) from public.shipment_lines l where l.order_item_id = i.id and l.shipment_id <= ${shipmentId}), 0)::int as shipped_so_far
      from public.order_items i left join public.catalog_products c on c.id = i.product_id
     where i.order_id = ${s.order_id} order by i.created_at, i.id`;
  return {
    orderId: s.order_id,
    carrier: s.carrier,
    trackingNumber: s.tracking_number,
    lines: items.filter((i) => i.shipped_here > 0).map((i) => itemOf(i, i.shipped_here)),
    unitsLeft: items.reduce((sum, i) => sum + Math.max(0, i.quantity - i.shipped_so_far), 0),
  };
}
