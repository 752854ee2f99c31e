import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { ClearCartOnReturn } from '@/components/checkout/clear-cart-on-return';
import { OrderConfirmation } from '@/components/checkout/order-confirmation';
import { PaymentProcessing } from '@/components/checkout/payment-processing';
import { PaymentRefunded } from '@/components/checkout/payment-refunded';
import { getCurrentUser } from '@/lib/auth/user';
import { browserCheckoutIds } from '@/lib/checkout/cookie-store';
import { loadConfirmation, type ConfirmationView } from '@/lib/orders/confirmation';
import { isUuid } from '@/lib/core/validation/text';
import { logError } from '@/lib/core/log';

export const metadata: Metadata = { title: 'Order Confirmation', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ orderId: string }>;
  searchParams: Promise<{ redirect_status?: string; t?: string | string[] }>;
}

export default async function OrderConfirmationPage({ params, searchParams }: Props) {
  const [{ orderId }, { redirect_status, t }] = await Promise.all([params, searchParams]);
  // Not an order id at all: 404 before any lookup ('Order not found', from not-found.tsx).
  if (!isUuid(orderId)) notFound();
  let view: ConfirmationView;
  try {
    const [checkoutIds, user] = await Promise.all([browserCheckoutIds(), getCurrentUser().catch(() => null)]);
    // t: the signed order link of the buyer's mail, which opens the order on any device.
    view = await loadConfirmation(orderId, { checkoutIds, user, token: typeof t === 'string' ? t : null });
  } catch (err) {
    // A failed lookup goes home.
    logError('order confirmation: lookup failed', err);
    redirect('/');
  }
  // Back from a failed 3-D Secure step: the cart is intact, so the buyer starts the payment again.
  if (redirect_status === 'failed' && view.kind === 'not_found') redirect('/checkout');
  const returned = redirect_status === 'succeeded' && (view.kind === 'order' || view.kind === 'processing');
  // Unknown, or not this visitor's: the same 404 as a malformed id, so an id reveals nothing.
  if (view.kind === 'not_found') notFound();
  return (
    <>
      {returned && <ClearCartOnReturn />}
      {view.kind === 'order' ? (
        <OrderConfirmation order={view.order} />
      ) : view.kind === 'refunded' ? (
        <PaymentRefunded />
      ) : (
        <PaymentProcessing />
      )}
    </>
  );
}
