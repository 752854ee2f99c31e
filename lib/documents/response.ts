import 'server-only';
// The answer of the document routes: the PDF inline, named by its number, never stored by a shared cache; or the
// same 404 for a document that does not exist and one the visitor may not see, so an id reveals nothing.
import { withActor, type Tx } from '../core/db';
import { HttpError } from '../core/errors';
import { documentReader } from './access';
import { DOCUMENT_NOT_FOUND } from './labels';
import { renderDocumentPdf } from './pdf';
import { documentFileName, type IssuedDocument } from './types';

export async function pdfResponse(doc: IssuedDocument): Promise<Response> {
  const bytes = await renderDocumentPdf(doc);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${documentFileName(doc)}"`,
      'content-length': String(bytes.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** Reads an order's document for the visitor of this request (token, paying browser, owner or admin), or 404s. */
export async function documentForVisitor(
  request: Request,
  orderId: string,
  read: (tx: Tx) => Promise<IssuedDocument | null>,
): Promise<IssuedDocument> {
  const token = new URL(request.url).searchParams.get('t');
  const reader = await documentReader(orderId, token);
  const doc = reader ? await withActor(reader, read) : null;
  if (!doc) throw new HttpError(404, DOCUMENT_NOT_FOUND, 'not_found');
  return doc;
}
