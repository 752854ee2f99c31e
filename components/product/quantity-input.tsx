'use client';
import { useId, useState } from 'react';
import { roundedNote, roundUp, stepDown, stepUp, type Steps } from '@/lib/purchase/steps';
import type { QuantityIcons } from './quantity-icons';

interface QuantityInputProps {
  value: number;
  /** The smallest quantity (the MOQ in whole packs) and the pack (stepsOf): the buttons step by a pack, and a typed
   * value that is not whole packs is rounded up on leaving the field. */
  steps: Steps;
  onChange(quantity: number): void;
  /** Accessible name of the field; defaults to "Quantity". */
  label?: string;
  /** Show the visible "Quantity" label above the control. */
  showLabel?: boolean;
  size?: 'md' | 'sm';
  /** The − and + icons (quantityIcons()). */
  icons: QuantityIcons;
}

/**
 * Quantity with − and + buttons. Typed values below the MOQ are ignored, an empty field means the MOQ, and − stops
 * at the MOQ. While typing, the field keeps exactly what was typed; on leaving it shows the quantity in force. A
 * product sold in packs steps by a pack, and a typed quantity that is not whole packs is rounded up on leaving the
 * field, with a note saying so.
 */
export function QuantityInput({ value, steps, onChange, label = 'Quantity', showLabel = false, size = 'md', icons }: QuantityInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const packs = steps.pack > 1;
  const step = (next: number) => {
    setDraft(null);
    setNote(null);
    onChange(next);
  };

  return (
    <div>
      {showLabel && (
        <label htmlFor={id} className="mb-2 block text-sm font-medium">
          Quantity
        </label>
      )}
      <div className={size === 'sm' ? 'qty qty-sm' : 'qty'}>
        <button
          type="button"
          className="qty-btn"
          aria-label="Decrease quantity"
          aria-controls={id}
          disabled={value <= steps.min}
          onClick={() => step(stepDown(value, steps))}
        >
          {icons.minus}
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          aria-label={showLabel ? undefined : label}
          className="qty-input"
          value={draft ?? String(value)}
          onFocus={() => setDraft(String(value))}
          onBlur={() => {
            const typed = draft?.trim() ?? '';
            if (packs && /^\d+$/.test(typed)) {
              const allowed = roundUp(Number(typed), steps);
              if (allowed !== value) onChange(allowed);
              setNote(roundedNote(Number(typed), steps));
            }
            setDraft(null);
          }}
          onChange={(event) => {
            const raw = event.target.value;
            setDraft(raw);
            setNote(null);
            // Empty means the smallest quantity; only whole packs at or above it take effect while typing (anything
            // else is ignored, or in packs rounded up on leaving).
            const text = raw.trim();
            const next = text === '' ? steps.min : /^\d{1,9}$/.test(text) ? Number(text) : value;
            if (next !== value && next >= steps.min && next % steps.pack === 0) onChange(next);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
        <button
          type="button"
          className="qty-btn"
          aria-label="Increase quantity"
          aria-controls={id}
          onClick={() => step(stepUp(value, steps))}
        >
          {icons.plus}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-0 text-xs text-stone-muted empty:hidden">
        {note}
      </p>
    </div>
  );
}
