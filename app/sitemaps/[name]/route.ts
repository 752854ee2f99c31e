import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { getPagesSitemap, productSitemapStream } from '@/lib/seo/sitemap';
import { parseProductChunkName } from '@/lib/seo/sitemap-xml';

const headers = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** The files listed by the sitemap index: pages.xml, and products-N.xml streamed from the database as it is sent. */
export const GET = defineRoute<{ name: string }>({ name: 'sitemap.file', access: 'public' }, async (_request, { params }) => {
  if (params.name === 'pages.xml') return new Response(await getPagesSitemap(), { headers });
  const chunk = parseProductChunkName(params.name);
  const stream = chunk === null ? null : await productSitemapStream(chunk);
  if (!stream) throw new HttpError(404, 'There is no such sitemap.', 'not_found');
  return new Response(stream, { headers });
});
