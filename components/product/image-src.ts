// next/image optimises only files it may fetch: local paths and the storage bucket's public URLs (next.config.mjs).
// Anything else (an image_url imported from elsewhere) is shown as it is instead of failing.
import { publicEnv } from '@/lib/env.public';

const storage = (() => {
  try {
    return new URL('/storage/v1/object/public/', publicEnv.supabaseUrl).href;
  } catch {
    return null;
  }
})();

export function canOptimize(src: string): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  return storage !== null && src.startsWith(storage);
}
