'use client';
import { useId, useState } from 'react';
import { canDecrement, decrementQuantity, incrementQuantity, quantityFromInput } from '@/lib/purchase/quantity';
import type { QuantityIcons } from './quantity-icons';

interface QuantityInputProps {
  value: number;
  moq: number;
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
 * at the MOQ. While typing, the field keeps exactly what was typed; on leaving it shows the quantity in force.
 */
export function QuantityInput({ value, moq, onChange, label = 'Quantity', showLabel = false, size = 'md', icons }: QuantityInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);

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
          disabled={!canDecrement(value, moq)}
          onClick={() => {
            setDraft(null);
            onChange(decrementQuantity(value, moq));
          }}
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
          onBlur={() => setDraft(null)}
          onChange={(event) => {
            const raw = event.target.value;
            setDraft(raw);
            const next = quantityFromInput(raw, moq, value);
            if (next !== value) onChange(next);
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
          onClick={() => {
            setDraft(null);
            onChange(incrementQuantity(value, moq));
          }}
        >
          {icons.plus}
        </button>
      </div>
    </div>
  );
}
