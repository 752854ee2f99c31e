import 'server-only';
// The import's answer: its progress as it checks and writes, one JSON line per batch, then the outcome. Every batch
// is written inside one transaction, so a failure (or the admin closing the page) leaves nothing behind. The
// storefront's cache is dropped once the response has ended, and only if the transaction committed (Next.js runs
// revalidations of a route handler when it returns, which is before this stream has written anything).
import { after } from 'next/server';
import { revalidateAfterCommit } from '../../core/cache/revalidate';
import { withActor, type DbActor } from '../../core/db';
import { logError } from '../../core/log';
import { writeImportFile, type CheckedImport } from './import-file';
import type { ImportEvent } from './import-rows';
import { CATALOG_WRITE_TAGS } from '../../core/cache/tags';

/** An unexpected failure (the reference is added); the transaction rolled back, so nothing was written. */
export const IMPORT_FAILED = 'The import could not be completed and nothing was written';

class ImportCancelled extends Error {}

export function importResponse(actor: DbActor, file: CheckedImport, requestId: string): Response {
  let committed = false;
  after(() => {
    if (committed) revalidateAfterCommit(CATALOG_WRITE_TAGS);
  });
  const encoder = new TextEncoder();
  let cancelled = false;
  const { category, rows } = file;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: ImportEvent) => {
        if (!cancelled) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      void (async () => {
        try {
          send({ type: 'start', rows });
          const outcome = await withActor(actor, (tx) =>
            writeImportFile(tx, file, (checked) => {
              if (cancelled) throw new ImportCancelled();
              send({ type: 'progress', checked, rows });
            }),
          );
          committed = true;
          send({ type: 'done', ...outcome.counts, skipped: file.skipped, total: file.total, bad: outcome.bad });
        } catch (err) {
          if (!(err instanceof ImportCancelled)) {
            logError('admin import failed', err, { requestId, category, rows });
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
