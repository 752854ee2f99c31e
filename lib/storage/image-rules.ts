// Where product images live in Storage and which files are images: pure rules shared by the upload route, the image
// actions, the import (an image_url must be one of the bucket's files) and the browser's file picker.
import type { Category } from '../catalog/categories';

export const PRODUCT_IMAGES_BUCKET = 'product-images';
/** Images up to 10 MB. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'The image is larger than 10 MB';
export const NOT_AN_IMAGE = 'The file is not a JPEG, PNG, WebP or AVIF image';
/** A 10 MB file can still unpack to a picture too large to resize for the shop's pages. */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_TOO_MANY_PIXELS = 'The image has more than 40 megapixels; make it smaller first';
export const MISSING_UPLOAD_PARAMETERS = 'Missing required parameters for image upload';

/** The formats shops upload, by what sharp reads in the file (AVIF is HEIF with AV1 compression). */
export const IMAGE_FORMATS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  avif: { ext: 'avif', mime: 'image/avif' },
} as const;
export type ImageFormat = keyof typeof IMAGE_FORMATS;

/** The browser's file picker filter (the server checks the content again). */
export const IMAGE_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
};

/** sharp's metadata (format, compression) → one of the four formats, or null. */
export function imageFormatOf(meta: { format?: string; compression?: string }): ImageFormat | null {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return null;
}

/** `{category}/{productId}/{random}.{ext}` */
export function imageObjectPath(category: Category, productId: string, random: string, format: ImageFormat): string {
  return `${category}/${productId.toLowerCase()}/${random}.${IMAGE_FORMATS[format].ext}`;
}

/** The bucket's public URL prefix: `{supabase}/storage/v1/object/public/product-images/`. */
export function publicImagePrefix(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${PRODUCT_IMAGES_BUCKET}/`;
}

/** The object path of one of the bucket's public URLs, or null for any other URL. */
export function objectPathFromUrl(url: string, supabaseUrl: string): string | null {
  const prefix = publicImagePrefix(supabaseUrl);
  if (!url.startsWith(prefix)) return null;
  const rest = url.slice(prefix.length).split(/[?#]/)[0]!;
  let path: string;
  try {
    path = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return path && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..') ? path : null;
}
