// The packing desk's words, file names and paths, written once: the sheets, the routes, the order's link and the
// tests use them as they are. Pure, so client components may use them.
export const PACKING_LABELS = {
  slipTitle: 'Packing slip',
  pickTitle: 'Pick list',
  link: 'Packing slip (PDF)',
  orderNotFound: 'Order not found',
  ordersNotFound: (count: number) =>
    count === 1 ? '1 of the orders was not found' : `${count} of the orders were not found`,
  badIds: 'Choose between 1 and 100 orders (ids separated by commas)',
  units: 'Total units',
  lines: 'Lines',
  noItems: 'No items',
  orderCount: (count: number) => (count === 1 ? '1 order' : `${count} orders`),
} as const;

export const packingSlipFileName = (reference: string) =>
  `packing-slip-${reference.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
export const pickListFileName = (day: string) => `pick-list-${day}.pdf`;

export const packingSlipPath = (orderId: string) => `/api/admin/orders/${orderId}/packing-slip`;
export const pickListPath = (ids: readonly string[]) => `/api/admin/orders/pick-list?ids=${ids.join(',')}`;
