'use client';
// The ring modal's sizes: a tick for each US size, quick choices, and the surcharge from a size up. Held in the form
// as the readable list ('5-9, 10') the schema and the CSV read. Disabled while Adjustable is ticked: the sizes stay in
// the form but are not sent (submittedValues).
import { useId } from 'react';
import { RING_SIZING_LABELS, ADJUSTABLE_NO_SIZES } from '@/lib/admin/catalog/ring-sizing';
import { DEFAULT_RING_SIZES, formatRingSizes, parseRingSizes, RING_SIZES } from '@/lib/catalog/ring-sizes';
import { Input, Section, Select, type SectionProps } from './form-sections';

const NO_SIZES = 'No sizes ticked: the ring is sold without a size choice.';

export function RingSizes(props: SectionProps) {
  const { values, errors, set } = props;
  const id = useId();
  const adjustable = values.is_adjustable === true;
  const parsed = parseRingSizes(String(values.sizes ?? ''));
  const chosen = parsed.ok ? parsed.sizes : [];
  const choose = (sizes: readonly string[]) => set('sizes', formatRingSizes(sizes));
  const note = adjustable ? ADJUSTABLE_NO_SIZES : chosen.length === 0 ? NO_SIZES : null;

  return (
    <Section title={RING_SIZING_LABELS.sizes} disabled={adjustable}>
      {note && (
        <p id={`${id}-note`} className="adm-muted mb-2 text-xs">
          {note}
        </p>
      )}
      <fieldset aria-describedby={[note ? `${id}-note` : '', errors.sizes ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}>
        <legend className="adm-label">US sizes offered</legend>
        <div className="mb-2 flex gap-2">
          <button type="button" className="adm-btn h-7 px-2 text-xs" onClick={() => choose(DEFAULT_RING_SIZES)}>
            US 5–9
          </button>
          <button type="button" className="adm-btn h-7 px-2 text-xs" onClick={() => choose([])}>
            Clear
          </button>
        </div>
        <div className="grid grid-cols-5 gap-x-2 gap-y-1 sm:grid-cols-9">
          {RING_SIZES.map((size) => (
            <label key={size} className="tabular flex min-h-8 items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                name="sizes"
                value={size}
                className="size-4 accent-ink"
                checked={chosen.includes(size)}
                aria-invalid={Boolean(errors.sizes)}
                onChange={(e) => choose(e.target.checked ? [...chosen, size] : chosen.filter((s) => s !== size))}
              />
              <span className="sr-only">Size </span>
              {size}
            </label>
          ))}
        </div>
        {errors.sizes && (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            {errors.sizes}
          </p>
        )}
      </fieldset>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Input
          {...props}
          column="size_surcharge"
          label={RING_SIZING_LABELS.size_surcharge}
          type="number"
          step="0.01"
          min="0"
          prefix="$"
          hint="Dollars added to each piece from the size below up. Leave empty for none."
        />
        <Select
          {...props}
          column="size_surcharge_from"
          label={RING_SIZING_LABELS.size_surcharge_from}
          options={chosen.map((s) => ({ value: s, label: s }))}
          hint="One of the sizes ticked."
        />
      </div>
    </Section>
  );
}
