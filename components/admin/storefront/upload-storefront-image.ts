'use client';
// One image file to POST /api/admin/storefront-images, with its upload progress (XMLHttpRequest reports it; fetch
// does not). The answer's error text is the server's own sentence.
export type StorefrontUpload = { ok: true; url: string } | { ok: false; error: string };

export function uploadStorefrontImageFile(file: File, onProgress: (fraction: number) => void): Promise<StorefrontUpload> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/storefront-images');
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { url?: string; error?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { url?: string; error?: string };
      } catch {
        // An answer that is not JSON (a proxy's error page): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.url) resolve({ ok: true, url: body.url });
      else resolve({ ok: false, error: body?.error ?? `the server answered ${xhr.status}` });
    };
    xhr.onerror = () => resolve({ ok: false, error: 'the connection to the server failed' });
    xhr.send(file);
  });
}
