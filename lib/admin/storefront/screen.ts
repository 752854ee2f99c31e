import 'server-only';
// The storefront screen's data, read as the admin: the settings row and every featured product with its status (a
// draft or archived one is listed, marked as not shown; a deleted one has no row).
import { withActor, type DbActor } from '../../core/db';
import type { Category } from '../../catalog/categories';

export interface FeaturedItem {
  id: string;
  category: Category;
  name: string;
  sku: string | null;
  imageUrl: string | null;
  status: 'draft' | 'active' | 'archived';
}

export interface StorefrontScreen {
  heroImageUrl: string | null;
  heroAlt: string;
  heroHeading: string;
  heroLink: string;
  heroLinkLabel: string;
  tileImages: Partial<Record<Category, string>>;
  featured: FeaturedItem[];
  updatedAt: string | null;
}

export async function loadStorefrontScreen(actor: DbActor): Promise<StorefrontScreen> {
  return withActor(actor, async (tx) => {
    const [row] = await tx<
      { hero_image_url: string | null; hero_alt: string; hero_heading: string; hero_link: string; hero_link_label: string; tile_images: Partial<Record<Category, string>>; updated_at: Date | null }[]
    >`select hero_image_url, hero_alt, hero_heading, hero_link, hero_link_label, tile_images, updated_at from public.storefront_settings`;
    const featured = await tx<{ id: string; category: Category; name: string; sku: string | null; image_url: string | null; status: FeaturedItem['status'] }[]>`
      select c.id, c.category, c.name, c.sku, c.image_url, c.status from public.featured_products f
        join public.catalog_products c on c.category = f.category and c.id = f.product_id
       order by f.position`;
    return {
      heroImageUrl: row?.hero_image_url ?? null,
      heroAlt: row?.hero_alt ?? '',
      heroHeading: row?.hero_heading ?? '',
      heroLink: row?.hero_link ?? '',
      heroLinkLabel: row?.hero_link_label ?? '',
      tileImages: row?.tile_images ?? {},
      featured: featured.map((f) => ({ id: f.id, category: f.category, name: f.name, sku: f.sku, imageUrl: f.image_url, status: f.status })),
      updatedAt: row?.updated_at ? row.updated_at.toISOString() : null,
    };
  });
}
