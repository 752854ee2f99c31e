import { defineRoute } from '@/lib/entry/define-route';
import { getSitemapRoot } from '@/lib/seo/sitemap';

// Served on request (the data itself is cached): a build must not need the database.
export const dynamic = 'force-dynamic';

const headers = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** The sitemap: one file for a small catalog, a sitemap index past 50,000 URLs. */
export const GET = defineRoute({ name: 'sitemap', access: 'public' }, async () => new Response(await getSitemapRoot(), { headers }));
