'use client';
import { Check, Copy, Gem, ShoppingBag, Trash2 } from 'lucide-react';
import Link from '@/components/shop/shop-link';
import { useEffect, useRef, useState } from 'react';
import { QuantityInput } from '@/components/product/quantity-input';
import { stepsOf } from '@/lib/purchase/pack-size';
import { quantityIcons } from '@/components/product/quantity-icons';
import { canOptimize, IMAGE_WIDTHS, imageSources } from '@/components/shop/listing/image-srcset';
import {
  COPIED_LABEL_MS,
  ITEM_REMOVED_MESSAGE,
  REMOVE_FADE_MS,
  REMOVED_TOAST_MS,
} from '@/lib/cart/constants';
import { productReferences, referencesText } from '@/lib/cart/references';
import { specificationEntries } from '@/lib/purchase/labels';
import { cartLinePrices, cartSubtotal, type CartLinePrice } from '@/lib/cart/totals';
import { formatPercent } from '@/lib/purchase/volume-pricing';
import type { CartItem } from '@/lib/cart/types';
import { productPath } from '@/lib/catalog/categories';
import { formatDollars } from '@/lib/core/format/money';
import { notify } from '@/components/ui/toaster';
import { useCart } from './cart-context';
import { CartCorrections } from './cart-corrections';
import { LineChoices, mayHaveChoices } from './line-choices';
import { RequestQuote, type QuoteLineInput } from '@/components/quotes/request-quote';

/** The cart's lines as a quote request sends them (the checkout's shape: the server reads prices itself). */
const quoteLines = (items: CartItem[]): QuoteLineInput[] =>
  items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    specifications: { stoneType: item.specifications.stoneType ?? null, size: item.specifications.size ?? null, style: item.specifications.style ?? null },
  }));
import { copyText } from './copy-text';
import { ShippingEstimate } from './shipping-estimate';
import { CheckoutButton, UnavailableLabel, UnavailableNote, useCartProductFacts } from './unavailable';
import { leadTimeShort, type LeadTime } from '@/lib/catalog/lead-time';

const QUANTITY_ICONS = quantityIcons();

export function CartView() {
  const { items, ready, clearCart } = useCart();
  const subtotal = cartSubtotal(items);
  const { unavailable, leadTimes } = useCartProductFacts(items, ready);
  const blocked = items.some((item) => unavailable.has(item.productId.toLowerCase()));

  if (!ready) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
        <h1 className="text-3xl sm:text-4xl">Your Cart</h1>
        <div className="mt-8 space-y-4">
          {[0, 1].map((i) => (
            <div key={i} className="h-32 animate-pulse rounded-lg bg-ivory-deep" />
          ))}
        </div>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-24 text-center">
        <ShoppingBag aria-hidden className="size-12 stroke-1 text-gold-dark" />
        <h1 className="mt-6 text-3xl sm:text-4xl">Your cart is empty</h1>
        <Link href="/products" className="btn-primary h-12 mt-8">
          Start Shopping
        </Link>
        <Link href="/quick-order" className="mt-4 text-sm text-ink-soft underline underline-offset-4 hover:text-ink">
          Quick Order by SKU
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">Your Cart</h1>
        <div className="flex flex-wrap items-baseline gap-x-5 gap-y-2">
          <Link href="/quick-order" className="text-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline">
            Quick Order by SKU
          </Link>
          <Link href="/products" className="text-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline">
            Continue Shopping
          </Link>
        </div>
      </div>
      <CartCorrections className="mt-6" />
      {blocked && <UnavailableNote className="mt-6" />}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-12">
        <section aria-labelledby="cart-items-heading">
          <h2 id="cart-items-heading" className="sr-only">
            Items
          </h2>
          <ul className="divide-y divide-stone-line border-y border-stone-line">
            {cartLinePrices(items).map((price, i) => (
              <CartLine key={items[i]!.id} item={items[i]!} price={price} unavailable={unavailable.has(items[i]!.productId.toLowerCase())} leadTime={leadTimes.get(items[i]!.productId.toLowerCase()) ?? null} />
            ))}
          </ul>
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              onClick={clearCart}
              className="inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm text-stone-muted transition-colors hover:bg-ivory-deep hover:text-ink"
            >
              <Trash2 aria-hidden className="size-4" />
              Clear Cart
            </button>
          </div>
        </section>

        <aside className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start" aria-label="Order summary">
          <div className="rounded-lg border border-stone-line bg-white p-6">
            <dl className="flex items-baseline justify-between">
              <dt className="text-sm font-medium">Subtotal</dt>
              <dd className="font-serif text-2xl [font-variant-numeric:lining-nums_tabular-nums]" data-testid="cart-subtotal">
                {formatDollars(subtotal)}
              </dd>
            </dl>
            {/* On phones the button lives in the bar at the bottom of the screen instead. */}
            <div className="mt-6 hidden sm:block">
              <CheckoutButton blocked={blocked} className="btn-primary h-12 w-full" />
            </div>
            <div className="mt-3 border-t border-stone-line pt-4">
              <p className="mb-2 text-xs text-stone-muted">Buying in volume? Ask for a price for this whole cart.</p>
              <RequestQuote lines={quoteLines(items)} className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-md border border-ink px-5 text-sm font-medium hover:bg-ivory-deep" />
            </div>
          </div>
          <ShippingEstimate items={items} />
          <ProductReferences items={items} />
        </aside>
      </div>

      {/* Phones: the total and the way to checkout stay in reach however long the cart is. */}
      <div className="sticky bottom-0 z-30 -mx-4 mt-8 border-t border-stone-line bg-ivory/95 px-4 py-3 backdrop-blur sm:hidden" data-testid="cart-bar">
        <div className="flex items-center gap-4">
          <p className="text-sm">
            <span className="block text-xs text-stone-muted">Subtotal</span>
            <span className="font-serif text-xl [font-variant-numeric:lining-nums_tabular-nums]">{formatDollars(subtotal)}</span>
          </p>
          <CheckoutButton blocked={blocked} className="btn-primary h-12 flex-1" />
        </div>
      </div>
    </div>
  );
}

