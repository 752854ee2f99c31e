'use client';
import { Toaster } from 'sonner';
import { CartProvider } from '@/components/cart/cart-context';

/** Client-side providers shared by every page (the cart). */
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <CartProvider>
      {children}
      {/* Top centre keeps toasts clear of the cart and checkout buttons. SPEC §9: success 2 s, error 4 s, 20 at most. */}
      <Toaster position="top-center" duration={2000} visibleToasts={20} richColors closeButton />
    </CartProvider>
  );
}
