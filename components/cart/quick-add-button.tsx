'use client';
import { Check, ShoppingBag } from 'lucide-react';
import { toast } from 'sonner';
import { summaryToCartInput } from '@/lib/cart/lines';
import type { ProductSummary } from '@/lib/catalog/types';
import { useCart } from './cart-context';

interface QuickAddToCartButtonProps {
  product: ProductSummary;
  className?: string;
  /** Classes added while the product is in the cart (any specification). */
  inCartClassName?: string;
}

const BASE =
  'inline-flex size-10 items-center justify-center rounded-full border transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';
const IDLE = 'border-stone-line bg-ivory/90 text-ink hover:border-ink hover:bg-white';
const ADDED = 'border-ink bg-ink text-ivory hover:bg-gold-dark hover:border-gold-dark';

/**
 * A listing card's corner button: adds the product page's opening selection at the MOQ and the card's default price.
 * It shows a check while the product is in the cart. It sits outside the card's link, so clicks never navigate.
 */
export function QuickAddToCartButton({ product, className = '', inCartClassName }: QuickAddToCartButtonProps) {
  const { addItem, isInCart, ready } = useCart();
  const input = summaryToCartInput(product);
  const inCart = ready && isInCart(product.id);
  const Icon = inCart ? Check : ShoppingBag;

  return (
    <button
      type="button"
      disabled={!input || !ready}
      data-in-cart={inCart ? 'true' : undefined}
      aria-label={inCart ? `${product.name} is in your cart. Add more` : `Add ${product.name} to cart`}
      title={input ? undefined : 'Price not available'}
      className={`${BASE} ${inCart ? (inCartClassName ?? ADDED) : IDLE} ${className}`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!input) return;
        addItem(input);
        toast.success('Added to cart', { description: `${input.quantity} × ${product.name}` });
      }}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}
