// The JSON the checkout route handlers answer with. Shared by the handlers and the checkout page.
import type { CheckoutErrorCode } from './errors';
import type { AddressErrors } from './address';
import type { PricedLine } from './pricing';
import type { ShippingRate } from '../shipping/rates';
import type { TaxPart } from '../tax/parts';

export interface CheckoutSessionResponse {
  checkoutId: string;
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
  totalCents: number;
  currency: string;
  lines: PricedLine[];
  /** Payment terms the buyer may order on instead of a card (lib/terms), or null. */
  terms?: TermsOffer | null;
}

/** "Pay by invoice (Net 30)": the terms, the credit still available, and the due day if ordered now ('Dec 29, 2026'). */
export interface TermsOffer {
  days: number;
  availableCents: number;
  dueOn: string;
}

export interface CheckoutErrorResponse {
  error: string;
  code?: CheckoutErrorCode;
  details?: { shipping?: AddressErrors; billing?: AddressErrors } | Record<string, unknown>;
}

export const CHECKOUT_SESSION_PATH = '/api/checkout/session';
export const CHECKOUT_ADDRESS_PATH = '/api/checkout/address';
export const CHECKOUT_DELIVERY_PATH = '/api/checkout/delivery';
export const CHECKOUT_INVOICE_PATH = '/api/checkout/invoice';

/** What the checkout shows and charges for the shipping address and method (lib/checkout/delivery.ts). */
export interface DeliveryQuote {
  /** The methods that reach the address, with their prices; the shop's default first. */
  rates: ShippingRate[];
  methodId: string | null;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  taxBreakdown: TaxPart[];
  /** Why no tax is charged (the buyer's exemption), or null. */
  taxExemptReason: string | null;
  totalCents: number;
}
/** Largest request body the checkout handlers read. */
export const MAX_CHECKOUT_BODY_BYTES = 256 * 1024;
