// Over 300 lines: one deterministic generator; rhythm, statuses and prices must stay in step.
// About ninety days of order history: a few orders a day with a weekday and business-hours rhythm, statuses by age,
// guests and the demo customer, items priced by the shop's own price rules, and one card payment per order.
import { BRACELET_SIZES, type Category, NECKLACE_LENGTHS, materialLabel } from '../../lib/catalog/categories';
import { type PriceSelection, type StoneChoice, type Style, availableStyles, hasSecondStone, stoneName, unitPrice } from '../../lib/purchase/pricing';
import type { Product } from '../../lib/catalog/types';
import { toCents } from '../../lib/core/format/money';
import { lineChoices, type LineChoices } from '../../lib/purchase/line-choices';
import type { SeedProduct } from './catalog';
import { BOUTIQUE_WORDS, FIRST_NAMES, LAST_NAMES, PLACES, STREETS } from './data';
import { DEMO_USERS } from './demo-users';
import { DEMO_CUSTOMER_ADDRESSES } from './people';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/orders/status';
import { Rng } from './prng';

export { ORDER_STATUSES, type OrderStatus };

export interface AddressJson {
  full_name: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
}

export interface SeedOrder {
  id: string;
  user_id: string | null;
  /** Given when written, from the live orders' own sequence in the order the orders were placed (write.ts). */
  order_reference: string | null;
  customer_name: string;
  customer_phone: string;
  status: OrderStatus;
  total_amount: number;
  shipping_address: AddressJson;
  billing_address: AddressJson;
  created_at: Date;
  updated_at: Date;
}

export interface SeedOrderItem {
  id: string;
  order_id: string;
  product_id: string;
  product_category: Category;
  quantity: number;
  unit_price: number;
  specifications: string;
  /** The same choices as data (lib/purchase/line-choices.ts), as checkout writes them. */
  choices: LineChoices;
  created_at: Date;
}

export interface SeedTransaction {
  id: string;
  order_id: string;
  provider: 'stripe';
  provider_transaction_id: string;
  amount: number;
  status: string;
  payment_method: 'card';
  created_at: Date;
}

export interface OrderHistory {
  orders: SeedOrder[];
  items: SeedOrderItem[];
  transactions: SeedTransaction[];
}

export interface OrderOptions {
  seed?: number;
  now?: Date;
  days?: number;
  /** The demo customer's user id; without it every order is a guest order. */
  customerId?: string | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Orders per weekday (Sunday first): trade buyers order in the working week. */
const WEEKDAY = [0.45, 1.2, 1.25, 1.2, 1.15, 1, 0.55];
/** UTC hour weights: the US business day (13–22 UTC) with a late-morning peak, a quiet night. */
const HOURS = [0.6, 0.4, 0.3, 0.2, 0.15, 0.15, 0.2, 0.3, 0.4, 0.6, 0.9, 1.3, 1.8, 2.6, 3.4, 3.8, 3.5, 3, 2.8, 2.6, 2.2, 1.8, 1.3, 0.9];

/** What the payment record says for an order in each status. */
export function transactionStatus(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
      return 'refunded';
    default:
      return 'completed';
  }
}

/** The Product shape the price rules read, from a seed row. */
export function asProduct(p: SeedProduct): Product {
  return { ...p.row, category: p.category, image_url: null, price_from: null, created_at: (p.row.created_at as Date).toISOString() } as unknown as Product;
}

export function generateOrders(products: readonly SeedProduct[], opts: OrderOptions = {}): OrderHistory {
  const rng = new Rng(`${opts.seed ?? 2003}:orders`);
  const now = (opts.now ?? new Date()).getTime();
  const days = opts.days ?? 90;
  const customers = Array.from({ length: 80 }, () => makeCustomer(rng));
  // A few best sellers, a long tail: popularity falls with rank.
  const ranked = rng.shuffle(products);
  const popularity = ranked.map((p, i) => [p, 1 / Math.pow(i + 1, 0.75)] as const);
  const customerWeights = customers.map((c, i) => [c, 1 / Math.pow(i + 1, 0.6)] as const);

  const history: OrderHistory = { orders: [], items: [], transactions: [] };
  const startOfToday = Math.floor(now / DAY) * DAY;

  // The demo customer orders roughly every ten days.
  const demoDays = new Set<number>();
  if (opts.customerId) for (let d = 2; d < days; d += rng.int(8, 12)) demoDays.add(d);

  for (let d = days - 1; d >= 0; d--) {
    const dayStart = startOfToday - d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 0.8 + 0.4 * (1 - d / days);
    const expected = 4 * WEEKDAY[weekday]! * growth;
    let count = Math.max(0, Math.round(expected + rng.float(-1.5, 1.5)));
    if (d === 0) count = Math.max(2, count);
    const demoToday = demoDays.has(d);
    for (let k = 0; k < count + (demoToday ? 1 : 0); k++) {
      const hour = rng.weighted(HOURS.map((w, h) => [h, w] as const));
      let createdAt = dayStart + hour * HOUR + rng.int(0, 3599) * 1000;
      if (createdAt > now - 60_000) createdAt = now - rng.int(5, 600) * 60_000;
      const isDemo = demoToday && k === 0;
      const order = makeOrder(rng, {
        createdAt,
        now,
        products: popularity,
        customer: isDemo ? demoCustomer() : rng.weighted(customerWeights),
        userId: isDemo ? opts.customerId! : null,
      });
      history.orders.push(order.order);
      history.items.push(...order.items);
      history.transactions.push(order.transaction);
    }
  }
  ensureEveryStatus(history, now);
  return history;
}

