import 'server-only';
import type Stripe from 'stripe';
import { env } from '../core/env';
import { createStripeClient } from './client';

const globalForStripe = globalThis as unknown as { __shopStripe?: Stripe };

/** The one Stripe client of the server process (real Stripe, or the offline stand-in when STRIPE_API_BASE is set). */
export function stripe(): Stripe {
  if (!globalForStripe.__shopStripe) {
    const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
    globalForStripe.__shopStripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE });
  }
  return globalForStripe.__shopStripe;
}

export type { Stripe };
