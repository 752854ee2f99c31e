import { readPickList } from '@/lib/admin/orders/packing';
import { pickListContent } from '@/lib/admin/orders/packing-content';
import { PACKING_LABELS, pickListFileName } from '@/lib/admin/orders/packing-labels';
import { parsePickListIds } from '@/lib/admin/orders/pick-list-params';
import { env } from '@/lib/core/env';
import { HttpError } from '@/lib/core/errors';
import { drawSheetPdf, sheetResponse } from '@/lib/documents/sheet-pdf';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/orders/pick-list?ids=a,b,… → the lines of 1 to 100 orders as one pick list PDF, a row per product and
 * choices; 400 for a bad list, 404 when any order is not found (a list missing an order would be packed short).
 */
export const GET = defineRoute(
  { name: 'admin.orders.pickList', access: 'admin', failure: 'The pick list could not be made' },
  async (request, { actor }) => {
    const ids = parsePickListIds(new URL(request.url).searchParams);
    if (!ids) throw new HttpError(400, PACKING_LABELS.badIds, 'bad_request');
    const list = await readPickList(actor, ids);
    if (list.missing.length > 0) throw new HttpError(404, PACKING_LABELS.ordersNotFound(list.missing.length), 'not_found');
    const now = new Date();
    const pdf = await drawSheetPdf(pickListContent(list, env().SHOP_TIME_ZONE, now));
    return sheetResponse(pdf, pickListFileName(now.toISOString().slice(0, 10)));
  },
);
