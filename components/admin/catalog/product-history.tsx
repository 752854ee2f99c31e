'use client';
// The product's history in its modal: who changed what and when, newest first, a few at a time.
import { useState } from 'react';
import { toast } from '@/components/ui/toaster';
import { loadProductHistory } from '@/lib/admin/catalog/actions';
import type { ProductHistoryPage } from '@/lib/admin/catalog/history';
import type { Category } from '@/lib/catalog/categories';

interface ProductHistoryProps {
  category: Category;
  productId: string;
  initial: ProductHistoryPage;
}

export function ProductHistory({ category, productId, initial }: ProductHistoryProps) {
  const [page, setPage] = useState(initial);
  const [loading, setLoading] = useState(false);

  async function more() {
    if (page.nextBefore === null || loading) return;
    setLoading(true);
    try {
      const result = await loadProductHistory({ category, productId, before: page.nextBefore });
      if (result.ok) setPage((p) => ({ entries: [...p.entries, ...result.data.entries], nextBefore: result.data.nextBefore }));
      else toast.error('Failed to load the product history', { description: result.error });
    } catch {
      toast.error('Failed to load the product history', { description: 'The request did not reach the server. Please try again.' });
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-labelledby="product-history-heading" className="rounded-md border border-neutral-200 p-4" data-testid="product-history">
      <h3 id="product-history-heading" className="text-sm font-semibold text-ink">
        History
      </h3>
      {page.entries.length === 0 ? (
        <p className="mt-2 text-sm text-stone-muted">No changes recorded yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-neutral-100" aria-live="polite">
          {page.entries.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium text-ink">{entry.title}</span>
                <span className="text-xs text-stone-muted">
                  {entry.at} · {entry.who}
                  {entry.note && ` · ${entry.note}`}
                </span>
              </p>
              {entry.changes.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-xs text-ink-soft">
                  {entry.changes.map((c) => (
                    <li key={c.field} className="break-words">
                      <span className="text-stone-muted">{c.field}:</span> {c.before} <span aria-label="changed to">→</span> {c.after}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {page.nextBefore !== null && (
        <button type="button" className="adm-btn mt-2 h-8 text-xs" onClick={more} disabled={loading}>
          {loading ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  );
}
