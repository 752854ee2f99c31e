import 'server-only';
// An import's image_url must name a file the bucket holds: a URL of the right shape naming no file would become a
// product's primary image that never loads. Checked in one query for the whole file, before anything is written;
// such rows are refused with the others.
import { withActor, type DbActor } from '../../core/db';
import type { ImportPlan } from './import-rows';
import { objectPathFromUrl, PRODUCT_IMAGES_BUCKET } from '../../storage/image-rules';

export const IMAGE_NOT_IN_BUCKET = "image_url: there is no such image in the shop's product-images bucket";

export async function refuseMissingImages(actor: DbActor, plan: ImportPlan, supabaseUrl: string): Promise<ImportPlan> {
  const pathOf = new Map<string, string | null>();
  for (const row of plan.rows) if (row.imageUrl) pathOf.set(row.imageUrl, objectPathFromUrl(row.imageUrl, supabaseUrl));
  const paths = [...new Set([...pathOf.values()].filter((p): p is string => p !== null))];
  if (pathOf.size === 0) return plan;
  const found = await withActor(
    actor,
    (tx) => tx<{ name: string }[]>`
      select name from storage.objects where bucket_id = ${PRODUCT_IMAGES_BUCKET} and name = any(${paths}::text[])`,
  );
  const stored = new Set(found.map((f) => f.name));
  const exists = (url: string) => {
    const path = pathOf.get(url);
    return path !== null && path !== undefined && stored.has(path);
  };
  const missing = plan.rows.filter((r) => r.imageUrl && !exists(r.imageUrl));
  if (missing.length === 0) return plan;
  return {
    ...plan,
    rows: plan.rows.filter((r) => !missing.includes(r)),
    bad: [...plan.bad, ...missing.map((r) => ({ row: r.row, sku: r.sku, reason: IMAGE_NOT_IN_BUCKET }))].sort((a, b) => a.row - b.row),
  };
}
