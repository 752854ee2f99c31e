'use client';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useCart } from '@/components/cart/cart-context';
import { notify } from '@/components/ui/toaster';
import type { StoneChoice, Style } from '@/lib/purchase/pricing';
import type { DetailEntry, ProductSelection } from '@/lib/purchase/options';
import { choose, purchaseSizeInfo, purchaseSizes, purchaseSpecifications, purchaseView, type PurchaseModel } from '@/lib/purchase/selection';
import { formatDollars, toCents } from '@/lib/core/format/money';
import { OptionGroup } from './option-group';
import { PriceGate } from '@/components/shop/price-gate';
import { groupPriceLabel } from '@/lib/purchase/price-labels';
import type { QuantityIcons } from './quantity-icons';
import { QuantityInput } from './quantity-input';

// Only a product with volume breaks needs their arithmetic, and only an unpriced selection the quote form (a dialog):
// each loads when it is shown.
const VolumePrice = lazy(() => import('./volume-price'));
const RequestQuote = lazy(() => import('@/components/quotes/request-quote').then((m) => ({ default: m.RequestQuote })));
// Ordering several sizes at once loads when the buyer points at or focuses its button.
const loadSizeRun = () => import('./size-run-panel');
const SizeRunPanel = lazy(loadSizeRun);

/**
 * Price, stone/style/size choices, quantity and Add to Cart of one product. Renders into the page's info column; the
 * server computed every selection's price and words (lib/purchase/model.ts) and drew the icons and facts.
 */
interface ProductPurchaseProps {
  model: PurchaseModel;
  icons: QuantityIcons & { bag: ReactNode };
  /** The material (and size and gauge) list, drawn by the server: it is the same for every selection. */
  facts: ReactNode;
  /** The volume tiers' table, drawn by the server; null without breaks. */
  breaks?: ReactNode;
  /** The product's description, drawn by the server, shown between the purchase and the details. */
  description?: ReactNode;
  /** The details no selection changes (lib/purchase/options.ts: detailsList); the selection's own go first. */
  details?: DetailEntry[];
}

