import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { getPagesSitemap, getProductSitemap } from '@/lib/seo/sitemap';
import { parseProductChunkName } from '@/lib/seo/sitemap-xml';

const headers = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** The files listed by the sitemap index: pages.xml and products-N.xml. */
export const GET = defineRoute<{ name: string }>({ name: 'sitemap.file', access: 'public' }, async (_request, { params }) => {
  if (params.name === 'pages.xml') return new Response(await getPagesSitemap(), { headers });
  const chunk = parseProductChunkName(params.name);
  const xml = chunk === null ? null : await getProductSitemap(chunk);
  if (!xml) throw new HttpError(404, 'There is no such sitemap.', 'not_found');
  return new Response(xml, { headers });
});
