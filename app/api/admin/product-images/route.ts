import { NextResponse } from 'next/server';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, MISSING_UPLOAD_PARAMETERS } from '@/lib/storage/image-rules';
import { uploadProductImage } from '@/lib/admin/catalog/upload';

import { revalidateAfterCommit } from '@/lib/core/cache/revalidate';
import { isCategory } from '@/lib/catalog/categories';
import { readBodyCapped } from '@/lib/core/request-body';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { isUuid } from '@/lib/core/validation/text';
import { IMAGE_WRITE_TAGS } from '@/lib/core/cache/tags';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/product-images?category=&productId= with the image file as the body (one file per request, so the
 * browser shows each file's progress) → { image }. Above 10 MB the body is refused before it is read.
 */
export const POST = defineRoute({ name: 'admin.productImages.upload', access: 'admin', failure: 'the server could not store it' }, async (request, ctx) => {
  const params = new URL(request.url).searchParams;
  const category = params.get('category');
  const productId = params.get('productId');
  if (!isCategory(category) || !isUuid(productId)) {
    await request.body?.cancel().catch(() => {});
    throw new HttpError(400, MISSING_UPLOAD_PARAMETERS, 'missing_parameters');
  }
  const bytes = await readBodyCapped(request, IMAGE_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 413 ? new HttpError(413, IMAGE_TOO_LARGE, 'too_large') : err;
  });
  if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty', 'empty');
  const image = await uploadProductImage(ctx.actor, { category, productId: productId.toLowerCase() }, bytes, ctx.requestId);
  revalidateAfterCommit(IMAGE_WRITE_TAGS);
  return NextResponse.json({ image }, { headers: { 'cache-control': 'no-store' } });
});
