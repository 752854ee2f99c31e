import 'server-only';
import { unstable_cache } from 'next/cache';
import { asAnon } from '../core/db';
import { env } from '../core/env';
import { productPath, type Category } from '../catalog/categories';

import { loadListingCounts } from '../catalog/listing';
import { LISTING_SLUGS } from '../catalog/slugs';
import { ACTIVE_SQL } from '../catalog/status';
import { loadContentIndex } from '../content/pages';
import {
  absoluteUrl,
  productChunkCount,
  sitemapIndexXml,
  SITEMAP_FILE_URLS,
  urlsetXml,
  type SitemapEntry,
} from './sitemap-xml';
import { CATALOG_TAG, CONTENT_TAG } from '../core/cache/tags';

const STATIC_PATHS: Array<Pick<SitemapEntry, 'changefreq' | 'priority'> & { path: string }> = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  { path: '/products', changefreq: 'daily', priority: 0.9 },
  { path: '/new-arrivals', changefreq: 'daily', priority: 0.8 },
  { path: '/mens-jewelry', changefreq: 'weekly', priority: 0.7 },
  ...LISTING_SLUGS.map((slug) => ({ path: `/category/${slug}`, changefreq: 'daily' as const, priority: 0.8 })),
  { path: '/about', changefreq: 'yearly', priority: 0.4 },
];

async function pageEntries(): Promise<SitemapEntry[]> {
  const base = env().SITE_URL;
  const content = await loadContentIndex();
  return [
    ...STATIC_PATHS.map(({ path, ...rest }) => ({ loc: absoluteUrl(base, path), ...rest })),
    ...content
      .filter((c) => c.slug !== 'about')
      .map((c) => ({ loc: absoluteUrl(base, `/${c.slug}`), lastmod: c.lastUpdated, changefreq: 'monthly' as const, priority: 0.3 })),
  ];
}

/** Active products, from the listing counters (the count of the All Products listing), not by counting the catalog. */
async function productCount(): Promise<number> {
  return (await loadListingCounts({ kind: 'all' }, [])).total;
}

/** One file's worth of active products' URLs, oldest first so a file's contents stay stable as the catalog grows. */
async function productEntries(chunk: number, perFile: number): Promise<SitemapEntry[]> {
  const base = env().SITE_URL;
  const rows = await asAnon(
    (tx) => tx<{ id: string; category: Category; created_at: Date }[]>`
      select id, category, created_at from catalog_products where ${tx.unsafe(ACTIVE_SQL)}
       order by created_at, id limit ${perFile} offset ${chunk * perFile}`,
  );
  return rows.map((r) => ({
    loc: absoluteUrl(base, productPath(r.category, r.id)),
    lastmod: r.created_at.toISOString(),
    changefreq: 'weekly' as const,
    priority: 0.6,
  }));
}

/**
 * /sitemap.xml: every URL in one file for a small catalog, otherwise a sitemap index of /sitemaps/pages.xml and
 * /sitemaps/products-N.xml files (10,000 URLs each; the protocol allows 50,000).
 */
export async function buildSitemapRoot(): Promise<string> {
  const [pages, count] = await Promise.all([pageEntries(), productCount()]);
  if (pages.length + count <= SITEMAP_FILE_URLS) {
    return urlsetXml([...pages, ...(await productEntries(0, SITEMAP_FILE_URLS))]);
  }
  const base = env().SITE_URL;
  const files = ['/sitemaps/pages.xml'];
  for (let i = 0; i < productChunkCount(count); i++) files.push(`/sitemaps/products-${i}.xml`);
  return sitemapIndexXml(files.map((f) => absoluteUrl(base, f)));
}

export async function buildPagesSitemap(): Promise<string> {
  return urlsetXml(await pageEntries());
}

/** null when the file number is past the end of the catalog. */
export async function buildProductSitemap(chunk: number): Promise<string | null> {
  const count = await productCount();
  if (chunk >= productChunkCount(count)) return null;
  return urlsetXml(await productEntries(chunk, SITEMAP_FILE_URLS));
}

const options = { tags: [CATALOG_TAG, CONTENT_TAG], revalidate: 3600 };
export const getSitemapRoot = unstable_cache(buildSitemapRoot, ['sitemap-root-v1'], options);
export const getPagesSitemap = unstable_cache(buildPagesSitemap, ['sitemap-pages-v1'], options);
export const getProductSitemap = unstable_cache(buildProductSitemap, ['sitemap-products-v1'], options);
