// Sitemap XML (sitemaps.org 0.9). Pure.

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
/** URLs per product file: the protocol's limit. The files are streamed from the database, never held whole. */
export const SITEMAP_FILE_URLS = SITEMAP_MAX_URLS;
/**
 * Up to this many URLs in all, /sitemap.xml lists them itself instead of an index: such a file stays below the 2 MB
 * the data cache keeps (about 190 bytes per product URL).
 */
export const SITEMAP_SINGLE_FILE_URLS = 10_000;

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
  changefreq?: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_CLOSE = '</urlset>\n';

/** One <url> element, on its own line. */
export function urlXml(e: SitemapEntry): string {
  const parts = [`<loc>${escapeXml(e.loc)}</loc>`];
  if (e.lastmod) parts.push(`<lastmod>${escapeXml(e.lastmod)}</lastmod>`);
  if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
  if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
  return `<url>${parts.join('')}</url>\n`;
}

export function urlsetXml(entries: SitemapEntry[]): string {
  return URLSET_OPEN + entries.map(urlXml).join('') + URLSET_CLOSE;
}

export function sitemapIndexXml(locs: string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Number of product sitemap files for a catalog of `count` products, each at most `perFile` URLs. */
export function productChunkCount(count: number, perFile = SITEMAP_FILE_URLS): number {
  return Math.max(1, Math.ceil(count / perFile));
}

/** 'products-3.xml' → 3; anything else → null. */
export function parseProductChunkName(name: string): number | null {
  const m = /^products-(\d{1,4})\.xml$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** `path` on the site at `base`; a URL that is already absolute (a stored image's) is kept as it is. */
export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
