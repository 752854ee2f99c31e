// Errors the checkout reports to the browser: an HTTP status and a message meant for the buyer.
import { HttpError } from '../core/errors';
import { formatCents } from '../core/format/money';

export const EMPTY_CART_MESSAGE = 'Your cart is empty. Please add items before checkout.';
export const SETUP_FAILED_FALLBACK = 'Failed to create checkout session';
export const NOT_READY_MESSAGE = 'Payment system is not ready. Please try again.';
export const PAYMENT_FAILED_FALLBACK = 'Payment failed';
export const ADDRESS_BANNER = 'Please fix the errors in your address information.';
export const ADDRESS_SAVE_FAILED = 'Failed to save address. Please try again.';

export type CheckoutErrorCode =
  | 'invalid_request'
  | 'empty_cart'
  | 'unknown_product'
  | 'option_unavailable'
  | 'quantity_not_allowed'
  | 'amount_too_large'
  | 'invalid_address'
  | 'invalid_email'
  | 'invalid_business'
  | 'not_found'
  | 'not_open'
  | 'payment_provider'
  | 'no_shipping_zone'
  | 'shipping_method'
  | 'tax_location'
  | 'below_minimum'
  | 'prices_hidden'
  | 'sign_in_required'
  | 'total_changed'
  | 'checkout_closed'
  | 'quote_by_card'
  | 'no_terms'
  | 'credit_limit';

export class CheckoutError extends HttpError {
  constructor(status: number, code: CheckoutErrorCode, message: string, details?: Record<string, unknown>) {
    super(status, message, code, details);
    this.name = 'CheckoutError';
  }
}

/** 'Payment setup failed: {message}', with the fallback when the server gave no message. */
export function setupFailedMessage(message: string | null | undefined): string {
  return `Payment setup failed: ${message?.trim() || SETUP_FAILED_FALLBACK}`;
}

/** 'Our minimum order is $250.00. Please add $43.50 more to check out.' */
export function minimumMessage(minimumCents: number, shortCents: number): string {
  return `Our minimum order is ${formatCents(minimumCents)}. Please add ${formatCents(shortCents)} more to check out.`;
}

/** The total changed between what the buyer saw and the address saved (a price, a rate or the tax changed). */
export function totalChangedMessage(totalCents: number): string {
  return `Your total is now ${formatCents(totalCents)}, with shipping and tax for this address. Please check it and press Pay again.`;
}
