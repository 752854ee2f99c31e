'use client';
import { useEffect } from 'react';
import { useCart } from '@/components/cart/cart-context';

/** After a redirect-based confirmation (3-D Secure) the buyer lands here from the card issuer: empty the cart. */
export function ClearCartOnReturn() {
  const { ready, clearCart } = useCart();
  useEffect(() => {
    if (ready) clearCart();
  }, [ready, clearCart]);
  return null;
}
