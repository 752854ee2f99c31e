'use client';
// The header's search: a combobox (arrow keys, Enter, Escape) over the results of /api/admin/search, grouped by kind
// (Products, Orders, Customers); Ctrl or Cmd + / focuses it from anywhere. With an empty box it offers the last 5
// searches. Choosing a product hands it to its category screen ('admin_edit_product'), which opens its edit modal; an
// order opens its row on the orders screen, a customer their page.
import { History, Loader2, Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { customerHref } from '@/lib/admin/customers/params';
import { orderRowHref } from '@/lib/admin/orders/params';
import {
  categoryScreenPath,
  EDIT_HANDOFF_KEY,
  makeHandoff,
  NO_ORDERS_OR_CUSTOMERS,
  noResultsMessage,
  parseHistory,
  rememberSearch,
  resultCount,
  SEARCH_HISTORY_KEY,
  SEARCH_KIND_LABELS,
  type SearchKind,
} from '@/lib/admin/search/rules';
import { ResultBody, type ResultOption } from './search-result';
import { useAdminSearch } from './use-admin-search';

type Option = ResultOption | { kind: 'history'; query: string };

const optionKey = (o: ResultOption) => (o.kind === 'customers' ? o.result.key : o.result.id);

/** 'products, orders and customers' counts for screen readers. */
function countsMessage(o: { products: number; orders: number; customers: number }): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${part(o.products, 'product', 'products')}, ${part(o.orders, 'order', 'orders')}, ${part(o.customers, 'customer', 'customers')} found`;
}

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
    const { products, orders, customers } = search.results;
    return [
      ...products.map((result) => ({ kind: 'products' as const, result })),
      ...orders.map((result) => ({ kind: 'orders' as const, result })),
      ...customers.map((result) => ({ kind: 'customers' as const, result })),
    ];
  }, [showHistory, history, search]);

  useEffect(() => setActive(-1), [options]);

  function choose(option: Option) {
    if (option.kind === 'history') {
      setQuery(option.query);
      inputRef.current?.focus();
      return;
    }
    const next = rememberSearch(history, query);
    try {
      localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
      if (option.kind === 'products') localStorage.setItem(EDIT_HANDOFF_KEY, JSON.stringify(makeHandoff(option.result)));
    } catch {
      // Storage full or disabled: the screen still opens.
    }
    setHistory(next);
    setOpen(false);
    setQuery('');
    router.push(
      option.kind === 'products'
        ? categoryScreenPath(option.result.category)
        : option.kind === 'orders'
          ? orderRowHref(option.result.id)
          : customerHref(option.result.key),
    );
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
  // Results grouped by kind, in the order of `options` (so the arrow keys walk them as they are shown).
  const groups = new Map<SearchKind, { index: number; option: ResultOption }[]>();
  options.forEach((o, index) => {
    if (o.kind === 'history') return;
    const list = groups.get(o.kind) ?? [];
    list.push({ index, option: o });
    groups.set(o.kind, list);
  });
  const counts =
    search.status === 'done' && !showHistory
      ? { products: search.results.products.length, orders: search.results.orders.length, customers: search.results.customers.length }
      : null;

  return (
    <div ref={boxRef} className="relative w-full max-w-md">
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products, orders and customers
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
        placeholder="Search products, orders, customers…"
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
      <p className="sr-only" aria-live="polite">
        {counts ? countsMessage(counts) : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={showHistory ? 'Recent searches' : 'Search results'}
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
        {!showHistory && search.status === 'done' && resultCount(search.results) === 0 && (
          <p className="px-3 py-2 text-sm text-stone-muted">
            {noResultsMessage(search.query)} {NO_ORDERS_OR_CUSTOMERS}
          </p>
        )}
        {[...groups].map(([kind, hits]) => (
          <div key={kind} role="group" aria-label={SEARCH_KIND_LABELS[kind]}>
            <p aria-hidden className="px-3 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-stone-muted">
              {SEARCH_KIND_LABELS[kind]}
            </p>
            {hits.map(({ index, option }) => (
              <div
                key={optionKey(option)}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-1.5 ${index === active ? 'bg-neutral-100' : 'hover:bg-neutral-50'}`}
              >
                <ResultBody option={option} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

