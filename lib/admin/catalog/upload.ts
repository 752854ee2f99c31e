import 'server-only';
// One image upload, from the request body to a product image: the file is checked by what it contains (not by its
// name or declared type), stripped of its metadata (image-clean.ts), stored at {category}/{productId}/{random}.{ext}
// through Storage as the admin, then its row is inserted as the admin under RLS. If the row cannot be written, the stored file is removed again.
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Category } from '../../catalog/categories';
import type { ProductImage } from '../../catalog/types';
import { withActor, type DbActor } from '../../core/db';
import { HttpError } from '../../core/errors';
import { removeProductImageFiles, storeProductImage } from '../../storage/product-images';
import { appendImage, lockProduct } from './images';
import { withoutMetadata } from './image-clean';
import { PRODUCT_GONE } from './schema';
import { IMAGE_FORMATS, IMAGE_MAX_PIXELS, IMAGE_TOO_MANY_PIXELS, imageFormatOf, imageObjectPath, NOT_AN_IMAGE, type ImageFormat } from '../../storage/image-rules';

/** The image's format as read from its bytes, or a 415 naming the formats accepted. */
export async function detectImageFormat(bytes: Uint8Array): Promise<ImageFormat> {
  let meta: Metadata | null = null;
  try {
    // Only the header is read here: sharp's own pixel limit would make a huge image look like no image at all.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    // Not an image sharp can read: a renamed text file, a truncated upload.
  }
  const format = meta ? imageFormatOf(meta) : null;
  if (!meta || !format) throw new HttpError(415, NOT_AN_IMAGE, 'unsupported_image');
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw new HttpError(413, IMAGE_TOO_MANY_PIXELS, 'too_many_pixels');
  return format;
}

async function productExists(actor: DbActor, category: Category, productId: string): Promise<boolean> {
  return withActor(actor, (tx) => lockProduct(tx, category, productId));
}

export async function uploadProductImage(
  actor: DbActor,
  target: { category: Category; productId: string },
  bytes: Uint8Array,
  requestId: string,
): Promise<ProductImage> {
  const format = await detectImageFormat(bytes);
  const { category, productId } = target;
  if (!(await productExists(actor, category, productId))) throw new HttpError(404, PRODUCT_GONE, 'not_found');
  const path = imageObjectPath(category, productId, randomUUID(), format);
  const url = await storeProductImage(path, await withoutMetadata(bytes, format), IMAGE_FORMATS[format].mime);
  try {
    return await withActor(actor, async (tx) => {
      if (!(await lockProduct(tx, category, productId))) throw new HttpError(404, PRODUCT_GONE, 'not_found');
      return appendImage(tx, category, productId, url);
    });
  } catch (err) {
    await removeProductImageFiles([url], requestId);
    throw err;
  }
}
