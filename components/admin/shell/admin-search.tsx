'use client';
// The header's product search: a combobox (arrow keys, Enter, Escape) over the results of /api/admin/search, grouped
// by category; Ctrl or Cmd + / focuses it from anywhere. With an empty box it offers the last 5 searches. Choosing a
// product hands it to its category screen ('admin_edit_product'), which opens its edit modal.
import { History, Loader2, Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CATEGORY_INFO, type Category } from '@/lib/catalog/categories';
import {
  categoryScreenPath,
  EDIT_HANDOFF_KEY,
  makeHandoff,
  noResultsMessage,
  parseHistory,
  rememberSearch,
  SEARCH_HISTORY_KEY,
  type AdminSearchResult,
} from '@/lib/admin/search/rules';
import { Thumb } from '../thumb';
import { useAdminSearch } from './use-admin-search';

type Option = { kind: 'result'; result: AdminSearchResult } | { kind: 'history'; query: string };

function readHistory(): string[] {
  try {
    return parseHistory(localStorage.getItem(SEARCH_HISTORY_KEY));
  } catch {
    return [];
  }
}

export function AdminSearch() {
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [history, setHistory] = useState<string[]>([]);
  const search = useAdminSearch(query);
  const showHistory = query.trim() === '' && history.length > 0;

  useEffect(() => setHistory(readHistory()), []);

  // Ctrl + / (Cmd + / on a Mac) focuses the box from anywhere in the back office.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === '/') {
        e.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const options: Option[] = useMemo(() => {
    if (showHistory) return history.map((q) => ({ kind: 'history' as const, query: q }));
    if (search.status !== 'done') return [];
    return search.results.map((result) => ({ kind: 'result' as const, result }));
  }, [showHistory, history, search]);

  useEffect(() => setActive(-1), [options]);

  function choose(option: Option) {
    if (option.kind === 'history') {
      setQuery(option.query);
      inputRef.current?.focus();
      return;
    }
    const { result } = option;
    const next = rememberSearch(history, query);
    try {
      localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
      localStorage.setItem(EDIT_HANDOFF_KEY, JSON.stringify(makeHandoff(result)));
    } catch {
      // Storage full or disabled: the category screen still opens.
    }
    setHistory(next);
    setOpen(false);
    setQuery('');
    router.push(categoryScreenPath(result.category));
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
    }
  }

  const expanded = open && (options.length > 0 || search.status !== 'idle');
  const optionId = (i: number) => `${listId}-o${i}`;
  // Results grouped by category, in the order the server ranked their first hit.
  const groups = new Map<Category, { index: number; result: AdminSearchResult }[]>();
  options.forEach((o, index) => {
    if (o.kind !== 'result') return;
    const list = groups.get(o.result.category) ?? [];
    list.push({ index, result: o.result });
    groups.set(o.result.category, list);
  });

  return (
    <div ref={boxRef} className="relative w-full max-w-md">
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-neutral-400" />
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="Control+/ Meta+/"
        placeholder="Search products…"
        value={query}
        maxLength={100}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="adm-input pl-8 pr-16"
      />
      <kbd aria-hidden className="pointer-events-none absolute right-2 top-1/2 hidden -translate-y-1/2 rounded border border-neutral-200 bg-neutral-50 px-1.5 text-[10px] text-stone-muted sm:block">
        Ctrl /
      </kbd>
      <div
        id={listId}
        role="listbox"
        aria-label={showHistory ? 'Recent searches' : 'Products'}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg"
      >
        {showHistory && (
          <div role="group" aria-label="Recent searches">
            <p aria-hidden className="px-3 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-stone-muted">
              Recent searches
            </p>
            {options.map((o, i) =>
              o.kind === 'history' ? (
                <div
                  key={o.query}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(o)}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${i === active ? 'bg-neutral-100' : ''}`}
                >
                  <History aria-hidden className="size-3.5 text-neutral-400" />
                  {o.query}
                </div>
              ) : null,
            )}
          </div>
        )}
        {!showHistory && search.status === 'loading' && (
          <p className="flex items-center gap-2 px-3 py-2 text-sm text-stone-muted" role="status">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Searching…
          </p>
        )}
        {!showHistory && search.status === 'error' && (
          <p className="px-3 py-2 text-sm text-red-800" role="alert">
            {search.message}
          </p>
        )}
        {!showHistory && search.status === 'done' && search.results.length === 0 && (
          <p className="px-3 py-2 text-sm text-stone-muted" role="status">
            {noResultsMessage(search.query)}
          </p>
        )}
        {[...groups].map(([category, hits]) => (
          <div key={category} role="group" aria-label={CATEGORY_INFO[category].label}>
            <p aria-hidden className="px-3 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-stone-muted">
              {CATEGORY_INFO[category].label}
            </p>
            {hits.map(({ index, result }) => (
              <div
                key={result.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose({ kind: 'result', result })}
                className={`flex cursor-pointer items-center gap-3 px-3 py-1.5 ${index === active ? 'bg-neutral-100' : 'hover:bg-neutral-50'}`}
              >
                <Thumb src={result.imageUrl} size={32} />
                <span className="min-w-0">
                  <span className="block truncate text-sm text-ink">{result.name}</span>
                  <span className="tabular block text-xs text-stone-muted">SKU: {result.sku ?? 'N/A'}</span>
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
