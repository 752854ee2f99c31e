// Order statuses: values, labels and colours — pending yellow, processing blue, dispatched purple,
// completed green, cancelled red, refunded orange. Pure: one map for the back office, the account area and the seed.

export const ORDER_STATUSES = ['pending', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The five statuses the dashboard charts; 'refunded' appears in the admin orders screen and the account area. */
export const DASHBOARD_STATUSES = ['pending', 'processing', 'dispatched', 'completed', 'cancelled'] as const satisfies readonly OrderStatus[];

/** Orders whose money the shop does not keep: left out of revenue and top products. */
export const UNPAID_STATUSES = ['cancelled', 'refunded'] as const satisfies readonly OrderStatus[];

/**
 * A paid order starts here: paid and waiting to be sent. 'completed' is for orders staff have finished (SPEC.md had
 * checkout write 'completed', so a Pending or Processing filter never showed new web orders).
 */
export const PAID_ORDER_STATUS = 'processing' satisfies OrderStatus;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** 'dispatched' → 'Dispatched'. */
export function statusLabel(status: string): string {
  return status ? status[0]!.toUpperCase() + status.slice(1) : status;
}

/** Badge colours: tinted background, dark text of the same hue (WCAG AA), and a ring/border of that hue. */
export const STATUS_BADGE: Record<OrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300 border-yellow-300',
  processing: 'bg-blue-100 text-blue-900 ring-blue-300 border-blue-300',
  dispatched: 'bg-purple-100 text-purple-900 ring-purple-300 border-purple-300',
  completed: 'bg-green-100 text-green-900 ring-green-300 border-green-300',
  cancelled: 'bg-red-100 text-red-900 ring-red-300 border-red-300',
  refunded: 'bg-orange-100 text-orange-900 ring-orange-300 border-orange-300',
};

/** The badge of any stored status (an unknown one is neutral). */
export function statusBadgeClass(status: string): string {
  return isOrderStatus(status) ? STATUS_BADGE[status] : 'bg-ivory-deep text-ink-soft ring-stone-line border-stone-line';
}

/** Bar colours of the dashboard's status chart. */
export const STATUS_BAR: Record<OrderStatus, string> = {
  pending: 'bg-yellow-400',
  processing: 'bg-blue-500',
  dispatched: 'bg-purple-500',
  completed: 'bg-green-600',
  cancelled: 'bg-red-500',
  refunded: 'bg-orange-500',
};
