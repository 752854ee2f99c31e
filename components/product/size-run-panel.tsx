'use client';
// Several sizes or lengths of the product at once, each its own cart line: loaded only when the buyer opens it
// (product-purchase.tsx), so a product page carries none of it until then.
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { useCart } from '@/components/cart/cart-context';
import { notify } from '@/components/ui/toaster';
import { formatCents, formatDollars } from '@/lib/core/format/money';
import type { ProductSelection } from '@/lib/purchase/options';
import { purchaseSpecifications, purchaseView, type PurchaseModel, type PurchaseOption } from '@/lib/purchase/selection';
import {
  runStepDown,
  runStepUp,
  sizeQuantityLabel,
  sizeRun,
  sizeRunAdded,
  sizeRunAddLabel,
  sizeRunPrice,
  sizeRunSummary,
  sizeNoun,
  wantedFromText,
} from '@/lib/purchase/size-run';
import { formatPercent } from '@/lib/purchase/volume-pricing';

export interface SizeRunPanelProps {
  id: string;
  /** Closed by its button: kept mounted, so the quantities stay. */
  hidden: boolean;
  model: PurchaseModel;
  /** The stone and style the run is bought in; its size is replaced by each line's. */
  selection: ProductSelection;
  /** The size options of that stone and style (disabled ones are not shown). */
  sizes: PurchaseOption<string>[];
  /** The size group's legend: 'Ring Size', 'Necklace Length' or 'Bracelet Size'. */
  legend: string;
  /** Pieces of this product already in the cart: the volume break counts them with the run. */
  inCart: number;
}

export default function SizeRunPanel({ id, hidden, model, selection, sizes, legend, inCart }: SizeRunPanelProps) {
  const router = useRouter();
  const { addItems, ready } = useCart();
  const fieldId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  // A size's rounding is said once its field is left, not while a number is still being typed.
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const offered = sizes.filter((o) => !o.disabled);
  const steps = model.steps;
  const wanted = Object.fromEntries(offered.map((o) => [o.value, wantedFromText(texts[o.value] ?? '')]));
  const run = sizeRun(offered, wanted, steps, legend);
  const views = Object.fromEntries(offered.map((o) => [o.value, purchaseView(model, { ...selection, size: o.value })]));
  const prices = Object.fromEntries(offered.map((o) => [o.value, views[o.value]!.price]));
  const listPrices = Object.fromEntries(offered.map((o) => [o.value, views[o.value]!.listPrice ?? null]));
  // Prices are shown per size only where they differ (a ring's surcharge, a necklace priced per length).
  const showPrices = new Set(Object.values(prices)).size > 1;
  const { totalCents, percentOff } = sizeRunPrice(run, prices, inCart, model.cartProduct.priceBreaks, listPrices);

  const setText = (size: string, text: string) => {
    setTexts((t) => ({ ...t, [size]: text }));
    setNotes(({ [size]: _gone, ...rest }) => rest);
    setRefusal(null);
  };

  const add = () => {
    if (run.refusal) {
      setRefusal(run.refusal);
      firstField.current?.focus();
      return;
    }
    addItems(
      run.lines.map((line) => {
        const lineSelection = { ...selection, size: line.size };
        return {
          productId: model.productId,
          quantity: line.quantity,
          specifications: purchaseSpecifications(model, lineSelection),
          selectedPrice: prices[line.size] ?? null,
          listPrice: listPrices[line.size] ?? null,
          product: model.cartProduct,
        };
      }),
    );
    notify((toast) =>
      toast.success('Added to cart', {
        description: sizeRunAdded(run, model.cartProduct.name, legend),
        action: { label: 'View Cart', onClick: () => router.push('/cart') },
      }),
    );
    setTexts({});
    setNotes({});
  };

  return (
    <div id={id} hidden={hidden} className="run-panel" role="group" aria-label={`Quantities by ${legend.toLowerCase()}`}>
      <p className="text-xs text-stone-muted">
        Each {legend.toLowerCase()} is its own line: at least {steps.min}
        {steps.pack > 1 && `, in packs of ${steps.pack}`}.
      </p>
      <ul className="run-grid">
        {offered.map((option, index) => {
          const price = prices[option.value];
          const inputId = `${fieldId}-${index}`;
          return (
            <li key={option.value} className="run-cell" data-chosen={wanted[option.value] ? '' : undefined}>
              <label htmlFor={inputId} className="run-size">
                {option.label}
              </label>
              {showPrices && price != null && (
                <span id={`${inputId}-price`} className="run-price">
                  {formatDollars(price)}
                </span>
              )}
              <input
                ref={index === 0 ? firstField : undefined}
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                step={steps.pack}
                autoComplete="off"
                aria-label={sizeQuantityLabel(option.label, legend)}
                aria-describedby={showPrices && price != null ? `${inputId}-price` : undefined}
                className="run-input"
                value={texts[option.value] ?? '0'}
                onFocus={(event) => event.currentTarget.select()}
                onChange={(event) => setText(option.value, event.target.value)}
                onKeyDown={(event) => {
                  // Arrows step by a pack, and from none straight to the smallest quantity.
                  const move = event.key === 'ArrowUp' ? runStepUp : event.key === 'ArrowDown' ? runStepDown : null;
                  if (move) {
                    event.preventDefault();
                    setText(option.value, String(move(wanted[option.value] ?? 0, steps)));
                  } else if (event.key === 'Enter') {
                    event.currentTarget.blur();
                  }
                }}
                onBlur={() => {
                  // The field shows what the line will hold; the note says why it changed.
                  const line = run.lines.find((l) => l.size === option.value);
                  setTexts((t) => ({ ...t, [option.value]: String(line?.quantity ?? 0) }));
                  if (line?.note) setNotes((n) => ({ ...n, [option.value]: line.note! }));
                }}
              />
            </li>
          );
        })}
      </ul>

      <div role="status" className="text-xs text-stone-muted empty:hidden">
        {offered.map((o) => notes[o.value] && <p key={o.value}>{notes[o.value]}</p>)}
      </div>

      <div className="run-foot">
        <p className="tabular text-sm text-ink-soft" role="status" data-testid="size-run-summary">
          {run.total > 0 ? (
            <>
              <span className="font-medium text-ink">{sizeRunSummary(run, legend)}</span>
              {' · '}
              {formatCents(totalCents)}
              {percentOff !== null && <span className="text-gold-dark"> at {formatPercent(percentOff)}% off</span>}
            </>
          ) : (
            `No ${sizeNoun(legend)} chosen yet.`
          )}
        </p>
        <button type="button" className="btn-primary run-add" onClick={add} disabled={!ready}>
          {sizeRunAddLabel(run, legend)}
        </button>
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      )}
    </div>
  );
}
