'use client';
import { useId, type ReactNode } from 'react';
import { isSearchQuery, SEARCH_SORTS, SORT_LABELS, SORTS, type AnyListingQuery } from '@/lib/catalog/listing-params';
import { useListingControlFocus } from './listing-focus';
import { useListingNavigation } from './use-listing-navigation';

/** Sort by Newest (the select's chevron drawn by the server) or by the 'From' price (search results also by relevance); kept in the URL as ?sort=. */
export function SortSelect({ basePath, query, icon }: { basePath: string; query: AnyListingQuery; icon: ReactNode }) {
  const { go, pending, query: shown } = useListingNavigation(basePath, query);
  const id = useId();
  const control = useListingControlFocus(false);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-stone-muted">
        Sort by
      </label>
      <div className="relative">
        <select
          id={id}
          ref={control('sort')}
          value={shown.sort}
          aria-busy={pending}
          onChange={(e) => go({ sort: e.target.value as AnyListingQuery['sort'] }, { id: 'sort', inDrawer: false })}
          className="h-10 appearance-none rounded-sm border border-stone-line bg-ivory py-0 pl-3 pr-9 text-sm text-ink hover:border-stone-muted"
        >
          {(isSearchQuery(query) ? SEARCH_SORTS : SORTS).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        {icon}
      </div>
    </div>
  );
}
