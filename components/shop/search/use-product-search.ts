'use client';
import { useEffect, useState } from 'react';
import type { ProductSummary } from '@/lib/catalog/types';

/** A search runs 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; results: ProductSummary[]; total: number; capped: boolean }
  | { status: 'error'; message: string };

/** Debounced calls to /api/search; blank input (after trimming) is ignored and resets to idle. */
export function useProductSearch(query: string): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const q = query.trim();

  useEffect(() => {
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => (s.status === 'done' ? s : { status: 'loading' }));
      try {
        const res = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal: controller.signal });
        const body = (await res.json().catch(() => null)) as
          | { results: ProductSummary[]; total: number; capped?: boolean; message?: string; error?: string }
          | null;
        if (!res.ok || !body) throw new Error(body?.message ?? body?.error ?? `Search failed (${res.status})`);
        setState({ status: 'done', results: body.results, total: body.total, capped: body.capped === true });
      } catch (err) {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  return state;
}
