// Builds a Stripe SDK client. With `apiBase` (the offline stand-in, or stripe-mock) the SDK is pointed at that host
// through its own host/port/protocol options; without it, at api.stripe.com.
import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111; unset for real Stripe. */
  apiBase?: string | null;
}

export function createStripeClient({ secretKey, apiBase }: StripeClientOptions): Stripe {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'aurelia-wholesale-shop' },
  };
  if (apiBase) {
    const url = new URL(apiBase);
    const protocol = url.protocol.replace(':', '');
    if (protocol !== 'http' && protocol !== 'https') throw new Error(`STRIPE_API_BASE must be http(s): ${apiBase}`);
    config.host = url.hostname;
    config.port = url.port || (protocol === 'https' ? '443' : '80');
    config.protocol = protocol;
  }
  return new Stripe(secretKey, config);
}
