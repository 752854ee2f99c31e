import 'server-only';
// The product-images bucket through the Storage API, as the signed-in admin: supabase-js carries the admin's access
// token, so Storage's own policies ("admins upload/delete product images") decide, never the service role.
import { createSupabaseServerClient } from '../core/supabase/server';
import { env } from '../core/env';
import { logWarn } from '../core/log';
import { objectPathFromUrl, PRODUCT_IMAGES_BUCKET } from './image-rules';

/** Stores `bytes` at `path` (never over an existing file) and answers its public URL. */
export async function storeProductImage(path: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const bucket = (await createSupabaseServerClient()).storage.from(PRODUCT_IMAGES_BUCKET);
  const { error } = await bucket.upload(path, bytes, { contentType, upsert: false, cacheControl: '31536000' });
  if (error) throw new Error(`Storage refused ${path}: ${error.message}`);
  return bucket.getPublicUrl(path).data.publicUrl;
}

/**
 * Removes the stored files of these public URLs (URLs outside the bucket are left alone). Called after the database
 * change has committed; a file that cannot be removed is logged, not raised: the product change itself stands.
 */
export async function removeProductImageFiles(urls: readonly string[], requestId?: string): Promise<number> {
  const supabaseUrl = env().NEXT_PUBLIC_SUPABASE_URL;
  const paths = [...new Set(urls.map((u) => objectPathFromUrl(u, supabaseUrl)).filter((p): p is string => p !== null))];
  if (paths.length === 0) return 0;
  const bucket = (await createSupabaseServerClient()).storage.from(PRODUCT_IMAGES_BUCKET);
  let removed = 0;
  // Storage takes at most 1,000 names per call.
  for (let i = 0; i < paths.length; i += 1000) {
    const chunk = paths.slice(i, i + 1000);
    const { data, error } = await bucket.remove(chunk);
    if (error) logWarn('product image files not removed', { requestId, paths: chunk.length, error: error.message });
    else removed += data.length;
  }
  return removed;
}
