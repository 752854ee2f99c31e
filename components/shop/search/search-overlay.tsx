'use client';
import { LoaderCircle, Search } from 'lucide-react';
import { Dialog } from '@/components/ui/dialog';
import Link from '@/components/shop/shop-link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type RefObject } from 'react';
import { productPath } from '@/lib/catalog/categories';
import { foundLabel, fromPriceLabel, LISTING_TEXT, SEARCH_TEXT, searchPageHref, seeAllLabel, skuLabel } from '@/lib/catalog/listing-labels';
import { SEARCH_MAX_LENGTH } from '@/lib/catalog/search-query';
import { ProductImage } from '../listing/product-image';
import { useProductSearch } from './use-product-search';

interface SearchOverlayProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocus: RefObject<HTMLElement | null>;
}

/** The search overlay: closes by its button, a click on the backdrop or Escape, and gives focus back. */
export default function SearchOverlay({ open, onOpenChange, returnFocus }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const state = useProductSearch(query);
  const close = () => onOpenChange(false);
  const router = useRouter();

  return (
    <Dialog
      kind="overlay"
      open={open}
      onOpenChange={onOpenChange}
      title={SEARCH_TEXT.heading}
      closeLabel="Close search"
      initialFocus={input}
      returnFocus={returnFocus}
    >
      <form
        role="search"
        action="/search"
        className="px-5 sm:px-6"
        onSubmit={(e) => {
          // Enter opens every result on the search page.
          e.preventDefault();
          if (!query.trim()) return;
          close();
          router.push(searchPageHref(query));
        }}
      >
        <label htmlFor="site-search" className="sr-only">
          {SEARCH_TEXT.heading}
        </label>
        <div className="flex items-center gap-3 border-b border-ink/70 pb-2 focus-within:border-gold-dark">
          <Search aria-hidden className="size-5 shrink-0 text-stone-muted" />
          <input
            ref={input}
            id="site-search"
            name="q"
            type="search"
            value={query}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            placeholder={SEARCH_TEXT.placeholder}
            onChange={(e) => setQuery(e.target.value)}
            className="w-full bg-transparent py-2 text-lg text-ink placeholder:text-stone-muted focus:outline-none [&::-webkit-search-cancel-button]:appearance-none"
          />
          {state.status === 'loading' && <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-stone-muted" />}
        </div>
      </form>
      <div className="min-h-32 flex-1 overflow-y-auto px-5 pb-6 pt-4 sm:px-6" aria-live="polite">
        {state.status === 'idle' && <p className="py-8 text-center text-sm text-stone-muted">{SEARCH_TEXT.prompt}</p>}
        {state.status === 'loading' && <p className="py-8 text-center text-sm text-stone-muted">Searching...</p>}
        {state.status === 'error' && (
          <div role="alert" className="py-8 text-center">
            <p className="font-medium text-red-800">{LISTING_TEXT.error}</p>
            <p className="mt-1 text-sm text-stone-muted">{state.message}</p>
          </div>
        )}
        {state.status === 'done' && (
          <>
            <p className="pb-3 text-sm text-stone-muted">{foundLabel(state.total, state.capped)}</p>
            {state.results.length === 0 ? (
              <p className="py-6 text-center text-sm text-stone-muted">{LISTING_TEXT.emptyTitle}</p>
            ) : (
              <ul className="divide-y divide-stone-line border-t border-stone-line">
                {state.results.map((p) => (
                  <li key={p.id}>
                    <Link
                      href={productPath(p.category, p.id)}
                      scroll={false}
                      onClick={close}
                      className="group flex items-center gap-4 py-3 transition-colors hover:bg-ivory-deep/60"
                    >
                      <ProductImage src={p.image_url} alt={p.name} sizes="56px" widths="thumb" className="w-14 shrink-0" />
                      <span className="min-w-0 flex-1">
                        <span className="line-clamp-2 text-sm font-medium text-ink group-hover:text-gold-dark">
                          {p.name}
                        </span>
                        <span className="tabular block text-xs text-stone-muted">{skuLabel(p.sku)}</span>
                      </span>
                      {fromPriceLabel(p.price_from) && (
                        <span className="tabular shrink-0 text-sm text-ink">{fromPriceLabel(p.price_from)}</span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {state.total > state.results.length && (
              <Link
                href={searchPageHref(query)}
                onClick={close}
                className="btn-outline mt-4 flex rounded-sm"
              >
                {seeAllLabel(state.total, state.capped)}
              </Link>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
