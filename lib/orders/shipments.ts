// What an order has shipped and what is still to ship, per order line. Pure and client-safe: the shipments panel,
// the buyer's order, the shipment mail and the server's check before it writes share these rules and words.

export interface OrderedLine {
  /** order_items.id */
  id: string;
  quantity: number;
}

export interface ShippedLine {
  orderItemId: string;
  quantity: number;
}

export interface LineLeft {
  orderItemId: string;
  ordered: number;
  shipped: number;
  left: number;
}

/** Per order line, in the order's own order: what was ordered, what has shipped and what is left (never below 0). */
export function leftToShip(items: readonly OrderedLine[], shipped: readonly ShippedLine[]): LineLeft[] {
  const sent = new Map<string, number>();
  for (const s of shipped) sent.set(s.orderItemId, (sent.get(s.orderItemId) ?? 0) + s.quantity);
  return items.map((i) => {
    const done = sent.get(i.id) ?? 0;
    return { orderItemId: i.id, ordered: i.quantity, shipped: done, left: Math.max(0, i.quantity - done) };
  });
}

/** True when every line has shipped in full. */
export function allShipped(lines: readonly LineLeft[]): boolean {
  return lines.every((l) => l.left === 0);
}

export type ShipmentCheck =
  | { ok: true; lines: ShippedLine[] }
  | { ok: false; status: 400 | 409; error: string };

/**
 * Whether `requested` may ship now: at least one line, each a line of this order at most once, each quantity a whole
 * number above 0 and at most what is left. `nameOf` names a line in the refusal. Lines asked with 0 are left out.
 */
export function checkShipment(
  left: readonly LineLeft[],
  requested: readonly ShippedLine[],
  nameOf: (orderItemId: string) => string,
): ShipmentCheck {
  const byId = new Map(left.map((l) => [l.orderItemId, l]));
  const seen = new Set<string>();
  const lines: ShippedLine[] = [];
  for (const r of requested) {
    const line = byId.get(r.orderItemId);
    if (!line) return { ok: false, status: 400, error: SHIPMENT_WORDS.notOnOrder };
    if (seen.has(r.orderItemId)) return { ok: false, status: 400, error: SHIPMENT_WORDS.twice(nameOf(r.orderItemId)) };
    seen.add(r.orderItemId);
    if (!Number.isInteger(r.quantity) || r.quantity < 0) return { ok: false, status: 400, error: SHIPMENT_WORDS.wholeNumber(nameOf(r.orderItemId)) };
    if (r.quantity === 0) continue;
    if (r.quantity > line.left) return { ok: false, status: 409, error: SHIPMENT_WORDS.tooMany(nameOf(r.orderItemId), line.left) };
    lines.push({ orderItemId: r.orderItemId, quantity: r.quantity });
  }
  if (lines.length === 0) return { ok: false, status: 400, error: SHIPMENT_WORDS.nothingChosen };
  return { ok: true, lines };
}

export interface ShipmentItem {
  orderItemId: string;
  /** The product's name as bought ('Product Unavailable' when unknown). */
  name: string;
  sku: string | null;
  /** The line's choices in words ('Stone: Ruby, Ring Size: 7'); '' for none. */
  options: string;
  quantity: number;
}

export interface ShipmentView {
  id: number;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: string;
  /** In the shop's time zone. */
  dateLabel: string;
  lines: ShipmentItem[];
}

export interface OrderShipments {
  shipments: ShipmentView[];
  /** Lines with something still to ship, and how many. */
  left: ShipmentItem[];
}

/** The words of shipments, for staff and buyers alike. */
export const SHIPMENT_WORDS = {
  notOnOrder: 'That item is not on this order.',
  nothingChosen: 'Choose at least one item to ship.',
  twice: (name: string) => `${name} is listed twice. Send each item once.`,
  wholeNumber: (name: string) => `Enter a whole number for ${name}.`,
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name} has already shipped in full.` : `Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left to ship.`,
  shipped: 'Shipped',
  stillToShip: 'Still to ship',
  allShipped: 'Everything has shipped.',
  parcel: (n: number) => `Parcel ${n}`,
  noTracking: 'No tracking number',
} as const;
