import 'server-only';
// The home page's data: staff's storefront choices (hero, tile images, featured products) over today's choice, the
// newest images (loadHomeShowcase). Read as anon and cached under the catalog tag, which a storefront save and every
// product write revalidate.
import { unstable_cache } from 'next/cache';
import { asAnon, type DbRow, type Tx } from '../core/db';
import { CATALOG_TAG } from '../core/cache/tags';
import { isCategory, type Category } from './categories';
import { EMPTY_STOREFRONT, homeView, type HomeView, type StorefrontChoice } from './home-rules';
import { loadHomeShowcase } from './listing';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';
import type { ProductSummary } from './types';

type SettingsRow = DbRow<'storefront_settings', 'hero_image_url' | 'hero_alt' | 'hero_heading' | 'hero_link' | 'hero_link_label'> & {
  tile_images: Record<string, unknown>;
};

/** The featured products shoppers may see (active ones), in their order; a deleted product has no row to join. */
export async function featuredSummaries(tx: Tx): Promise<ProductSummary[]> {
  const cols = tx.unsafe(SUMMARY_COLUMNS.split(', ').map((c) => `c.${c}`).join(', '));
  const rows = await tx<SummaryRow[]>`
    select ${cols} from public.featured_products f
      join public.catalog_products c on c.category = f.category and c.id = f.product_id
     where c.status = 'active'
     order by f.position`;
  return rows.map(toSummary);
}

export async function readStorefront(tx: Tx): Promise<StorefrontChoice> {
  const [row] = await tx<SettingsRow[]>`
    select hero_image_url, hero_alt, hero_heading, hero_link, hero_link_label, tile_images from public.storefront_settings`;
  if (!row) return EMPTY_STOREFRONT;
  const tileImages: Partial<Record<Category, string>> = {};
  for (const [key, value] of Object.entries(row.tile_images ?? {})) if (isCategory(key) && typeof value === 'string') tileImages[key] = value;
  return {
    heroImageUrl: row.hero_image_url,
    heroAlt: row.hero_alt,
    heroHeading: row.hero_heading,
    heroLink: row.hero_link,
    heroLinkLabel: row.hero_link_label,
    tileImages,
    featured: await featuredSummaries(tx),
  };
}

export interface HomeData extends HomeView {
  newArrivals: ProductSummary[];
}

export async function loadHome(): Promise<HomeData> {
  const [showcase, choice] = await Promise.all([loadHomeShowcase(), asAnon(readStorefront)]);
  return { ...homeView(choice, showcase.covers), newArrivals: showcase.newArrivals };
}

export const getHome = unstable_cache(loadHome, ['home-v2'], { tags: [CATALOG_TAG], revalidate: 300 });
