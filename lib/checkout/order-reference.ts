// The one name of an order, wherever it is shown (confirmation, account, toasts, admin, CSV, mail, invoices): its
// stored reference (AFJ-100005). Only an order without one (placed before references existed) falls back to its id,
// in SPEC.md's words for the place: 'Order #' plus 8 characters in the account area, 'Order-' plus 8 elsewhere. Pure.

export type ReferencePlace = 'shop' | 'account';

export interface ReferencedOrder {
  id: string;
  order_reference: string | null;
}

export function orderReference(order: ReferencedOrder, place: ReferencePlace = 'shop'): string {
  const stored = order.order_reference?.trim();
  if (stored) return stored;
  const short = order.id.slice(0, 8);
  return place === 'account' ? `Order #${short}` : `Order-${short}`;
}
