// What each listing route shows: scope, public path, title, subtitle and meta description. Pure (categoryListing is
// memoised per request).
import { cache } from 'react';
import type { ListingScope } from './listing';
import { LISTING_TEXT } from './listing-labels';
import { categorySubtitle, categoryTitle, InvalidCategoryError, LISTING_SLUGS, resolveCategorySlug } from './slugs';

export interface ListingSpec {
  scope: ListingScope;
  /** The public path the filter, sort and page links build on. */
  basePath: string;
  title: string;
  subtitle: string;
  description: string;
  /** Unknown categories show their error but are not indexed. */
  noindex?: boolean;
}

export const ALL_PRODUCTS: ListingSpec = {
  scope: { kind: 'all' },
  basePath: '/products',
  title: LISTING_TEXT.allTitle,
  subtitle: LISTING_TEXT.allSubtitle,
  description:
    'Shop our full wholesale catalog of rings, necklaces, bracelets, earrings and body jewelry in silver, gold and rose gold.',
};

export const NEW_ARRIVALS: ListingSpec = {
  scope: { kind: 'new' },
  basePath: '/new-arrivals',
  title: LISTING_TEXT.newTitle,
  subtitle: LISTING_TEXT.newSubtitle,
  description: 'The newest wholesale rings, necklaces, bracelets and earrings from our workshop.',
};

export const MENS_JEWELRY: ListingSpec = {
  scope: { kind: 'mens' },
  basePath: '/mens-jewelry',
  title: LISTING_TEXT.mensTitle,
  subtitle: LISTING_TEXT.mensSubtitle,
  description: "Wholesale men's rings, chains and bracelets in silver, gold and rose gold.",
};

export function categorySpec(slug: string): ListingSpec {
  return {
    scope: { kind: 'category', slug },
    basePath: `/category/${encodeURIComponent(slug)}`,
    title: categoryTitle(slug),
    subtitle: categorySubtitle(slug),
    description: `${categorySubtitle(slug)}: wholesale ${slug.replace(/-/g, ' ')} in silver, gold and rose gold, made by hand since 2003.`,
    noindex: !(LISTING_SLUGS as readonly string[]).includes(slug),
  };
}

/**
 * A `/category/{slug}` route parameter, decoded: the listing it names, with 'Invalid table … for category …' when
 * there is no such category (shown under its heading, never cached), or null when it cannot even be decoded.
 * Memoised per request: the category's two layouts, its metadata and its page all ask.
 */
export const categoryListing = cache((raw: string): { spec: ListingSpec; invalid?: string } | null => {
  let slug: string;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    return null;
  }
  try {
    resolveCategorySlug(slug);
    return { spec: categorySpec(slug) };
  } catch (err) {
    return err instanceof InvalidCategoryError ? { spec: categorySpec(slug), invalid: err.message } : null;
  }
});
