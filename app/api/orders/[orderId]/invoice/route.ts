import { readInvoice } from '@/lib/documents/store';
import { documentForVisitor, pdfResponse } from '@/lib/documents/response';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * GET /api/orders/{orderId}/invoice[?t=token] → the order's invoice as a PDF, for an admin, the customer who owns the
 * order, the browser that paid or a signed order link; 404 for anyone else and for an order without an invoice.
 */
export const GET = defineRoute<{ orderId: string }>(
  { name: 'documents.invoice', access: 'public', failure: 'The invoice could not be made' },
  async (request, { params }) => pdfResponse(await documentForVisitor(request, params.orderId, (tx) => readInvoice(tx, params.orderId))),
);
