'use client';
// One image file to POST /api/admin/product-images, with its upload progress (XMLHttpRequest reports it; fetch does
// not). The answer's error text is the server's own sentence.
import type { Category } from '@/lib/catalog/categories';
import type { ProductImage } from '@/lib/catalog/types';

export type UploadOutcome = { ok: true; image: ProductImage } | { ok: false; error: string };

export function uploadImageFile(
  file: File,
  target: { category: Category; productId: string },
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ category: target.category, productId: target.productId });
    xhr.open('POST', `/api/admin/product-images?${query}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      type Answer = { image?: ProductImage; error?: string };
      let body: Answer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        // An answer that is not JSON (a proxy's error page): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.image) resolve({ ok: true, image: body.image });
      else resolve({ ok: false, error: body?.error ?? `the server answered ${xhr.status}` });
    };
    xhr.onerror = () => resolve({ ok: false, error: 'the connection to the server failed' });
    xhr.send(file);
  });
}
