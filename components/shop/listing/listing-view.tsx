import type { AnyListingQuery } from '@/lib/catalog/listing-params';
import { ChevronDown, SlidersHorizontal } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { MATERIALS, materialLabel } from '@/lib/catalog/categories';
import { LISTING_TEXT, showResultsLabel, showingLabel } from '@/lib/catalog/listing-labels';
import type { ListingOutcome } from '@/lib/catalog/listing';
import { ProductCard } from '../product-card';
import { toCardProduct } from './card-product';
import { CardIconSprite } from './card-icons';
import { FiltersDrawer } from './filters-drawer';
import { ListingControls } from './listing-controls';
import { ListingEmpty, ListingError } from './listing-states';
import { MaterialFilter, type MaterialOption } from './material-filter';
import { Pagination } from './pagination';
import { SortSelect } from './sort-select';

interface ListingViewProps {
  title: string;
  subtitle?: string;
  basePath: string;
  query: AnyListingQuery;
  outcome: ListingOutcome;
  /** Shown under the heading (the search page's form). */
  intro?: React.ReactNode;
}

const MATERIAL_OPTIONS: MaterialOption[] = MATERIALS.map((value) => ({ value, label: materialLabel(value) }));

export function ListingHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="border-b border-stone-line pb-8 pt-10 text-center sm:pt-14">
      <h1 className="font-serif text-4xl font-medium tracking-tight text-ink sm:text-5xl">{title}</h1>
      {subtitle && <p className="mx-auto mt-3 max-w-xl text-sm text-stone-muted sm:text-base">{subtitle}</p>}
    </header>
  );
}

/** A product listing: heading, material filter (sidebar or drawer), sort, 'Showing X-Y of N results', grid, pages. */
export function ListingView({ title, subtitle, basePath, query, outcome, intro }: ListingViewProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <ListingHeading title={title} subtitle={subtitle} />
      {intro}
      <div className="mt-8 lg:grid lg:grid-cols-[12rem_1fr] lg:gap-12">
        <aside aria-label="Filters" className="hidden lg:block">
          <div className="sticky top-28">
            <MaterialFilter query={query} materials={MATERIAL_OPTIONS} />
          </div>
        </aside>
        <section aria-label="Products">
          <CardIconSprite />
          <div className="mb-8 flex flex-wrap items-center gap-x-3 gap-y-4">
            <ListingControls basePath={basePath} query={query} />
            <FiltersDrawer
              active={query.materials.length}
              showResults={outcome.ok ? showResultsLabel(outcome.page.total, outcome.page.capped) : null}
              icon={<Icon node={SlidersHorizontal} aria-hidden className="size-4" />}
            >
              <MaterialFilter query={query} materials={MATERIAL_OPTIONS} inDrawer />
            </FiltersDrawer>
            {outcome.ok && outcome.page.items.length > 0 && (
              <p className="listing-idle tabular order-last w-full text-sm text-stone-muted sm:order-none sm:w-auto">
                {showingLabel(outcome.page.from, outcome.page.to, outcome.page.total, outcome.page.capped)}
              </p>
            )}
            {/* Shown while a filter or sort change is being rendered (ListingControls). */}
            <p role="status" className="listing-loading order-last w-full text-sm text-stone-muted sm:order-none sm:w-auto">
              {LISTING_TEXT.loading}
            </p>
            <div className="ml-auto">
              <SortSelect
                query={query}
                icon={<Icon node={ChevronDown} aria-hidden className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-stone-muted" />}
              />
            </div>
          </div>
          {!outcome.ok ? (
            <ListingError message={outcome.message} />
          ) : outcome.page.items.length === 0 ? (
            <ListingEmpty />
          ) : (
            <ul data-listing-busy className="grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 lg:grid-cols-4 lg:gap-x-6">
              {outcome.page.items.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={toCardProduct(product)} {...(i < 2 ? { priority: true } : {})} />
                </li>
              ))}
            </ul>
          )}
          {outcome.ok && (
            <Pagination basePath={basePath} query={query} pages={outcome.page.pages} totalPages={outcome.page.totalPages} />
          )}
        </section>
      </div>
    </div>
  );
}