interface Customer {
  name: string;
  phone: string;
  shipping: AddressJson;
  billing: AddressJson;
}

function demoCustomer(): Customer {
  const { fullName, phone } = DEMO_USERS.customer;
  const toJson = (i: number): AddressJson => {
    const a = DEMO_CUSTOMER_ADDRESSES[i]!;
    return {
      full_name: fullName,
      address_line1: a.address_line1,
      address_line2: a.address_line2,
      city: a.city,
      state: a.state,
      postal_code: a.postal_code,
      country: a.country,
      phone,
    };
  };
  return { name: fullName, phone, shipping: toJson(0), billing: toJson(2) };
}

function makeCustomer(rng: Rng): Customer {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const name = `${first} ${last}`;
  const place = rng.pick(PLACES);
  const phone = `(${place.area}) 555-${String(rng.int(100, 199)).padStart(4, '0')}`;
  const shop = rng.chance(0.6) ? `${rng.pick([last, place.city.split(' ')[0]!, first])} ${rng.pick(BOUTIQUE_WORDS)}` : null;
  const shipping: AddressJson = {
    full_name: name,
    address_line1: `${rng.int(2, 1899)} ${rng.pick(STREETS)}`,
    address_line2: shop ?? (rng.chance(0.3) ? `Suite ${rng.int(100, 950)}` : null),
    city: place.city,
    state: place.state,
    postal_code: place.zip,
    country: 'US',
    phone,
  };
  const billing = rng.chance(0.8)
    ? { ...shipping }
    : { ...shipping, address_line1: `PO Box ${rng.int(100, 9999)}`, address_line2: null };
  return { name, phone, shipping, billing };
}

function statusFor(rng: Rng, ageDays: number): OrderStatus {
  if (ageDays < 3) return rng.weighted([['pending', 45], ['processing', 35], ['dispatched', 12], ['cancelled', 8]] as const);
  if (ageDays < 8) return rng.weighted([['processing', 20], ['dispatched', 45], ['completed', 30], ['cancelled', 5]] as const);
  return rng.weighted([['completed', 88], ['cancelled', 5], ['refunded', 7]] as const);
}

/** When the status last changed, after the order and never after now. */
function updatedAt(rng: Rng, status: OrderStatus, createdAt: number, now: number): number {
  const after: Record<OrderStatus, [number, number]> = {
    pending: [0, 0],
    processing: [1, 20],
    dispatched: [20, 60],
    completed: [72, 160],
    cancelled: [1, 30],
    refunded: [200, 500],
  };
  const [lo, hi] = after[status];
  return Math.min(now, createdAt + rng.int(lo * 60, hi * 60) * 60_000);
}

interface MakeOrder {
  createdAt: number;
  now: number;
  products: ReadonlyArray<readonly [SeedProduct, number]>;
  customer: Customer;
  userId: string | null;
}

