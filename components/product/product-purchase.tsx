'use client';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useCart } from '@/components/cart/cart-context';
import { notify } from '@/components/ui/toaster';
import { specificationsText } from '@/lib/cart/labels';
import { materialLabel } from '@/lib/catalog/categories';
import { effectiveMoq, type StoneChoice, type Style } from '@/lib/catalog/pricing';
import {
  canAddToCart,
  formatGauge,
  cartSpecifications,
  initialSelection,
  isAdjustableNecklace,
  selectionPrice,
  selectSize,
  selectStone,
  selectStyle,
  sizeLegend,
  sizeOptions,
  stoneOptions,
  styleOptions,
  type ProductSelection,
} from '@/lib/catalog/product-options';
import { displayPrice } from '@/lib/catalog/pricing';
import type { Product } from '@/lib/catalog/types';
import { formatDollars, toCents } from '@/lib/format/money';
import { OptionGroup } from './option-group';
import type { QuantityIcons } from './quantity-icons';
import { QuantityInput } from './quantity-input';

/**
 * Price, stone/style/size choices, quantity and Add to Cart of one product. Renders into the page's info column; its
 * icons come drawn from the server.
 */
export function ProductPurchase({ product, icons }: { product: Product; icons: QuantityIcons & { bag: ReactNode } }) {
  const router = useRouter();
  const { addItem, ready } = useCart();
  const moq = effectiveMoq(product.moq);
  const [selection, setSelection] = useState<ProductSelection>(() => initialSelection(product));
  const [quantity, setQuantity] = useState(moq);

  const price = selectionPrice(product, selection);
  const addable = canAddToCart(product, selection);
  const stones = stoneOptions(product);
  const styles = styleOptions(product);
  const sizes = sizeOptions(product, selection);
  // Material for every piece; body jewelry also reads its size and gauge here.
  const facts: Array<[string, string]> = [['Material', materialLabel(product.material)]];
  if (product.category === 'body_jewelry') facts.push(['Size', product.size ?? ''], ['Gauge', formatGauge(product.gauge)]);
  const shownFacts = facts.filter(([, value]) => value.trim() !== '');

  const add = () => {
    if (!addable || price === null) return;
    addItem({
      productId: product.id,
      quantity,
      specifications: cartSpecifications(product, selection),
      selectedPrice: price,
      product: {
        name: product.name,
        sku: product.sku,
        category: product.category,
        imageUrl: product.image_url,
        moq,
        price: displayPrice(product),
      },
    });
    notify((toast) =>
      toast.success('Added to cart', {
        description: `${quantity} × ${product.name}`,
        action: { label: 'View Cart', onClick: () => router.push('/cart') },
      }),
    );
  };

  return (
    <>
      <div className="mt-6" aria-live="polite">
        {price !== null ? (
          <p className="flex items-baseline gap-2">
            <span className="font-serif text-3xl text-ink [font-variant-numeric:lining-nums_tabular-nums]" data-testid="product-price">
              {formatDollars(price)}
            </span>
            <span className="text-sm text-stone-muted">per piece</span>
          </p>
        ) : (
          <p className="text-base text-stone-muted" data-testid="product-price">
            Price not available for this selection
          </p>
        )}
      </div>

      <div className="mt-8 flex flex-col gap-6">
        {stones.length > 0 && (
          <OptionGroup<StoneChoice>
            legend="Stone"
            name="stone"
            value={selection.stoneType}
            options={stones.map((o) => ({ value: o.value, label: o.label, detail: o.name, disabled: o.disabled }))}
            onChange={(stone) => setSelection((s) => selectStone(product, s, stone))}
          />
        )}

        {styles.length > 0 && (
          <OptionGroup<Style>
            legend="Style"
            name="style"
            value={selection.style}
            options={styles.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(style) => setSelection((s) => selectStyle(product, s, style))}
          />
        )}

        {selection.style && sizes.length > 0 && (
          <OptionGroup<string>
            legend={sizeLegend(selection.style)}
            name="size"
            value={selection.size}
            compact
            options={sizes.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
            onChange={(size) => setSelection((s) => selectSize(product, s, size))}
            hint={isAdjustableNecklace(product, selection) ? 'Adjustable: every length is priced as 16".' : undefined}
          />
        )}

        {shownFacts.length > 0 && (
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {shownFacts.map(([label, value]) => (
              <div key={label} className="flex gap-1.5">
                <dt className="font-medium">{label}:</dt>
                <dd className="text-ink-soft">{value}</dd>
              </div>
            ))}
          </dl>
        )}

        {/* The same words the cart, the checkout and the order will use for this line. */}
        <p className="text-sm text-ink-soft" data-testid="selection-summary">
          <span className="font-medium text-ink">Your selection: </span>
          {specificationsText({ specifications: cartSpecifications(product, selection), product })}
        </p>

        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <QuantityInput value={quantity} moq={moq} onChange={setQuantity} showLabel icons={icons} />
          <p className="tabular pb-3 text-sm text-stone-muted">MOQ: {moq}</p>
        </div>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-stone-line bg-ivory/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:px-0 lg:py-0 lg:backdrop-blur-none">
        <div className="flex items-center gap-4">
          <button
            type="button"
            onClick={add}
            // Enabled once the stored cart is loaded, so an early click cannot be lost.
            disabled={!addable || !ready}
            // Only a missing price looks disabled; the moment before the cart loads must not flash a colour change.
            className={`inline-flex h-12 flex-1 items-center justify-center gap-2 rounded-md px-6 text-sm font-medium tracking-wide transition-colors lg:max-w-xs ${
              addable ? 'bg-ink text-ivory hover:bg-gold-dark' : 'cursor-not-allowed bg-stone-line text-stone-muted'
            }`}
          >
            {icons.bag}
            Add to Cart
          </button>
          {price !== null && (
            <p className="tabular text-right text-sm text-ink-soft">
              <span className="block text-xs text-stone-muted">Total</span>
              {formatDollars((toCents(price) * quantity) / 100)}
            </p>
          )}
        </div>
      </div>
    </>
  );
}
