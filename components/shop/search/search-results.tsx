import { Search } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { getSearchOutcome } from '@/lib/catalog/search';
import type { ListingOutcome } from '@/lib/catalog/listing';
import { priceCards } from '@/lib/purchase/page-prices';
import type { PriceView } from '@/lib/purchase/price-view';
import { resultsForLabel, SEARCH_TEXT } from '@/lib/catalog/listing-labels';
import { SEARCH_MAX_LENGTH } from '@/lib/catalog/search-query';
import type { SearchView } from '@/lib/catalog/search-state';
import { invalidSearchMessage } from '@/lib/catalog/search-messages';
import { ListingHeading, ListingView } from '../listing/listing-view';

/** A GET form, so the page works before (and without) any script. */
function SearchForm({ q }: { q: string }) {
  return (
    <form role="search" action="/search" className="mx-auto mt-8 flex max-w-xl items-center gap-3 border-b border-ink/70 pb-2 focus-within:border-gold-dark">
      <Icon node={Search} aria-hidden className="size-5 shrink-0 text-stone-muted" />
      <label htmlFor="search-page-input" className="sr-only">
        {SEARCH_TEXT.heading}
      </label>
      <input
        id="search-page-input"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        placeholder={SEARCH_TEXT.placeholder}
        className="w-full bg-transparent py-2 text-lg text-ink placeholder:text-stone-muted focus:outline-none"
      />
      <button type="submit" className="btn-primary h-10 shrink-0 rounded-sm px-5">
        Search
      </button>
    </form>
  );
}

/** /search?q=: every match, 20 a page, with the listing's material filter, sort and pagination. */
export async function SearchResults({ view, prices }: { view: SearchView; prices: PriceView | null }) {
  if (view.kind !== 'results') {
    return (
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <ListingHeading title={SEARCH_TEXT.pageTitle} />
        <SearchForm q="" />
        <p role={view.kind === 'invalid' ? 'alert' : undefined} className="py-16 text-center text-sm text-stone-muted">
          {view.kind === 'invalid' ? invalidSearchMessage(view.code) : SEARCH_TEXT.prompt}
        </p>
      </div>
    );
  }
  const { query } = view;
  const found = await getSearchOutcome(query);
  const outcome: ListingOutcome = found.ok ? { ok: true, page: { ...found.page, items: await priceCards(prices, found.page.items) } } : found;
  return (
    <ListingView
      title={SEARCH_TEXT.pageTitle}
      subtitle={resultsForLabel(query.q)}
      basePath="/search"
      query={query}
      outcome={outcome}
      intro={<SearchForm q={query.q} />}
    />
  );
}