function makeOrder(rng: Rng, o: MakeOrder) {
  const id = rng.uuid();
  const status = statusFor(rng, (o.now - o.createdAt) / DAY);
  const lineCount = rng.weighted([[1, 4], [2, 4], [3, 2], [4, 1]] as const);
  const items: SeedOrderItem[] = [];
  const used = new Set<string>();
  const created = new Date(o.createdAt);
  while (items.length < lineCount) {
    const product = rng.weighted(o.products);
    // Nobody orders a piece before it is in the catalog.
    if ((product.row.created_at as Date).getTime() > o.createdAt) continue;
    const line = priceLine(rng, product);
    if (!line || used.has(product.id + line.specifications)) continue;
    used.add(product.id + line.specifications);
    const moq = Number(product.row.moq) || 1;
    items.push({
      id: rng.uuid(),
      order_id: id,
      product_id: product.id,
      product_category: product.category,
      quantity: moq * rng.weighted([[1, 5], [2, 3], [3, 1], [4, 1]] as const),
      unit_price: line.cents,
      specifications: line.specifications,
      choices: line.choices,
      created_at: created,
    });
  }
  const total = items.reduce((sum, it) => sum + it.unit_price * it.quantity, 0);
  const order: SeedOrder = {
    id,
    user_id: o.userId,
    order_reference: null,
    customer_name: o.customer.name,
    customer_phone: o.customer.phone,
    status,
    total_amount: total,
    shipping_address: o.customer.shipping,
    billing_address: o.customer.billing,
    created_at: created,
    updated_at: new Date(updatedAt(rng, status, o.createdAt, o.now)),
  };
  let pi = 'pi_seed_';
  for (let i = 0; i < 24; i++) pi += 'abcdefghijklmnopqrstuvwxyz0123456789'[rng.int(0, 35)];
  const transaction: SeedTransaction = {
    id: rng.uuid(),
    order_id: id,
    provider: 'stripe',
    provider_transaction_id: pi,
    amount: total,
    status: transactionStatus(status),
    payment_method: 'card',
    created_at: created,
  };
  return { order, items, transaction };
}

/**
 * A selection the product page would allow (a priced stone, style and size), its unit price in cents from the
 * shop's price rules, and the specification text the cart writes.
 */
export function priceLine(rng: Rng, p: SeedProduct): { cents: number; specifications: string; choices: LineChoices } | null {
  const product = asProduct(p);
  const styles = availableStyles(product);
  const style: Style | null = styles.length === 0 ? null : styles.length > 1 && rng.chance(0.25) ? styles[1]! : styles[0]!;
  const first: StoneChoice = hasSecondStone(product) && rng.chance(0.3) ? 'stone2' : 'stone1';
  for (const stoneType of first === 'stone2' ? (['stone2', 'stone1'] as const) : (['stone1'] as const)) {
    const selection: PriceSelection = { stoneType, style };
    if (style) {
      const adjustable = style === 'necklace' && Boolean((product as { is_adjustable?: boolean }).is_adjustable);
      const sizes = style === 'necklace' ? NECKLACE_LENGTHS : BRACELET_SIZES;
      const preferred = style === 'necklace' ? ['18', '18', '20', '16', '22', '24'] : ['7', '7', '7.5', '6.5', '8'];
      const candidates = adjustable ? ['16'] : [...rng.shuffle(preferred), ...sizes];
      selection.size = candidates.find((s) => unitPrice(product, { ...selection, size: s }) !== null) ?? null;
      if (!selection.size) continue;
    } else if (product.category === 'rings' && product.sizes.length > 0) {
      // A ring's size from its SKU, not the generator, so the rest of the history stays as it was.
      const offset = [...p.sku].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
      selection.size = product.sizes[offset % product.sizes.length]!;
    }
    const dollars = unitPrice(product, selection);
    if (dollars === null) continue;
    const parts: string[] = [];
    const stone = stoneName(product, stoneType);
    if (stone) parts.push(`Stone: ${stone}`);
    if (style && selection.size) parts.push(style === 'necklace' ? `Necklace Length: ${selection.size}"` : `Bracelet Size: ${selection.size}"`);
    if (!style && selection.size) parts.push(`Ring Size: ${selection.size}`);
    parts.push(`Material: ${materialLabel(String(p.row.material))}`);
    if (style) parts.push(`Style: ${style === 'necklace' ? 'Necklace' : 'Bracelet'}`);
    const choices = lineChoices({ stoneType, stoneName: stone, size: selection.size ?? null, material: String(p.row.material), style });
    return { cents: toCents(dollars), specifications: parts.join(', '), choices };
  }
  return null;
}

/** The dashboard and admin filters should have every status to show: nudge the newest orders if one is missing. */
function ensureEveryStatus(h: OrderHistory, now: number): void {
  const present = new Set(h.orders.map((o) => o.status));
  const newest = h.orders.slice().sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  let i = 0;
  for (const status of ORDER_STATUSES) {
    if (present.has(status)) continue;
    const order = newest.find((o, idx) => idx >= i && o.user_id === null);
    i++;
    if (!order) continue;
    order.status = status;
    order.updated_at = new Date(Math.min(now, order.created_at.getTime() + HOUR));
    const tx = h.transactions.find((t) => t.order_id === order.id);
    if (tx) tx.status = transactionStatus(status);
    present.add(status);
  }
}
