'use client';
// The bulk bar's ring sizes on the rings screen: a readable list ('5-9, 10'), read by the same rule as the product
// form and the CSV, then confirmed by the bar like its other changes.
import { useId, useState } from 'react';
import { bulkSizesField, type BulkRequest } from '@/lib/admin/catalog/bulk-rules';

export function BulkRingSizes({ onAsk }: { onAsk(request: BulkRequest, from: HTMLElement): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function askSizes(from: HTMLElement) {
    const parsed = bulkSizesField.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onAsk({ kind: 'sizes', sizes: parsed.data }, from);
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-end gap-1">
        <div>
          <label htmlFor={`${id}-sizes`} className="adm-label">
            Ring sizes
          </label>
          <input
            id={`${id}-sizes`}
            className="adm-input h-8 w-36"
            placeholder="e.g. 5-9, 10"
            value={text}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                askSizes(e.currentTarget);
              }
            }}
          />
        </div>
        <button type="button" className="adm-btn h-8 px-2.5" onClick={(e) => askSizes(e.currentTarget)}>
          Set ring sizes
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="adm-error max-w-md" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
