'use client';
import { useId } from 'react';

export interface OptionItem<T extends string> {
  value: T;
  label: string;
  /** Second line, e.g. the stone's name. */
  detail?: string | null;
  disabled?: boolean;
}

interface OptionGroupProps<T extends string> {
  legend: string;
  name: string;
  value: T | null;
  options: OptionItem<T>[];
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
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={`relative ${option.disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
            <input
              type="radio"
              name={groupName}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="peer sr-only scroll-mb-28 lg:scroll-mb-0"
            />
            <span
              className={`flex flex-col justify-center rounded-md border text-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-dark peer-checked:border-ink peer-checked:bg-ink peer-checked:text-ivory peer-disabled:border-dashed peer-disabled:bg-transparent peer-disabled:text-stone-muted peer-disabled:line-through border-stone-line bg-white hover:border-ink-soft ${
                compact ? 'tabular h-10 min-w-12 items-center px-3' : 'min-h-11 px-4 py-2'
              }`}
            >
              <span className="font-medium">{option.label}</span>
              {option.detail && <span className="text-xs opacity-80">{option.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="mt-2 text-xs text-stone-muted">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
