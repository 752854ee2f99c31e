'use client';
import { useCart } from '@/components/cart/cart-context';
import { notify } from '@/components/ui/toaster';
import { hasQuickAddPrice } from '@/lib/cart/quick-add';
import type { CardProduct } from './card-product';
import { CardIcon } from './card-icon';

/**
 * The card's corner button: adds the product page's opening selection at the MOQ (the cart's summaryToCartInput)
 * and shows a check in a dark style while the product is in the cart. Same behaviour and words as the cart's
 * QuickAddToCartButton, drawn with the card icon sprite to keep listing HTML small. The cart rules arrive with the
 * stored cart after the page has loaded; the button is enabled from then on.
 */
export function CardCartButton({ product }: { product: CardProduct }) {
  const { addItem, isInCart, ready } = useCart();
  const inCart = ready && isInCart(product.id);
  return (
    <button
      type="button"
      disabled={!ready || !hasQuickAddPrice(product)}
      data-in-cart={inCart ? 'true' : undefined}
      aria-label={inCart ? `${product.name} is in your cart. Add more` : `Add ${product.name} to cart`}
      className={inCart ? 'pcard-btn pcard-btn-in' : 'pcard-btn'}
      onClick={async (event) => {
        event.preventDefault();
        const { addedDescription, summaryToCartInput } = await import('@/lib/cart/lines');
        // summaryToCartInput does not read created_at.
        const input = summaryToCartInput({ ...product, created_at: '' });
        if (!input) return;
        addItem(input);
        notify((toast) => toast.success('Added to cart', { description: addedDescription(input) }));
      }}
    >
      <CardIcon name={inCart ? 'check' : 'bag'} />
    </button>
  );
}
