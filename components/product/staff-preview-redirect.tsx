'use client';
// On a product page's 404 (one cached page for everyone): a signed-in visitor's browser asks whether staff may
// preview this product, and staff are taken to the preview. Buyers are refused by the server and stay here.
import { useEffect } from 'react';
import { useSignedIn } from '@/components/shop/header/use-signed-in';

const PREVIEW_PREFIX = '/admin/preview/';

export function StaffPreviewRedirect() {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch(`/api/admin/product-preview?path=${encodeURIComponent(window.location.pathname)}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ href?: unknown }>) : null))
      .then((body) => {
        if (typeof body?.href === 'string' && body.href.startsWith(PREVIEW_PREFIX)) window.location.replace(body.href);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn]);
  return null;
}
