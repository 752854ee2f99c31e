import 'server-only';
// The storefront's write, inside the action's transaction: images must be files of the product-images bucket, every
// featured product must exist (any status: a draft may be featured ahead of its launch, and shoppers see it once
// active), then the one settings row is updated and the featured list replaced.
import { ActionError } from '../../core/action-result';
import type { Tx } from '../../core/db';
import { env } from '../../core/env';
import { objectPathFromUrl } from '../../storage/image-rules';
import { featuredRows, STOREFRONT_TEXT } from './rules';
import type { StorefrontValues } from './schema';

function checkImages(values: StorefrontValues): void {
  const supabaseUrl = env().NEXT_PUBLIC_SUPABASE_URL;
  const errors: Record<string, string> = {};
  const check = (key: string, url: string | null) => {
    if (url !== null && objectPathFromUrl(url, supabaseUrl) === null) errors[key] = STOREFRONT_TEXT.notInBucket;
  };
  check('heroImageUrl', values.heroImageUrl);
  for (const [category, url] of Object.entries(values.tileImages)) check(`tileImages.${category}`, url ?? null);
  const first = Object.values(errors)[0];
  if (first) throw new ActionError(first, 422, errors);
}

export async function saveStorefront(tx: Tx, values: StorefrontValues, userId: string): Promise<{ featured: number }> {
  checkImages(values);
  const rows = featuredRows(values.featured);
  if (rows.length > 0) {
    const found = await tx<{ n: number }[]>`
      select count(*)::int as n from public.catalog_products
       where (category, id) in (select * from unnest(${rows.map((r) => r.category)}::text[], ${rows.map((r) => r.id)}::uuid[]))`;
    if ((found[0]?.n ?? 0) !== rows.length) throw new ActionError(STOREFRONT_TEXT.unknownProduct, 422, { featured: STOREFRONT_TEXT.unknownProduct });
  }
  const tiles = Object.fromEntries(Object.entries(values.tileImages).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const updated = await tx`
    update public.storefront_settings
       set hero_image_url = ${values.heroImageUrl}, hero_alt = ${values.heroAlt}, hero_heading = ${values.heroHeading},
           hero_link = ${values.heroLink}, hero_link_label = ${values.heroLinkLabel}, tile_images = ${tx.json(tiles)},
           updated_at = now(), updated_by = ${userId}`;
  if (updated.count !== 1) throw new ActionError(STOREFRONT_TEXT.failed, 404);
  await tx`delete from public.featured_products`;
  if (rows.length > 0) {
    await tx`
      insert into public.featured_products (position, category, product_id)
      select * from unnest(${rows.map((r) => r.position)}::smallint[], ${rows.map((r) => r.category)}::text[], ${rows.map((r) => r.id)}::uuid[])`;
  }
  return { featured: rows.length };
}
