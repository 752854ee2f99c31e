'use client';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClass } from '@/components/ui/field';
import { QUICK_ORDER_SUGGEST_PATH } from '@/lib/quick-order/schema';
import type { SkuSuggestion } from '@/lib/quick-order/suggest';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 150;

interface SkuComboboxProps {
  value: string;
  label: string;
  invalid: boolean;
  describedBy?: string;
  onChange(value: string): void;
  /** A SKU was settled: picked from the list, or the field was left or Enter pressed with a changed value. */
  onCommit(sku: string): void;
  /** Enter with the list closed: the grid adds a row. */
  onEnter(): void;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * The SKU field: an ARIA combobox whose list offers SKUs starting with what was typed, then names, from two
 * characters, 150 ms after the last key. Arrow keys move through the list, Enter picks, Escape closes.
 */
export function SkuCombobox({ value, label, invalid, describedBy, onChange, onCommit, onEnter, inputRef }: SkuComboboxProps) {
  const listId = useId();
  const [options, setOptions] = useState<SkuSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const committed = useRef(value);

  useEffect(() => {
    const q = value.trim();
    if (!typed.current || q.length < MIN_CHARS) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${QUICK_ORDER_SUGGEST_PATH}?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ suggestions: SkuSuggestion[] }>) : { suggestions: [] }))
        .then(({ suggestions }) => {
          // The SKU was settled while the answer was on its way.
          if (!typed.current) return;
          setOptions(suggestions);
          setActive(-1);
          setOpen(suggestions.length > 0);
        })
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const commit = (sku: string) => {
    typed.current = false;
    setOpen(false);
    setOptions([]);
    if (sku.trim() !== committed.current.trim()) {
      committed.current = sku;
      onCommit(sku);
    }
  };

  const pick = (option: SkuSuggestion) => {
    onChange(option.sku);
    commit(option.sku);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = open && active >= 0 ? options[active] : undefined;
      if (option) pick(option);
      else {
        commit(value);
        onEnter();
      }
    }
  };

  const expanded = open && options.length > 0;
  return (
    <div className="relative">
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        placeholder="SKU or name"
        value={value}
        maxLength={64}
        onChange={(event) => {
          typed.current = true;
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(value)}
        className={`${inputClass} h-10 font-mono text-sm uppercase placeholder:normal-case placeholder:font-sans ${invalid ? 'border-red-700' : 'border-stone-line'}`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 min-w-64 overflow-auto rounded-md border border-stone-line bg-white py-1 shadow-lg"
      >
        {options.map((option, i) => (
          <li
            key={option.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Chosen on mouse down, before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-ivory-deep' : 'hover:bg-ivory'}`}
          >
            <span className="block font-mono text-xs text-ink">{option.sku}</span>
            <span className="block truncate text-ink-soft">{option.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
