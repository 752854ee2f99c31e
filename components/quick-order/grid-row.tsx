'use client';
import { AlertCircle, Loader2, X } from 'lucide-react';
import { inputClass } from '@/components/ui/field';
import { formatCents } from '@/lib/core/format/money';
import type { ProductSelection } from '@/lib/purchase/options';
import type { PurchaseModel } from '@/lib/purchase/selection';
import { ChoiceSelects, hasChoices } from '@/components/product/choice-selects';
import { formatPercent } from '@/lib/purchase/volume-pricing';
import { choiceLabels, type GridRow as Row, type RowPrice } from '@/lib/quick-order/grid';
import { SkuCombobox } from './sku-combobox';

interface GridRowProps {
  row: Row;
  index: number;
  model: PurchaseModel | undefined;
  price: RowPrice;
  onSku(sku: string): void;
  onCommitSku(sku: string): void;
  onQuantity(quantity: number): void;
  onSelection(selection: ProductSelection): void;
  onRemove(): void;
  onEnter(): void;
  /** Replaces the SKU with a suggested one and checks it. */
  onSuggestion(sku: string): void;
  skuRef(element: HTMLInputElement | null): void;
}

const selectClass = `${inputClass} h-10 border-stone-line text-sm`;

/** One line of the quick-order grid: SKU, options, quantity, price, and what is wrong with one click to fix it. */
export function GridRow({ row, index, model, price, onSku, onCommitSku, onQuantity, onSelection, onRemove, onEnter, onSuggestion, skuRef }: GridRowProps) {
  const n = index + 1;
  const problemId = `qo-problem-${row.key}`;
  const problem = row.problem;
  const selection = row.selection ?? model?.initial ?? null;
  const pack = model?.steps.pack ?? 1;

  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 py-4 md:grid-cols-[11rem_minmax(0,1fr)_6.5rem_8rem_2.5rem] md:items-start" data-testid="quick-order-row">
      <div>
        <SkuCombobox
          value={row.sku}
          label={`SKU, line ${n}`}
          invalid={problem?.code === 'unknown_sku'}
          describedBy={problem ? problemId : undefined}
          onChange={onSku}
          onCommit={onCommitSku}
          onEnter={onEnter}
          inputRef={skuRef}
        />
      </div>

      <div className="col-span-2 min-w-0 md:col-span-1">
        {row.checking ? (
          <p className="flex h-10 items-center gap-2 text-sm text-stone-muted" role="status">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Checking…
          </p>
        ) : model ? (
          <div className="flex flex-col gap-2">
            <p className="truncate text-sm font-medium text-ink">{model.cartProduct.name}</p>
            {/* Every choice the product has, a stoneless bracelet's and a ring's size included: nothing is picked unseen. */}
            {selection && hasChoices(model, selection) && (
              <div className="flex flex-wrap gap-2">
                <ChoiceSelects
                  model={model}
                  selection={selection}
                  onChange={onSelection}
                  labels={choiceLabels(selection, n)}
                  className={`${selectClass} w-auto`}
                />
              </div>
            )}
            <p className="text-xs text-stone-muted">
              MOQ {model.moq}
              {pack > 1 && ` · Packs of ${pack}`}
            </p>
          </div>
        ) : null}
        {problem && !row.checking && (
          <div id={problemId} className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-red-800">
            <span className="inline-flex items-start gap-1.5">
              <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {problem.message}
            </span>
            {'fix' in problem && (
              <button
                type="button"
                className="rounded-md border border-stone-line bg-white px-2.5 py-1 text-ink hover:bg-ivory-deep"
                onClick={() => ('quantity' in problem.fix ? onQuantity(problem.fix.quantity) : onSelection(problem.fix.selection))}
              >
                {problem.fix.label}
              </button>
            )}
            {problem.code === 'unknown_sku' && problem.suggestions.length > 0 && (
              <span className="flex flex-wrap items-center gap-2 text-ink-soft">
                Did you mean
                {problem.suggestions.map((s) => (
                  <button
                    key={s.sku}
                    type="button"
                    className="rounded-md border border-stone-line bg-white px-2.5 py-1 font-mono text-xs text-ink hover:bg-ivory-deep"
                    onClick={() => onSuggestion(s.sku)}
                    title={s.name}
                  >
                    {s.sku}
                  </button>
                ))}
              </span>
            )}
          </div>
        )}
      </div>

      <div>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={pack}
          aria-label={`Quantity, line ${n}`}
          aria-invalid={problem?.code === 'below_moq' || problem?.code === 'not_pack_multiple' || undefined}
          value={row.quantity}
          onChange={(e) => {
            const q = Math.floor(Number(e.target.value));
            if (Number.isFinite(q) && q >= 1 && q <= 100_000) onQuantity(q);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onEnter();
            }
          }}
          className={`${inputClass} h-10 text-sm tabular ${problem?.code === 'below_moq' || problem?.code === 'not_pack_multiple' ? 'border-red-700' : 'border-stone-line'}`}
        />
      </div>

      <div className="tabular text-right text-sm md:pt-2" data-testid="quick-order-price">
        {price.unitCents !== null ? (
          <>
            <span className="block font-medium text-ink">{formatCents(price.lineCents!)}</span>
            <span className="block text-xs text-stone-muted">
              {formatCents(price.unitCents)} each
              {price.percentOff !== null && ` · −${formatPercent(price.percentOff)}%`}
            </span>
          </>
        ) : (
          <span className="text-stone-muted">—</span>
        )}
      </div>

      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove line ${n}`}
        className="col-start-2 row-start-1 inline-flex size-10 items-center justify-center justify-self-end rounded-md text-stone-muted hover:bg-ivory-deep hover:text-ink md:col-start-auto md:row-start-auto"
      >
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}
