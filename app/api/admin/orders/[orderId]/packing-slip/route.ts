import { packingSlipContent } from '@/lib/admin/orders/packing-content';
import { PACKING_LABELS, packingSlipFileName } from '@/lib/admin/orders/packing-labels';
import { readPackingSlip } from '@/lib/admin/orders/packing';
import { env } from '@/lib/core/env';
import { HttpError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/validation/text';
import { drawSheetPdf, sheetResponse } from '@/lib/documents/sheet-pdf';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/admin/orders/{orderId}/packing-slip → the order's packing slip (no prices) as a PDF; 404 for no such order. */
export const GET = defineRoute<{ orderId: string }>(
  { name: 'admin.orders.packingSlip', access: 'admin', failure: 'The packing slip could not be made' },
  async (_request, { actor, params }) => {
    const slip = isUuid(params.orderId) ? await readPackingSlip(actor, params.orderId) : null;
    if (!slip) throw new HttpError(404, PACKING_LABELS.orderNotFound, 'not_found');
    const pdf = await drawSheetPdf(packingSlipContent(slip, env().SHOP_TIME_ZONE, new Date()));
    return sheetResponse(pdf, packingSlipFileName(slip.reference));
  },
);
