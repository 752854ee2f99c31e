// What the home page shows: staff's storefront choices (the Storefront screen) where set, today's choice (the
// newest product's image) where not. Pure and client-safe; the admin screen uses the same defaults and link rule.
import { CATEGORIES, type Category } from './categories';
import type { ProductSummary } from './types';

/** What the home page says and links to when a field is left empty. */
export const HOME_DEFAULTS = {
  heroHeading: 'Handcrafted jewelry for the shops that love it',
  heroLink: '/products',
  heroLinkLabel: 'Shop the Collection',
  heroAlt: 'A necklace from our current collection',
} as const;

export const HERO_LINK_MAX = 300;

/**
 * A path on this shop: one leading '/', then URL characters only (no spaces, backslashes or control characters), so
 * 'javascript:…', 'https://…', '//host' and '/\host' are all refused.
 */
export function isInternalPath(value: string): boolean {
  return value.length <= HERO_LINK_MAX && /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/.test(value);
}

/** The storefront as stored: empty strings and missing tiles mean "not set". */
export interface StorefrontChoice {
  heroImageUrl: string | null;
  heroAlt: string;
  heroHeading: string;
  heroLink: string;
  heroLinkLabel: string;
  tileImages: Partial<Record<Category, string>>;
  /** Active featured products, in their order. */
  featured: ProductSummary[];
}

export const EMPTY_STOREFRONT: StorefrontChoice = {
  heroImageUrl: null,
  heroAlt: '',
  heroHeading: '',
  heroLink: '',
  heroLinkLabel: '',
  tileImages: {},
  featured: [],
};

/** Newest product image per category (and of the men's pieces). */
export type Covers = Partial<Record<Category | 'mens', string>>;

export interface HomeView {
  hero: { imageUrl: string | null; alt: string; heading: string; link: string; linkLabel: string; sideImageUrl: string | null };
  tiles: Covers;
  featured: ProductSummary[];
}

export function homeView(choice: StorefrontChoice, covers: Covers): HomeView {
  const chosen = choice.heroImageUrl !== null;
  const tiles: Covers = { ...covers };
  for (const c of CATEGORIES) if (choice.tileImages[c]) tiles[c] = choice.tileImages[c];
  return {
    hero: {
      imageUrl: choice.heroImageUrl ?? covers.necklaces ?? covers.rings ?? null,
      // A chosen image is described by staff (or, left empty, by the heading); the fallback keeps today's words.
      alt: choice.heroAlt || (chosen ? choice.heroHeading || HOME_DEFAULTS.heroHeading : HOME_DEFAULTS.heroAlt),
      heading: choice.heroHeading || HOME_DEFAULTS.heroHeading,
      link: choice.heroLink && isInternalPath(choice.heroLink) ? choice.heroLink : HOME_DEFAULTS.heroLink,
      linkLabel: choice.heroLinkLabel || HOME_DEFAULTS.heroLinkLabel,
      sideImageUrl: covers.rings ?? covers.earrings ?? null,
    },
    tiles,
    featured: choice.featured,
  };
}
