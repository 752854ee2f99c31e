'use client';
// A line's stone, style and size as compact selects, where a line is edited in place (a quick-order row, a cart
// line): the product page's own choices, and a choice without a price shown disabled. Each change goes through
// `choose`, the product page's rule (a style switch resets the size to that style's default).
import type { ProductSelection } from '@/lib/purchase/options';
import { choose, purchaseSizes, type PurchaseModel } from '@/lib/purchase/selection';

interface ChoiceSelectsProps {
  model: PurchaseModel;
  selection: ProductSelection;
  onChange(next: ProductSelection): void;
  /** Each select's accessible name, which tells its line apart ('Stone, line 3', 'Stone for Aria Pendant'). */
  labels: { stone: string; style: string; size: string };
  className: string;
}

/** Whether the product offers any choice to show: two stones, two styles or sizes. */
export function hasChoices(model: PurchaseModel, selection: ProductSelection): boolean {
  return model.stones.filter((o) => !o.disabled).length > 1 || model.styles.length > 1 || purchaseSizes(model, selection).length > 0;
}

export function ChoiceSelects({ model, selection, onChange, labels, className }: ChoiceSelectsProps) {
  const stones = model.stones.filter((o) => !o.disabled);
  const sizes = purchaseSizes(model, selection);
  const change = (next: ProductSelection) => next !== selection && onChange(next);
  return (
    <>
      {stones.length > 1 && (
        <select aria-label={labels.stone} className={className} value={selection.stoneType} onChange={(e) => change(choose(model, selection, { stone: e.target.value as 'stone1' | 'stone2' }))}>
          {stones.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {model.styles.length > 1 && (
        <select aria-label={labels.style} className={className} value={selection.style ?? ''} onChange={(e) => change(choose(model, selection, { style: e.target.value as 'necklace' | 'bracelet' }))}>
          {model.styles.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {sizes.length > 0 && (
        <select aria-label={labels.size} className={className} value={selection.size ?? ''} onChange={(e) => change(choose(model, selection, { size: e.target.value }))}>
          {sizes.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {/* A ring's size is a bare number: its words say what it is ('Ring size 7'); lengths carry their inch mark. */}
              {model.ringSizeInfo ? `Ring size ${o.label}` : o.label}
            </option>
          ))}
        </select>
      )}
    </>
  );
}
