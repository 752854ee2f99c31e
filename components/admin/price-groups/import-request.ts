'use client';
// Sends one price list to POST /api/admin/price-groups/import and follows its streamed answer
// (components/ui/streamed-upload.ts).
import type { PriceImportEvent } from '@/lib/admin/price-groups/csv-rows';
import { FILE_TEXT } from '@/lib/admin/price-groups/labels';
import { sendStreamedUpload, type StreamedUpload } from '@/components/ui/streamed-upload';

export const PRICE_IMPORT_URL = '/api/admin/price-groups/import';

export type PriceImportOutcome = Extract<PriceImportEvent, { type: 'done' | 'error' }>;
export type PriceImportRequest = StreamedUpload<PriceImportEvent>;

export function sendPriceList(file: Blob, onUpload: (fraction: number) => void, onEvent: (event: PriceImportEvent) => void): PriceImportRequest {
  return sendStreamedUpload(PRICE_IMPORT_URL, file, FILE_TEXT, onUpload, onEvent);
}
