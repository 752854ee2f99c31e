// The storefront screen's rules and words: limits, the hero link's shape, and the messages shown for each refusal.
// Pure and client-safe: the form checks with them first, the server action again.
import { CATEGORIES, type Category } from '../../catalog/categories';
import { HERO_LINK_MAX } from '../../catalog/home-rules';

export const FEATURED_MAX = 12;

export const STOREFRONT_LIMITS = {
  heroHeading: 120,
  heroAlt: 200,
  heroLink: HERO_LINK_MAX,
  heroLinkLabel: 40,
  imageUrl: 2048,
} as const;

export const STOREFRONT_LABELS = {
  heroImage: 'Hero image',
  heroAlt: 'Image description',
  heroHeading: 'Heading',
  heroLink: 'Link',
  heroLinkLabel: 'Link text',
  featured: 'Featured products',
} as const;

export const STOREFRONT_TEXT = {
  saved: 'Storefront saved',
  failed: 'Failed to save storefront',
  tooMany: `Choose at most ${FEATURED_MAX} featured products`,
  duplicate: 'A product is featured twice',
  unknownProduct: 'A featured product no longer exists; remove it and save again',
  badLink: 'The link must be a page of this shop, starting with / (for example /category/rings)',
  notInBucket: 'Images must be uploaded here (files of the product images bucket)',
  notShown: 'Not shown: the product is not active',
} as const;

/** A path on this shop ('/…'): the home page's own rule (lib/catalog/home-rules.ts). */
export { HOME_DEFAULTS, isInternalPath } from '../../catalog/home-rules';

export interface FeaturedRef {
  category: Category;
  id: string;
}

/** The five category tiles the screen gives an image to, in the home page's order. */
export const TILE_CATEGORIES: readonly Category[] = CATEGORIES;

/** Positions 1…n for the featured list as ordered, and whether a product appears twice. */
export function featuredRows(list: readonly FeaturedRef[]): { position: number; category: Category; id: string }[] {
  return list.map((p, i) => ({ position: i + 1, category: p.category, id: p.id.toLowerCase() }));
}

export function hasDuplicates(list: readonly FeaturedRef[]): boolean {
  return new Set(list.map((p) => `${p.category}:${p.id.toLowerCase()}`)).size !== list.length;
}
