'use client';
// The list view's filters: status, material, New, Men's and a text filter on name or SKU. A change starts again at
// page 1 (replace navigation); the text is applied 400 ms after the last keystroke, or at once on Enter.
import { Loader2, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MATERIALS, materialLabel, type Material } from '@/lib/catalog/categories';
import { PRODUCT_STATUSES, PRODUCT_STATUS_LABELS, type ListFilter, type ProductStatus } from '@/lib/admin/catalog/list-params';

interface ListFiltersProps {
  filter: ListFilter;
  pending: boolean;
  onChange(next: Partial<ListFilter>): void;
}

const TEXT_DELAY_MS = 400;

export function ListFilters({ filter, pending, onChange }: ListFiltersProps) {
  const [text, setText] = useState(filter.q);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setText(filter.q), [filter.q]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function typed(value: string) {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value.trim() !== filter.q) onChange({ q: value.trim() });
    }, TEXT_DELAY_MS);
  }

  return (
    <form
      role="search"
      aria-label="Filter products"
      className="flex flex-wrap items-end gap-3"
      aria-busy={pending}
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        if (text.trim() !== filter.q) onChange({ q: text.trim() });
      }}
    >
      <div className="w-full sm:w-56">
        <label htmlFor="list-q" className="adm-label">
          Name or SKU
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-stone-muted" />
          <input id="list-q" type="search" className="adm-input w-full pl-8" value={text} maxLength={100} onChange={(e) => typed(e.target.value)} />
        </div>
      </div>
      <div>
        <label htmlFor="list-status" className="adm-label">
          Status
        </label>
        <select
          id="list-status"
          className="adm-input w-36"
          value={filter.status ?? ''}
          onChange={(e) => onChange({ status: (PRODUCT_STATUSES as readonly string[]).includes(e.target.value) ? (e.target.value as ProductStatus) : null })}
        >
          <option value="">All statuses</option>
          {PRODUCT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PRODUCT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="list-material" className="adm-label">
          Material
        </label>
        <select
          id="list-material"
          className="adm-input w-36"
          value={filter.material ?? ''}
          onChange={(e) => onChange({ material: (MATERIALS as readonly string[]).includes(e.target.value) ? (e.target.value as Material) : null })}
        >
          <option value="">All materials</option>
          {MATERIALS.map((m) => (
            <option key={m} value={m}>
              {materialLabel(m)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex h-9 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-ink" checked={filter.isNew} onChange={(e) => onChange({ isNew: e.target.checked })} />
        New only
      </label>
      <label className="flex h-9 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-ink" checked={filter.isMens} onChange={(e) => onChange({ isMens: e.target.checked })} />
        Men&apos;s only
      </label>
      {pending && (
        <p role="status" className="flex h-9 items-center gap-1.5 text-sm text-stone-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading products…
        </p>
      )}
    </form>
  );
}
