import 'server-only';
// An import's image_url must name a file the bucket holds: a URL of the right shape naming no file would become a
// product's primary image that never loads. Checked in one query for every image the file names, before anything is
// written; rows naming a missing one are refused with the others.
import { withActor, type DbActor } from '../../core/db';
import { objectPathFromUrl, PRODUCT_IMAGES_BUCKET } from '../../storage/image-rules';

export const IMAGE_NOT_IN_BUCKET = "image_url: there is no such image in the shop's product-images bucket";

/** The URLs among `urls` that name no file of the product-images bucket. */
export async function missingImages(actor: DbActor, urls: Iterable<string>, supabaseUrl: string): Promise<Set<string>> {
  const pathOf = new Map<string, string | null>();
  for (const url of urls) pathOf.set(url, objectPathFromUrl(url, supabaseUrl));
  if (pathOf.size === 0) return new Set();
  const paths = [...new Set([...pathOf.values()].filter((p): p is string => p !== null))];
  const found = await withActor(
    actor,
    (tx) => tx<{ name: string }[]>`
      select name from storage.objects where bucket_id = ${PRODUCT_IMAGES_BUCKET} and name = any(${paths}::text[])`,
  );
  const stored = new Set(found.map((f) => f.name));
  return new Set([...pathOf].filter(([, path]) => path === null || !stored.has(path)).map(([url]) => url));
}
