import { NextResponse } from 'next/server';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from '@/lib/storage/image-rules';
import { uploadStorefrontImage } from '@/lib/admin/storefront/upload';
import { readBodyCapped } from '@/lib/core/request-body';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/storefront-images with the image file as the body → { url }: a hero or tile image for the
 * Storefront screen, checked as product images are (JPEG, PNG, WebP or AVIF by content, 10 MB, 40 megapixels).
 * Nothing is shown to shoppers until the form that names the URL is saved.
 */
export const POST = defineRoute({ name: 'admin.storefront.uploadImage', access: 'admin', failure: 'the server could not store it' }, async (request) => {
  const bytes = await readBodyCapped(request, IMAGE_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 413 ? new HttpError(413, IMAGE_TOO_LARGE, 'too_large') : err;
  });
  if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty', 'empty');
  const url = await uploadStorefrontImage(bytes);
  return NextResponse.json({ url }, { headers: { 'cache-control': 'no-store' } });
});
