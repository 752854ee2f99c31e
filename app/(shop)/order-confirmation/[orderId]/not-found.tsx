import type { Metadata } from 'next';
import { OrderNotFound } from '@/components/checkout/order-confirmation';

export const metadata: Metadata = { title: 'Order not found', robots: { index: false, follow: false } };

// 'Order not found' with a Return to Home link, now answered with status 404.
export default function ConfirmationNotFound() {
  return <OrderNotFound />;
}
