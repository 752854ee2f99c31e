import type { Metadata } from 'next';
import { CheckoutView } from '@/components/checkout/checkout-view';
import { currentCustomerPrefill } from '@/lib/account/checkout-details';
import { env } from '@/lib/core/env';
import { isLocalStripe, publicEnv } from '@/lib/core/env.public';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

// Offline, the test-card form confirms with the Stripe stand-in, whose URL only the server knows until now. A
// signed-in customer's form opens filled from their default addresses and profile.
export default async function CheckoutPage() {
  const standIn = isLocalStripe ? (env().STRIPE_API_BASE ?? null) : null;
  const prefill = await currentCustomerPrefill();
  return <CheckoutView publishableKey={publicEnv.stripePublishableKey} standInApiBase={standIn} prefill={prefill} />;
}
