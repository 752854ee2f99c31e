'use client';
// The list view of a category screen: filters, the bulk bar, the table and its pages. Every view is a URL (sort,
// filters, page), read by the page on the server; what is ticked stays across pages until the filters change.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from '@/components/ui/toaster';
import { countMatchingProducts } from '@/lib/admin/catalog/actions';
import type { CategoryListData } from '@/lib/admin/catalog/list';
import { cappedListNote, filterOf, type ListFilter, type ListQuery } from '@/lib/admin/catalog/list-params';
import { SEARCH_COUNT_CAP } from '@/lib/catalog/search-query';
import type { Category } from '@/lib/catalog/categories';
import { AdminPagination } from '../pagination';
import { BulkBar } from './bulk-bar';
import { ListFilters } from './list-filters';
import { ProductTable } from './product-table';

interface ProductListProps {
  category: Category;
  data: CategoryListData;
  query: ListQuery;
  href(list: ListQuery): string;
  opening: string | null;
  onOpen(id: string, from: HTMLElement): void;
}

export function ProductList({ category, data, query, href, opening, onOpen }: ProductListProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Every product matching the filters is picked, this many: the list's count, or the exact count asked of the server
  // when the list's stopped at the cap ('1,000+'). Null when only the ticked rows are.
  const [allMatching, setAllMatching] = useState<number | null>(null);
  const [counting, setCounting] = useState(false);
  const current = { ...query, page: data.page };
  // Other filters, other products: the selection starts again (set during render, as React advises for derived
  // resets, so the text field keeps its focus while the list follows what is typed).
  const filterKey = JSON.stringify(filterOf(query));
  const [selectionFor, setSelectionFor] = useState(filterKey);
  if (selectionFor !== filterKey) {
    setSelectionFor(filterKey);
    setPicked(new Set());
    setAllMatching(null);
  }

  async function selectAll() {
    if (!data.capped) return setAllMatching(data.total);
    setCounting(true);
    const result = await countMatchingProducts({ category, filter: filterOf(query) }).catch(() => null);
    setCounting(false);
    if (result?.ok) setAllMatching(result.data.total);
    else toast.error(result?.error ?? 'Failed to count the matching products');
  }

  function filterBy(next: Partial<ListFilter>) {
    startTransition(() => router.replace(href({ ...current, ...next, page: 1 }), { scroll: false }));
  }

  function toggle(ids: string[], on: boolean) {
    setAllMatching(null);
    setPicked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  const pageSelected = data.rows.length > 0 && data.rows.every((r) => picked.has(r.id));
  return (
    <div className="space-y-3">
      <ListFilters filter={filterOf(query)} pending={pending} onChange={filterBy} />
      <BulkBar
        category={category}
        picked={[...picked]}
        allMatching={allMatching !== null}
        filter={filterOf(query)}
        total={allMatching ?? data.total}
        capped={data.capped}
        counting={counting}
        canSelectAll={pageSelected && (data.capped || data.total > picked.size)}
        onSelectAll={selectAll}
        onClear={() => {
          setAllMatching(null);
          setPicked(new Set());
        }}
        onDone={() => {
          setAllMatching(null);
          setPicked(new Set());
          router.refresh();
        }}
      />
      {data.rows.length === 0 ? (
        <div className="adm-panel adm-empty">No products match these filters</div>
      ) : (
        <ProductTable
          rows={data.rows}
          query={current}
          sortHref={(sort, dir) => href({ ...current, sort, dir, page: 1 })}
          selected={allMatching !== null ? new Set(data.rows.map((r) => r.id)) : picked}
          onToggle={(id, on) => toggle([id], on)}
          onTogglePage={(on) => toggle(data.rows.map((r) => r.id), on)}
          opening={opening}
          onOpen={onOpen}
        />
      )}
      <AdminPagination page={data.page} totalPages={data.totalPages} href={(page) => href({ ...current, page })} />
      {data.capped && <p className="adm-muted text-center text-sm">{cappedListNote(SEARCH_COUNT_CAP)}</p>}
    </div>
  );
}
