import { getPagesSitemap, getProductSitemap } from '@/lib/seo/sitemap';
import { parseProductChunkName } from '@/lib/seo/sitemap-xml';

const headers = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

/** The files listed by the sitemap index: pages.xml and products-N.xml. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  if (name === 'pages.xml') return new Response(await getPagesSitemap(), { headers });
  const chunk = parseProductChunkName(name);
  const xml = chunk === null ? null : await getProductSitemap(chunk);
  return xml ? new Response(xml, { headers }) : new Response('Not Found', { status: 404 });
}
