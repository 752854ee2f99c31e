import type { MetadataRoute } from 'next';
import { env } from '@/lib/core/env';

// Read SITE_URL when served, not when built: one build serves any domain.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const base = env().SITE_URL.replace(/\/+$/, '');
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/admin', '/api/', '/auth/', '/cart', '/checkout', '/dashboard', '/login', '/register', '/order-confirmation/'],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
