// Listing slug → which rows of which tables. Pure and client-safe.
import { CATEGORY_INFO, isCategory, type Category } from './categories';

/** One group of rows: a table, optionally narrowed by necklace type or a style flag. */
export interface SlugClause {
  category: Category;
  necklaceType?: 'Chain' | 'Pendant';
  flag?: 'is_bracelet' | 'is_necklace';
}

export interface CategorySlug {
  slug: string;
  /** 'Rings', 'Body Jewelry', 'Pendants'. */
  label: string;
  /** 'Rings Collection'. */
  title: string;
  subtitle: string;
  clauses: SlugClause[];
}

export class InvalidCategoryError extends Error {
  constructor(
    readonly table: string,
    readonly slug: string,
  ) {
    super(`Invalid table ${table} for category ${slug}`);
    this.name = 'InvalidCategoryError';
  }
}

/** The slugs the storefront links to, in menu order. */
export const LISTING_SLUGS = ['rings', 'necklaces', 'pendants', 'chains', 'bracelets', 'earrings', 'body-jewelry'] as const;

/** 'rings' → 'Rings'; 'body-jewelry' → 'Body Jewelry'; anything else keeps its spelling with the first letter capitalised. */
export function categoryLabel(slug: string): string {
  if (slug === 'body-jewelry') return 'Body Jewelry';
  return slug.charAt(0).toUpperCase() + slug.slice(1);
}

export function categoryTitle(slug: string): string {
  return `${categoryLabel(slug)} Collection`;
}

export function categorySubtitle(slug: string): string {
  return `Discover our exquisite collection of ${slug.replace(/-/g, ' ')} pieces`;
}

function clausesFor(slug: string): SlugClause[] {
  switch (slug) {
    case 'bracelets':
      return [{ category: 'bracelets' }, { category: 'necklaces', flag: 'is_bracelet' }];
    case 'necklaces':
      return [{ category: 'necklaces' }, { category: 'bracelets', flag: 'is_necklace' }];
    case 'chains':
      return [
        { category: 'necklaces', necklaceType: 'Chain' },
        { category: 'bracelets', flag: 'is_necklace' },
      ];
    case 'pendants':
      return [{ category: 'necklaces', necklaceType: 'Pendant' }];
    default: {
      const table = slug.replace(/-/g, '_');
      if (!isCategory(table)) throw new InvalidCategoryError(table, slug);
      return [{ category: table }];
    }
  }
}

/** Resolves a `/category/{slug}` slug, or throws InvalidCategoryError ('Invalid table … for category …'). */
export function resolveCategorySlug(slug: string): CategorySlug {
  return {
    slug,
    label: categoryLabel(slug),
    title: categoryTitle(slug),
    subtitle: categorySubtitle(slug),
    clauses: clausesFor(slug),
  };
}

/** A table's own listing page: `/category/body-jewelry` for body_jewelry. */
export function categoryListingPath(category: Category): string {
  return `/category/${CATEGORY_INFO[category].route}`;
}
