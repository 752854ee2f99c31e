import { PRICE_LIST_CSV } from '@/lib/admin/price-groups/csv-rows';
import { checkPriceListFile } from '@/lib/admin/price-groups/import-file';
import { priceImportResponse } from '@/lib/admin/price-groups/import-stream';
import { FILE_PROBLEMS, IMPORT_FAILED } from '@/lib/admin/price-groups/labels';
import { HttpError } from '@/lib/core/errors';
import { readBodyCapped } from '@/lib/core/request-body';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * POST /api/admin/price-groups/import with one price list CSV as the body (group, sku, stone, style, size, price). A
 * file that cannot be read (too large, a spreadsheet, another encoding, broken quoting, no rows, a column missing) is
 * a 4xx with the reason and writes nothing. Otherwise every row is checked and the good ones written in one
 * transaction, while the answer streams the progress (application/x-ndjson: start, progress…, done with the refused
 * rows, or error).
 */
export const POST = defineRoute({ name: 'admin.priceGroups.import', access: 'admin', failure: IMPORT_FAILED }, async (request, ctx) => {
  const bytes = await readBodyCapped(request, PRICE_LIST_CSV.maxBytes).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 413 ? new HttpError(413, PRICE_LIST_CSV.tooLarge, 'too_large') : err;
  });
  const file = await checkPriceListFile(bytes);
  if (!file.ok) throw new HttpError(file.error === FILE_PROBLEMS.empty ? 400 : 422, file.error, 'unreadable_file');
  return priceImportResponse(ctx.actor, file.value, ctx.requestId);
});
