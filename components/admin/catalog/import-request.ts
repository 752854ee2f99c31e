'use client';
// Sends one CSV file to POST /api/admin/products/import and follows the answer as it streams: the upload's progress
// (XMLHttpRequest reports it), then one JSON line per written batch, then the outcome.
import type { ImportEvent } from '@/lib/admin/catalog/import-rows';
import type { Category } from '@/lib/catalog/categories';

export type ImportOutcome = Extract<ImportEvent, { type: 'done' | 'error' }>;

export interface ImportRequest {
  outcome: Promise<ImportOutcome>;
  cancel(): void;
}

export function sendImport(file: Blob, category: Category, onUpload: (fraction: number) => void, onEvent: (event: ImportEvent) => void): ImportRequest {
  const xhr = new XMLHttpRequest();
  const outcome = new Promise<ImportOutcome>((resolve) => {
    let read = 0;
    let last: ImportOutcome | null = null;
    const consume = () => {
      const text = xhr.responseText;
      let end: number;
      while ((end = text.indexOf('\n', read)) !== -1) {
        const line = text.slice(read, end);
        read = end + 1;
        if (!line.trim()) continue;
        const event = JSON.parse(line) as ImportEvent;
        if (event.type === 'done' || event.type === 'error') last = event;
        onEvent(event);
      }
    };
    xhr.open('POST', `/api/admin/products/import?category=${encodeURIComponent(category)}`);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onUpload(e.loaded / e.total);
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) consume();
    };
    xhr.onload = () => {
      if (xhr.status !== 200) {
        let error = `the server answered ${xhr.status}`;
        try {
          error = (JSON.parse(xhr.responseText) as { error?: string }).error ?? error;
        } catch {
          // Not JSON: keep the status.
        }
        return resolve({ type: 'error', error });
      }
      consume();
      resolve(last ?? { type: 'error', error: 'The import stopped before it finished. Nothing was written.' });
    };
    xhr.onerror = () => resolve({ type: 'error', error: 'The connection to the server failed. Nothing was written.' });
    xhr.onabort = () => resolve({ type: 'error', error: 'The import was cancelled.' });
    xhr.send(file);
  });
  return { outcome, cancel: () => xhr.abort() };
}
