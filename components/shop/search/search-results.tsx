import { Search } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { getSearchOutcome } from '@/lib/catalog/search';
import { resultsForLabel, SEARCH_TEXT } from '@/lib/catalog/listing-labels';
import type { SearchQuery } from '@/lib/catalog/listing-params';
import { SEARCH_MAX_LENGTH } from '@/lib/catalog/search-query';
import { text } from '@/lib/core/validation/text';
import { ListingHeading, ListingView } from '../listing/listing-view';

const searchText = text({ max: SEARCH_MAX_LENGTH, label: 'Search' });

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
      <button type="submit" className="h-10 shrink-0 rounded-sm bg-ink px-5 text-sm font-medium text-ivory hover:bg-gold-dark">
        Search
      </button>
    </form>
  );
}

/** /search?q=: every match, 20 a page, with the listing's material filter, sort and pagination. */
export async function SearchResults({ query }: { query: SearchQuery }) {
  const parsed = searchText.safeParse(query.q);
  const q = parsed.success ? parsed.data : '';
  if (!parsed.success || !q) {
    return (
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <ListingHeading title={SEARCH_TEXT.pageTitle} />
        <SearchForm q={parsed.success ? q : ''} />
        <p role={parsed.success ? undefined : 'alert'} className="py-16 text-center text-sm text-stone-muted">
          {parsed.success ? SEARCH_TEXT.prompt : parsed.error.issues[0]?.message}
        </p>
      </div>
    );
  }
  const normalized: SearchQuery = { ...query, q };
  const outcome = await getSearchOutcome(normalized);
  return (
    <ListingView
      title={SEARCH_TEXT.pageTitle}
      subtitle={resultsForLabel(q)}
      basePath="/search"
      query={normalized}
      outcome={outcome}
      intro={<SearchForm q={q} />}
    />
  );
}
