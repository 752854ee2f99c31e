'use client';
import { useId, useState } from 'react';
import { canDecrement, decrementQuantity, incrementQuantity, quantityFromInput } from '@/lib/purchase/quantity';
import { allowedQuantity, quantityProblem, roundedNote, smallestQuantity, stepDown, stepUp } from '@/lib/purchase/pack-size';
import type { QuantityIcons } from './quantity-icons';

interface QuantityInputProps {
  value: number;
  moq: number;
  /** Sold in multiples of this (default 1): the buttons step by a pack, a typed value is rounded up on leaving. */
  packSize?: number;
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
export function QuantityInput({ value, moq, packSize = 1, onChange, label = 'Quantity', showLabel = false, size = 'md', icons }: QuantityInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const rule = { moq, pack_size: packSize };
  const packs = packSize > 1;
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
          disabled={packs ? value <= smallestQuantity(rule) : !canDecrement(value, moq)}
          onClick={() => step(packs ? stepDown(value, rule) : decrementQuantity(value, moq))}
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
              const allowed = allowedQuantity(Number(typed), rule);
              if (allowed !== value) onChange(allowed);
              setNote(roundedNote(Number(typed), rule));
            }
            setDraft(null);
          }}
          onChange={(event) => {
            const raw = event.target.value;
            setDraft(raw);
            setNote(null);
            const next = quantityFromInput(raw, moq, value);
            // In packs, only a quantity of whole packs takes effect while typing; the rest is rounded up on leaving.
            if (next !== value && (!packs || quantityProblem(next, rule) === null)) onChange(next);
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
          onClick={() => step(packs ? stepUp(value, rule) : incrementQuantity(value, moq))}
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
