import 'server-only';
// The price list import's answer, as the catalog import's (lib/admin/catalog/import-stream.ts): its progress, one
// JSON line per batch, then the outcome. Every batch is written inside one transaction, so a failure (or the admin
// closing the page) leaves nothing behind. The changed groups' cache tags are dropped once the response has ended,
// and only if the transaction committed (Next.js runs a route handler's revalidations when it returns, before this
// stream has written anything).
import { after } from 'next/server';
import { revalidateAfterCommit } from '../../core/cache/revalidate';
import { priceGroupTag } from '../../core/cache/tags';
import { withActor, type DbActor } from '../../core/db';
import { logError } from '../../core/log';
import type { PriceImportEvent } from './csv-rows';
import { writePriceListFile, type CheckedPriceList } from './import-file';
import { IMPORT_FAILED } from './labels';

class ImportCancelled extends Error {}

export function priceImportResponse(actor: DbActor, file: CheckedPriceList, requestId: string): Response {
  let changed: Set<string> | null = null;
  after(() => {
    if (changed) revalidateAfterCommit([...changed].map(priceGroupTag));
  });
  const encoder = new TextEncoder();
  let cancelled = false;
  const { rows } = file;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: PriceImportEvent) => {
        if (!cancelled) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      void (async () => {
        try {
          send({ type: 'start', rows });
          const outcome = await withActor(actor, (tx) =>
            writePriceListFile(tx, file, (checked) => {
              if (cancelled) throw new ImportCancelled();
              send({ type: 'progress', checked, rows });
            }),
          );
          changed = outcome.changedGroups;
          send({ type: 'done', ...outcome.counts, total: rows, bad: outcome.bad });
        } catch (err) {
          if (!(err instanceof ImportCancelled)) {
            logError('admin price list import failed', err, { requestId, rows });
            send({ type: 'error', error: `${IMPORT_FAILED} (reference ${requestId})`, requestId });
          }
        } finally {
          if (!cancelled) controller.close();
        }
      })();
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-request-id': requestId },
  });
}
