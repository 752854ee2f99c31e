// Errors the checkout reports to the browser: an HTTP status and a message meant for the buyer.
import { HttpError } from '../core/errors';

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
  | 'payment_provider';

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
