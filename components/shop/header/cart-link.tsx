'use client';
import type { ReactNode } from 'react';
import Link from '@/components/shop/shop-link';
import { useCart } from '@/components/cart/cart-context';

/** Cart icon (drawn by the server) with the item-count badge, shown only when the cart holds more than 0 pieces. */
export function CartLink({ children }: { children: ReactNode }) {
  const { count, ready } = useCart();
  const show = ready && count > 0;
  return (
    <Link
      href="/cart"
      scroll={false}
      aria-label={show ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      className="icon-btn"
    >
      {children}
      {show && (
        <span
          data-testid="cart-count"
          className="tabular absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-gold-dark px-1 text-[11px] font-semibold leading-5 text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
