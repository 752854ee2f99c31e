// Values the browser may see. Next.js inlines NEXT_PUBLIC_* at build time, so each is read by its full name.
import { LOCAL_DEFAULTS } from './local-defaults';

export const publicEnv = {
  supabaseUrl: process.env.NEXT_PUBLIC_SUPABASE_URL || LOCAL_DEFAULTS.supabaseUrl,
  supabaseAnonKey: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY || LOCAL_DEFAULTS.anonKey,
  stripePublishableKey: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || LOCAL_DEFAULTS.stripePublishableKey,
};

/** Offline mode: the Stripe stand-in is in use and the checkout shows a test-card form instead of the Payment Element. */
export const isLocalStripe = publicEnv.stripePublishableKey === LOCAL_DEFAULTS.stripePublishableKey;
