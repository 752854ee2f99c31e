'use client';
import { useId } from 'react';
import type { PurchaseOption } from '@/lib/purchase/selection';

interface OptionGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T | null;
  options: PurchaseOption<T>[];
  onChange(value: T): void;
  hint?: string;
  /** Small square chips (sizes) instead of wide pills. */
  compact?: boolean;
}

/** A radio group drawn as chips: native radios keep arrow-key navigation and screen-reader semantics. */
export function OptionGroup<T extends string>({ legend, name, value, options, onChange, hint, compact }: OptionGroupProps<T>) {
  const groupName = `${name}-${useId()}`;
  const hintId = `${groupName}-hint`;
  return (
    <fieldset className="opt-group" aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      <div className="opt-list">
        {options.map((option) => (
          <label key={option.value} className={`relative ${option.disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
            <input
              type="radio"
              name={groupName}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="peer opt-radio"
            />
            <span className={`opt-chip ${compact ? 'opt-chip-compact' : 'opt-chip-wide'}`}
            >
              <span className="font-medium">{option.label}</span>
              {option.detail && <span className="text-xs opacity-80">{option.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="opt-hint">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