function CartLine({ item, price, unavailable, leadTime }: { item: CartItem; price: CartLinePrice; unavailable: boolean; leadTime: LeadTime | null }) {
  const { updateQuantity, removeItem } = useCart();
  const [removing, setRemoving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { product } = item;
  const href = productPath(product.category, item.productId);
  const specs = specificationEntries(item.specifications, product.category);

  const remove = () => {
    if (removing) return;
    setRemoving(true);
    // Fade first, then drop the line and confirm.
    timer.current = setTimeout(() => {
      removeItem(item.id);
      notify((toast) => toast(ITEM_REMOVED_MESSAGE, { duration: REMOVED_TOAST_MS }));
    }, REMOVE_FADE_MS);
  };

  return (
    <li
      className={`flex gap-4 py-5 transition-opacity duration-300 ease-out sm:gap-6 ${removing ? 'opacity-0' : 'opacity-100'}`}
      aria-busy={removing || undefined}
      data-testid="cart-line"
    >
      <Link
        href={href}
        tabIndex={-1}
        aria-hidden
        className="pimg size-20 shrink-0 rounded-md sm:size-28"
      >
        {product.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- optimised through /_next/image via srcSet
          <img
            {...imageSources(product.imageUrl, IMAGE_WIDTHS.thumb, canOptimize(product.imageUrl))}
            alt=""
            sizes="(min-width: 640px) 112px, 80px"
            loading="lazy"
            draggable={false}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-stone-muted">
            <Gem className="size-8 stroke-1" />
          </span>
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-serif text-lg leading-snug">
            <Link href={href} className="hover:text-gold-dark">
              {product.name}
            </Link>
          </h3>
          <p className="tabular mt-0.5 text-xs text-stone-muted">SKU: {product.sku || 'N/A'}</p>
          {unavailable && <UnavailableLabel />}
          {leadTime && !unavailable && <p className="mt-1 text-sm text-ink-soft" data-testid="line-lead-time">{leadTimeShort(leadTime)}</p>}
          {specs.length > 0 && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              {specs.map((spec) => (
                <div key={spec.label} className="contents">
                  <dt className="text-stone-muted">{spec.label}:</dt>
                  <dd className="text-ink-soft">{spec.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {!unavailable && mayHaveChoices(item) && <LineChoices item={item} />}
          <p className="tabular mt-2 text-sm text-ink-soft">
            {formatDollars(price.unitCents / 100)} each
            {price.percentOff !== null && (
              <span className="ml-2 text-gold-dark" data-testid="line-break">
                Volume −{formatPercent(price.percentOff)}%
              </span>
            )}
          </p>
        </div>

        <div className="flex flex-row flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
          <div className="flex items-center gap-3">
            <QuantityInput
              value={item.quantity}
              steps={stepsOf({ moq: product.moq, pack_size: product.packSize })}
              size="sm"
              label={`Quantity for ${product.name}`}
              onChange={(quantity) => updateQuantity(item.id, quantity)}
              icons={QUANTITY_ICONS}
            />
            <span className="tabular text-xs text-stone-muted">
              MOQ: {product.moq}
              {(product.packSize ?? 1) > 1 && ` · Packs of ${product.packSize}`}
            </span>
          </div>
          <p className="tabular font-medium" data-testid="line-total">
            {formatDollars(price.totalCents / 100)}
          </p>
          <button
            type="button"
            onClick={remove}
            disabled={removing}
            aria-label={`Remove ${product.name} from cart`}
            className="inline-flex items-center gap-1.5 rounded text-sm text-stone-muted underline-offset-4 hover:text-ink hover:underline"
          >
            <Trash2 aria-hidden className="size-3.5" />
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

function ProductReferences({ items }: { items: CartItem[] }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const references = productReferences(items);
  if (references.length === 0) return null;

  const copy = async () => {
    if (!(await copyText(referencesText(items)))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <section className="rounded-lg border border-stone-line bg-ivory-deep/60 p-6" aria-labelledby="product-references-heading">
      <h2 id="product-references-heading" className="text-lg">
        Product References
      </h2>
      <ul className="tabular mt-3 space-y-1 font-mono text-sm text-ink-soft" data-testid="product-references">
        {references.map((sku) => (
          <li key={sku}>{sku}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={copy}
        className="btn-outline mt-4 h-10 px-4"
      >
        {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy References'}</span>
      </button>
    </section>
  );
}
