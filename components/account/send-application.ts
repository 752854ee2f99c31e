'use client';
// The application to POST /api/trade/application as multipart (the fields as one JSON part, the certificate as a
// file part when one was chosen), with the upload's progress (XMLHttpRequest reports it; fetch does not). The
// answer's error text and field errors are the server's own.
import { TRADE_ERRORS } from '@/lib/trade/labels';

export type SentApplication =
  | { ok: true; message: string }
  | { ok: false; status: number; error: string; fieldErrors: Record<string, string> };

export function sendApplication(fields: object, certificate: File | null, onProgress: (fraction: number) => void): Promise<SentApplication> {
  const form = new FormData();
  form.set('application', JSON.stringify(fields));
  if (certificate) form.set('certificate', certificate, certificate.name);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/trade/application');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      type Answer = { message?: string; error?: string; details?: { fieldErrors?: Record<string, string> } };
      let body: Answer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        // An answer that is not JSON (a proxy's error page): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, message: body?.message ?? '' });
      else resolve({ ok: false, status: xhr.status, error: body?.error ?? TRADE_ERRORS.failed, fieldErrors: body?.details?.fieldErrors ?? {} });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: TRADE_ERRORS.failed, fieldErrors: {} });
    xhr.send(form);
  });
}
