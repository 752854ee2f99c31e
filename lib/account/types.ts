// What the account area shows. Shared by the server loaders and the client components (no server imports).
import type { OrderShipments } from '../orders/shipments';
import type { TermsPayment } from '../orders/terms-payment';
import type { Category } from '../catalog/categories';
import type { SpecificationEntry } from '../purchase/labels';
import type { Address, PostalAddress } from '../checkout/address';
import type { DocumentRef } from '../documents/paths';
import type { OrderCharges } from '../documents/charges';

export const ACCOUNT_TABS = ['orders', 'quotes', 'addresses', 'profile', 'trade'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const ADDRESS_TYPES = ['shipping', 'billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export interface SavedAddress extends Omit<PostalAddress, 'address_line2'> {
  id: string;
  address_type: AddressType;
  address_line2: string | null;
  is_default: boolean;
}

export interface Profile {
  email: string;
  fullName: string | null;
  phone: string | null;
}

export interface AccountOrderItem {
  id: string;
  productId: string;
  /** null when the product no longer exists: shown as 'Product Unavailable'. */
  product: { name: string; sku: string | null; imageUrl: string | null; href: string; category: Category } | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** The line's choices (order_items.choices), labelled as the cart labels them. */
  options: SpecificationEntry[];
  /** The price rule the line was bought at: 'Volume −5%', 'Quote Q-5007'; null for the list price. */
  priceRule: string | null;
}

export interface AccountOrder {
  id: string;
  /** The order's one reference (lib/orders/reference.ts). */
  reference: string;
  createdAt: string;
  /** The day it was placed, in the shop's time zone. */
  dateLabel: string;
  status: string;
  /** goods + shipping + tax. */
  totalCents: number;
  charges: OrderCharges;
  /** The buyer's company and PO number, when given at checkout. */
  companyName: string | null;
  purchaseOrder: string | null;
  /** Who placed it (name, else e-mail) when a colleague on the buyer's trade account did; null for their own. */
  placedBy: string | null;
  items: AccountOrderItem[];
  /** The parcel's carrier and tracking, once the order is dispatched with them. */
  tracking: { carrier: string | null; number: string | null; url: string | null } | null;
  /** Its parcels, oldest first, and what is still to ship (an order shipping in parts). */
  shipments: OrderShipments;
  /** The invoice and credit notes, oldest first (none for orders placed before invoices). */
  documents: DocumentRef[];
  /** Paid by invoice on the account's terms: what the payment reads, and Stripe's page to pay it while open. */
  terms: TermsPayment | null;
}

export interface OrdersPage {
  orders: AccountOrder[];
  page: number;
  totalPages: number;
  total: number;
}

/** A signed-in customer's checkout, filled from the default addresses and the profile. */
export interface CheckoutPrefill {
  /** The account's e-mail address. */
  email: string;
  shipping: Address;
  /** The default billing address when it differs from shipping; null: billing equals shipping. */
  billing: Address | null;
}
