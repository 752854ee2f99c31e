// The JSON the checkout route handlers answer with. Shared by the handlers and the checkout page.
import type { CheckoutErrorCode } from './errors';
import type { AddressErrors } from './address';
import type { PricedLine } from './pricing';

export interface CheckoutSessionResponse {
  checkoutId: string;
  orderId: string;
  paymentIntentId: string;
  clientSecret: string;
  totalCents: number;
  currency: string;
  lines: PricedLine[];
}

export interface CheckoutErrorResponse {
  error: string;
  code?: CheckoutErrorCode;
  details?: { shipping?: AddressErrors; billing?: AddressErrors } | Record<string, unknown>;
}

export const CHECKOUT_SESSION_PATH = '/api/checkout/session';
export const CHECKOUT_ADDRESS_PATH = '/api/checkout/address';
/** Largest request body the checkout handlers read. */
export const MAX_CHECKOUT_BODY_BYTES = 256 * 1024;
