'use client';
import { useEffect, useState } from 'react';
import { ADMIN_SEARCH_DEBOUNCE_MS, isSearchable, type AdminSearchResults } from '@/lib/admin/search/rules';

export type AdminSearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; query: string; results: AdminSearchResults }
  | { status: 'error'; message: string };

/** /api/admin/search, 300 ms after the last keystroke, once the box holds at least 2 characters. */
export function useAdminSearch(query: string): AdminSearchState {
  const [state, setState] = useState<AdminSearchState>({ status: 'idle' });
  const q = query.trim();
  const searchable = isSearchable(q);

  useEffect(() => {
    if (!searchable) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: 'loading' });
      try {
        const res = await fetch(`/api/admin/search?q=${encodeURIComponent(q)}`, { signal: controller.signal });
        const body = (await res.json().catch(() => null)) as (Partial<AdminSearchResults> & { error?: string }) | null;
        if (!res.ok || !body?.products) throw new Error(body?.error ?? `Search failed (${res.status})`);
        setState({ status: 'done', query: q, results: { products: body.products, orders: body.orders ?? [], customers: body.customers ?? [] } });
      } catch (err) {
        if (!controller.signal.aborted) setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    }, ADMIN_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, searchable]);

  return state;
}
