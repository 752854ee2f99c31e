import 'server-only';
// A storefront image (the hero, a category tile): checked and cleaned as product images are (upload.ts of the
// catalog area), stored in the same bucket under storefront/{random}.{ext}, as the admin. No row is written: the
// URL is saved with the storefront form, which accepts only files of the bucket.
import { randomUUID } from 'node:crypto';
import { detectImageFormat } from '../catalog/upload';
import { withoutMetadata } from '../catalog/image-clean';
import { storeProductImage } from '../../storage/product-images';
import { IMAGE_FORMATS } from '../../storage/image-rules';

export const STOREFRONT_IMAGE_FOLDER = 'storefront';

export async function uploadStorefrontImage(bytes: Uint8Array): Promise<string> {
  const format = await detectImageFormat(bytes);
  const path = `${STOREFRONT_IMAGE_FOLDER}/${randomUUID()}.${IMAGE_FORMATS[format].ext}`;
  return storeProductImage(path, await withoutMetadata(bytes, format), IMAGE_FORMATS[format].mime);
}
