// The words of the shipments panel and the bulk dispatch dialog, written once and used by components and tests. Pure.
import { statusLabel, type OrderStatus } from '../../orders/status';

export const SHIPMENTS_PANEL = {
  heading: 'Shipments',
  none: 'Nothing has shipped yet.',
  shipSome: 'Ship items…',
  dialogTitle: (reference: string) => `Ship items of ${reference}`,
  dialogBody: (email: string | null) =>
    email ? `Choose what goes in this parcel. The buyer gets a mail at ${email} listing it.` : 'Choose what goes in this parcel. This order has no e-mail address, so no mail goes out.',
  quantityOf: (name: string, left: number) => `Quantity of ${name} to ship (${left} left)`,
  shipAll: 'Ship all that is left',
  carrier: 'Carrier (optional)',
  tracking: 'Tracking number (optional)',
  submit: 'Ship these items',
  saving: 'Saving…',
  cancel: 'Cancel',
  done: (reference: string, dispatched: boolean) =>
    dispatched ? `${reference}: the last items shipped, so the order is Dispatched` : `${reference}: shipment saved`,
  failure: 'Failed to save the shipment',
} as const;

/** Why an order cannot ship part of itself now. */
export function cannotShip(status: OrderStatus): string {
  return `This order is ${statusLabel(status)}: only a pending or processing order can ship items.`;
}

export const BULK_DISPATCH = {
  open: 'Dispatch…',
  title: (n: number) => `Dispatch ${n} ${n === 1 ? 'order' : 'orders'}`,
  body: 'Enter each order’s tracking number. Each buyer gets a dispatch mail. All are saved together, or none is.',
  carrierForAll: 'Carrier for all',
  carrierOf: (reference: string) => `Carrier for ${reference}`,
  trackingOf: (reference: string) => `Tracking number for ${reference}`,
  submit: (n: number) => `Dispatch ${n} ${n === 1 ? 'order' : 'orders'}`,
  saving: 'Dispatching…',
  failure: 'Failed to dispatch the selected orders; none was changed',
  done: (n: number) => `${n} ${n === 1 ? 'order' : 'orders'} dispatched`,
  trackingMissing: (reference: string) => `Enter the tracking number for ${reference}.`,
  sameTracking: (reference: string, other: string) => `${reference} has the same tracking number as ${other}.`,
  field: (reference: string, message: string) => `${reference}: ${message}`,
  notDispatchable: (reference: string, status: OrderStatus) =>
    `${reference} is ${statusLabel(status)}: only pending or processing orders can be dispatched here.`,
  changed: (reference: string, status: OrderStatus) => `${reference} is now ${statusLabel(status)}: someone changed it meanwhile. Nothing was changed.`,
  missing: 'An order you selected no longer exists. Nothing was changed.',
  twice: 'An order is listed twice. Nothing was changed.',
} as const;
