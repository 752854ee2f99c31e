// A signed event can name a PaymentIntent or charge this Stripe account does not have (another account's test event,
// one deleted in test mode). Stripe answers 404 resource_missing; retrying the event cannot change that.
import type Stripe from 'stripe';

export function isMissingAtStripe(err: unknown): boolean {
  const e = err as Partial<Stripe.errors.StripeError> | null;
  return e?.type === 'StripeInvalidRequestError' && (e.code === 'resource_missing' || e.statusCode === 404);
}

/** The retrieved object, or null when Stripe has no such object. Any other failure is thrown (the event is retried). */
export async function retrieveOrNull<T>(retrieve: Promise<T>): Promise<T | null> {
  try {
    return await retrieve;
  } catch (err) {
    if (isMissingAtStripe(err)) return null;
    throw err;
  }
}
