import { readCreditNote } from '@/lib/documents/store';
import { documentForVisitor, pdfResponse } from '@/lib/documents/response';
import { defineRoute } from '@/lib/entry/define-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /api/orders/{orderId}/credit-notes/{number}[?t=token] → one credit note of the order as a PDF (access as the invoice's). */
export const GET = defineRoute<{ orderId: string; number: string }>(
  { name: 'documents.creditNote', access: 'public', failure: 'The credit note could not be made' },
  async (request, { params }) =>
    pdfResponse(await documentForVisitor(request, params.orderId, (tx) => readCreditNote(tx, params.orderId, params.number))),
);
