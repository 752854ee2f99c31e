// How an order is named to the buyer: its reference, or 'Order-' plus the first 8 characters of its id.
export function orderReference(order: { id: string; order_reference: string | null }): string {
  return order.order_reference?.trim() || `Order-${order.id.slice(0, 8)}`;
}
