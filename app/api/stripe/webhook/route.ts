// Stripe webhook: verifies the signature on the raw body, then fulfils. A non-2xx makes Stripe retry, so a failed
// write never leaves a paid buyer without an order; a bad signature is refused with 400 and changes nothing.
import type { Stripe } from '@/lib/payments/stripe';
import { stripe } from '@/lib/payments/stripe';
import { env } from '@/lib/env';
import { fulfilPaymentIntent, recordPaymentFailure } from '@/lib/orders/fulfilment';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const json = (status: number, body: Record<string, unknown>) => Response.json(body, { status });

export async function POST(request: Request): Promise<Response> {
  const signature = request.headers.get('stripe-signature');
  const body = await request.text();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('No stripe-signature header value was provided.');
    event = stripe().webhooks.constructEvent(body, signature, env().STRIPE_WEBHOOK_SECRET);
  } catch (err) {
    console.warn('stripe webhook: rejected:', err instanceof Error ? err.message.split('\n')[0] : err);
    return json(400, { error: 'Invalid signature' });
  }

  try {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        // Refusals (amount mismatch, unknown payment) are answered 200: a retry cannot change them; they are logged.
        const result = await fulfilPaymentIntent(event.data.object);
        return json(200, { received: true, ...result });
      }
      case 'payment_intent.payment_failed': {
        const result = await recordPaymentFailure(event.data.object);
        return json(200, { received: true, ...result });
      }
      default:
        return json(200, { received: true, ignored: event.type });
    }
  } catch (err) {
    console.error(`stripe webhook: ${event.type} ${event.id} failed; Stripe will retry`, err);
    return json(500, { error: 'Fulfilment failed' });
  }
}
