// Order statuses and their colours (SPEC §4): pending yellow, processing blue, dispatched purple, completed green,
// cancelled red, refunded orange. One map for every place a status is shown.

export const ORDER_STATUSES = ['pending', 'processing', 'dispatched', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Badge classes: tinted background, dark text of the same hue (WCAG AA on both). */
const STYLES: Record<OrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  processing: 'bg-blue-100 text-blue-900 border-blue-300',
  dispatched: 'bg-purple-100 text-purple-900 border-purple-300',
  completed: 'bg-green-100 text-green-900 border-green-300',
  cancelled: 'bg-red-100 text-red-900 border-red-300',
  refunded: 'bg-orange-100 text-orange-900 border-orange-300',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function statusBadgeClass(status: string): string {
  return isOrderStatus(status) ? STYLES[status] : 'bg-ivory-deep text-ink-soft border-stone-line';
}

/** 'dispatched' → 'Dispatched'. */
export function statusLabel(status: string): string {
  return status ? status[0]!.toUpperCase() + status.slice(1) : status;
}