/** The Details list: the selection's stone, length and style, then the product's other attributes. */
function Details({ entries }: { entries: DetailEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="product-details">
      <h2 id="product-details" className="text-xl">
        Details
      </h2>
      <dl className="mt-3 divide-y divide-stone-line border-y border-stone-line text-sm" data-testid="product-details">
        {entries.map((entry) => (
          <div key={entry.label} className="grid grid-cols-[10rem_1fr] gap-4 py-2.5">
            <dt className="text-stone-muted">{entry.label}</dt>
            <dd className="tabular text-ink">{entry.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ProductPurchase({ model, icons, facts, breaks: breaksTable = null, description = null, details = [] }: ProductPurchaseProps) {
  const router = useRouter();
  const { addItem, ready, items } = useCart();
  const [selection, setSelection] = useState<ProductSelection>(model.initial);
  const packSize = model.steps.pack;
  const [quantity, setQuantity] = useState(model.steps.min);
  // Once opened the panel stays mounted (hidden when closed), so closing it keeps the quantities typed.
  const [runOpen, setRunOpen] = useState<boolean | null>(null);
  const runId = useId();

  const { price, listPrice, summary, details: chosen } = purchaseView(model, selection);
  const breaks = model.cartProduct.priceBreaks ?? [];
  // Mix and match: what is already in the cart of this product, in any option, counts toward the break.
  const inCart = items.filter((i) => i.productId === model.productId).reduce((sum, i) => sum + i.quantity, 0);
  const tiers = { total: inCart + quantity, quantity, breaks, listPrice };
  const addable = price !== null;
  const sizes = purchaseSizes(model, selection);
  const sizeInfo = purchaseSizeInfo(model, selection);

  const add = () => {
    if (price === null) return;
    addItem({
      productId: model.productId,
      quantity,
      specifications: purchaseSpecifications(model, selection),
      selectedPrice: price,
      listPrice: listPrice ?? null,
      product: model.cartProduct,
    });
    notify((toast) =>
      toast.success('Added to cart', {
        description: `${quantity} × ${model.cartProduct.name}${summary ? ` (${summary})` : ''}`,
        action: { label: 'View Cart', onClick: () => router.push('/cart') },
      }),
    );
  };

  return (
    <>
      <div className="mt-6" aria-live="polite">
        {model.gate ? (
          <PriceGate gate={model.gate} />
        ) : price !== null ? (
          <p className="flex items-baseline gap-2">
            <span className="buy-price" data-testid="product-price">
              {formatDollars(price)}
            </span>
            <span className="text-sm text-stone-muted">per piece</span>
            {model.groupName && <span className="text-xs text-gold-dark">{groupPriceLabel(model.groupName)}</span>}
            {breaks.length > 0 && (
              <Suspense fallback={null}>
                <VolumePrice part="price" price={price} {...tiers} />
              </Suspense>
            )}
          </p>
        ) : (
          <p className="text-base text-stone-muted" data-testid="product-price">
            Price not available for this selection
          </p>
        )}
      </div>

      <div className="mt-8 flex flex-col gap-6">
        {model.stones.length > 0 && (
          <OptionGroup<StoneChoice>
            legend="Stone"
            name="stone"
            value={selection.stoneType}
            options={model.stones}
            onChange={(stone) => setSelection((s) => choose(model, s, { stone }))}
          />
        )}

        {model.styles.length > 0 && (
          <OptionGroup<Style>
            legend="Style"
            name="style"
            value={selection.style}
            options={model.styles}
            onChange={(style) => setSelection((s) => choose(model, s, { style }))}
          />
        )}

        {sizeInfo && sizes.length > 0 && (
          <div>
            <OptionGroup<string>
              legend={sizeInfo.legend}
              name="size"
              value={selection.size}
              compact
              options={sizes}
              onChange={(size) => setSelection((s) => choose(model, s, { size }))}
              hint={sizeInfo.hint}
            />
            {!model.gate && sizes.filter((o) => !o.disabled).length > 1 && (
              <>
                <button
                  type="button"
                  className="run-toggle"
                  aria-expanded={!!runOpen}
                  aria-controls={runOpen === null ? undefined : runId}
                  onPointerEnter={loadSizeRun}
                  onFocus={loadSizeRun}
                  onClick={() => setRunOpen(!runOpen)}
                >
                  Order several {sizeInfo.legend.endsWith('Length') ? 'lengths' : 'sizes'}
                </button>
                {runOpen !== null && (
                  <Suspense fallback={<p className="run-panel text-sm text-stone-muted">Loading…</p>}>
                    <SizeRunPanel id={runId} hidden={!runOpen} model={model} selection={selection} sizes={sizes} legend={sizeInfo.legend} inCart={inCart} />
                  </Suspense>
                )}
              </>
            )}
          </div>
        )}

        {facts}

        {/* The same words the cart, the checkout and the order will use for this line. */}
        <p className="text-sm text-ink-soft" data-testid="selection-summary">
          <span className="font-medium text-ink">Your selection: </span>
          {summary}
        </p>

        {breaksTable && (
          <div>
            {breaksTable}
            {/* The line keeps its height while its code loads, so nothing below moves. */}
            {!model.gate && (
              <Suspense fallback={<p className="mt-1 min-h-5" />}>
                <VolumePrice part="next" price={price ?? 0} {...tiers} />
              </Suspense>
            )}
          </div>
        )}

        {!model.gate && (
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <QuantityInput value={quantity} steps={model.steps} onChange={setQuantity} showLabel icons={icons} />
            <p className="tabular pb-3 text-sm text-stone-muted">
              MOQ: {model.moq}
              {packSize > 1 && ` · Packs of ${packSize}`}
            </p>
          </div>
        )}
      </div>

      {/* Where prices are hidden there is nothing to buy: the gate above says how to see them. */}
      {!model.gate && (
        <div className="buy-bar">
          <div className="flex items-center gap-4">
            <button
              type="button"
              onClick={add}
              // Enabled once the stored cart is loaded, so an early click cannot be lost.
              disabled={!addable || !ready}
              className={addable ? 'buy-btn' : 'buy-btn buy-btn-off'}
            >
              {icons.bag}
              Add to Cart
            </button>
            {price === null && (
              <Suspense fallback={null}>
                <RequestQuote
                  lines={[{ productId: model.productId, quantity, specifications: { stoneType: selection.stoneType, size: selection.size, style: selection.style } }]}
                />
              </Suspense>
            )}
            {price !== null && (
              <p className="tabular text-right text-sm text-ink-soft">
                <span className="block text-xs text-stone-muted">Total</span>
                {breaks.length > 0 ? (
                  <Suspense fallback={formatDollars((toCents(price) * quantity) / 100)}>
                    <VolumePrice part="total" price={price} {...tiers} />
                  </Suspense>
                ) : (
                  formatDollars((toCents(price) * quantity) / 100)
                )}
              </p>
            )}
          </div>
        </div>
      )}

      {description}
      <Details entries={[...chosen, ...details]} />
    </>
  );
}
