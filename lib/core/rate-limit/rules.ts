// What a stranger may repeat, and how often. One table, so the limits are read in one place.
import { CLIENT_ADDRESS_HEADER, plainAddress } from '../http/client-address.mjs';

export interface RateRule {
  /** Part of the counter key: 'sign-in:email'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

const rule = (name: string, limit: number, windowSeconds: number): RateRule => ({ name, limit, windowSeconds });

export const RATE_RULES = {
  /** Password sign-ins at /login and /admin/login: one budget, so neither form is a second way to guess. */
  signInPerEmail: rule('sign-in:email', 5, 60),
  signInPerAddress: rule('sign-in:address', 20, 60),
  signUpPerEmail: rule('sign-up:email', 5, 60),
  signUpPerAddress: rule('sign-up:address', 10, 60),
  /** Reset and magic-link mails, and 6-digit code requests. */
  mailPerEmail: rule('mail:email', 5, 60),
  mailPerAddress: rule('mail:address', 20, 60),
  verifyCodePerEmail: rule('verify-code:email', 10, 60),
  verifyCodePerAddress: rule('verify-code:address', 30, 60),
  checkoutPerAddress: rule('checkout:address', 10, 60),
  checkoutAddressPerAddress: rule('checkout-address:address', 30, 60),
  /** Shipping and tax for the address being typed at checkout: asked again as the address or the method changes. */
  checkoutDeliveryPerAddress: rule('checkout-delivery:address', 120, 60),
  /** A quick order resolves up to 500 lines a call: a buyer pastes, fixes and pastes again. */
  quickOrderPerAddress: rule('quick-order:address', 60, 60),
  /** A cart line's choices, read each time a buyer opens them. */
  cartChoicesPerAddress: rule('cart-choices:address', 120, 60),
  quoteRequestPerAddress: rule('quote-request:address', 10, 60),
  /** A trade account application, each one carrying a certificate of up to 10 MB. */
  tradeApplicationPerAddress: rule('trade-application:address', 10, 60),
  /** The cart's shipping estimate: a buyer tries a few postal codes, and a signed-in one's opens with their own. */
  shippingEstimatePerAddress: rule('shipping-estimate:address', 30, 60),
} as const satisfies Record<string, RateRule>;

/** 'Too many attempts. Please wait 42 seconds and try again.' */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return `Too many attempts. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`;
}

/** TRUSTED_PROXY_HOPS: how many proxies of the shop's own stand in front of its servers (0 unless set). */
export function trustedProxyHops(value = process.env.TRUSTED_PROXY_HOPS): number {
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 ? Math.min(hops, 10) : 0;
}

/**
 * The client's address for per-address limits. Without trusted proxies it is the connection's own address, which
 * the production server puts in a header no client can forge (lib/http/client-address.mjs). Behind N trusted
 * proxies it is the X-Forwarded-For entry the outermost of them appended (the N-th from the right); entries left of
 * it were written by the client and are never read.
 */
export function clientAddress(headers: Headers, hops = trustedProxyHops()): string {
  const socket = headers.get(CLIENT_ADDRESS_HEADER);
  let picked: string | null | undefined = socket;
  if (hops > 0) {
    const forwarded = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    picked = forwarded[Math.max(0, forwarded.length - hops)] ?? socket;
  }
  return (plainAddress(picked?.slice(0, 64)) ?? 'unknown');
}
