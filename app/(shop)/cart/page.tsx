import type { Metadata } from 'next';
import { CartView } from '@/components/cart/cart-view';

export const metadata: Metadata = { title: 'Your Cart', robots: { index: false, follow: true } };

// The cart lives in the browser; the page is a static shell.
export default function CartPage() {
  return <CartView />;
}
