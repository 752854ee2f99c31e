'use client';
import { CartProvider } from '@/components/cart/cart-context';
import { LazyToaster } from '@/components/ui/toaster';

/** Client-side providers shared by every page (the cart) and the toaster, which loads on demand. */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <CartProvider>
      {children}
      <LazyToaster />
    </CartProvider>
  );
}
