'use client';
// Sends one CSV file to POST /api/admin/products/import and follows its streamed answer (components/ui/streamed-upload.ts).
import type { ImportEvent } from '@/lib/admin/catalog/import-rows';
import type { Category } from '@/lib/catalog/categories';
import { sendStreamedUpload, type StreamedUpload } from '@/components/ui/streamed-upload';

export type ImportOutcome = Extract<ImportEvent, { type: 'done' | 'error' }>;
export type ImportRequest = StreamedUpload<ImportEvent>;

const WORDS = {
  serverAnswered: (status: number) => `the server answered ${status}`,
  stopped: 'The import stopped before it finished. Nothing was written.',
  connection: 'The connection to the server failed. Nothing was written.',
  cancelled: 'The import was cancelled.',
};

export function sendImport(file: Blob, category: Category, onUpload: (fraction: number) => void, onEvent: (event: ImportEvent) => void): ImportRequest {
  return sendStreamedUpload(`/api/admin/products/import?category=${encodeURIComponent(category)}`, file, WORDS, onUpload, onEvent);
}
