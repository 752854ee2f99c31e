import type { ReactNode } from 'react';
import { SEARCH_SORTS, SORT_LABELS, SORTS, type AnyListingQuery } from '@/lib/catalog/listing-params';
import { isSearchQuery } from '@/lib/catalog/listing-search';

/**
 * Sort by Newest or by the 'From' price (search results also by relevance); kept in the URL as ?sort=. Server HTML
 * with the chevron; ListingControls turns a change into the new URL.
 */
export function SortSelect({ query, icon }: { query: AnyListingQuery; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-2" data-listing-busy>
      <label htmlFor="listing-sort" className="whitespace-nowrap text-sm text-stone-muted">
        Sort by
      </label>
      <div className="relative">
        <select
          id="listing-sort"
          data-listing="sort"
          data-listing-id="sort"
          name="sort"
          autoComplete="off"
          defaultValue={query.sort}
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
