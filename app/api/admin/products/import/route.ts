import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE, NO_DATA_TO_IMPORT } from '@/lib/admin/catalog/csv-file';
import { checkImportFile } from '@/lib/admin/catalog/import-file';
import { IMPORT_FAILED, importResponse } from '@/lib/admin/catalog/import-stream';
import { isCategory } from '@/lib/catalog/categories';
import { env } from '@/lib/core/env';
import { readBodyCapped } from '@/lib/core/request-body';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/products/import?category= with one CSV file as the body. A file that cannot be read (too large, a
 * spreadsheet, another encoding, broken quoting, no rows) is a 4xx with the reason and writes nothing. Otherwise the
 * rows are checked and the good ones written in one transaction (the file is read row by row, never held whole),
 * while the answer streams the progress
 * (application/x-ndjson: start, progress…, done with the refused rows, or error).
 */
export const POST = defineRoute({ name: 'admin.products.import', access: 'admin', failure: IMPORT_FAILED }, async (request, ctx) => {
  const category = new URL(request.url).searchParams.get('category');
  if (!isCategory(category)) {
    await request.body?.cancel().catch(() => {});
    throw new HttpError(400, 'Choose the category to import into.', 'missing_category');
  }
  const bytes = await readBodyCapped(request, IMPORT_MAX_BYTES).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 413 ? new HttpError(413, IMPORT_TOO_LARGE, 'too_large') : err;
  });
  const file = await checkImportFile(ctx.actor, category, bytes, env().NEXT_PUBLIC_SUPABASE_URL);
  if (!file.ok) throw new HttpError(file.error === NO_DATA_TO_IMPORT ? 400 : 422, file.error, 'unreadable_file');
  if (file.value.rows === 0) throw new HttpError(400, NO_DATA_TO_IMPORT, 'no_data');
  return importResponse(ctx.actor, file.value, ctx.requestId);
});
