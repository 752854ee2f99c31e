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
  SITEMAP_SINGLE_FILE_URLS,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlsetXml,
  urlXml,
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

interface ProductRow {
  id: string;
  category: Category;
  created_at: Date;
  /**
   * created_at as Postgres writes it, to the microsecond: the next batch starts after it. A Date keeps milliseconds,
   * so the text is sent back as text (a timestamptz parameter would pass through a Date on the way).
   */
  at: string;
}

function productEntry(base: string, r: ProductRow): SitemapEntry {
  return { loc: absoluteUrl(base, productPath(r.category, r.id)), lastmod: r.created_at.toISOString(), changefreq: 'weekly', priority: 0.6 };
}

/**
 * Active products oldest first (so a file's contents stay stable as the catalog grows): `limit` rows from `offset`,
 * or after a row already sent. Each batch is its own short query, so a slow reader holds no connection.
 */
async function productBatch(offset: number, after: ProductRow | null, limit: number): Promise<ProductRow[]> {
  return asAnon(
    (tx) => tx<ProductRow[]>`
      select id, category, created_at, created_at::text as at from catalog_products
       where ${tx.unsafe(ACTIVE_SQL)} ${after ? tx`and (created_at, id) > (${after.at}::text::timestamptz, ${after.id}::uuid)` : tx``}
       order by created_at, id limit ${limit} offset ${after ? 0 : offset}`,
  );
}

/** Rows per query while a product file streams: its memory stays flat whatever the file's size. */
const STREAM_BATCH = 2_000;

/**
 * /sitemap.xml: every URL in one file for a small catalog, otherwise a sitemap index of /sitemaps/pages.xml and
 * /sitemaps/products-N.xml files (50,000 URLs each, the protocol's limit). The count comes from the counters.
 */
export async function buildSitemapRoot(): Promise<string> {
  const [pages, count] = await Promise.all([pageEntries(), productCount()]);
  const base = env().SITE_URL;
  if (pages.length + count <= SITEMAP_SINGLE_FILE_URLS) {
    const products = await productBatch(0, null, SITEMAP_SINGLE_FILE_URLS);
    return urlsetXml([...pages, ...products.map((r) => productEntry(base, r))]);
  }
  const files = ['/sitemaps/pages.xml'];
  for (let i = 0; i < productChunkCount(count); i++) files.push(`/sitemaps/products-${i}.xml`);
  return sitemapIndexXml(files.map((f) => absoluteUrl(base, f)));
}

export async function buildPagesSitemap(): Promise<string> {
  return urlsetXml(await pageEntries());
}

/**
 * Product file number `chunk` as a stream, read from the database a batch at a time while it is sent; null when the
 * number is past the end of the catalog. `perFile` and `batch` are the file's and a query's sizes (tests make them
 * small).
 */
export async function productSitemapStream(
  chunk: number,
  perFile: number = SITEMAP_FILE_URLS,
  batch: number = STREAM_BATCH,
): Promise<ReadableStream<Uint8Array> | null> {
  if (chunk >= productChunkCount(await productCount(), perFile)) return null;
  const base = env().SITE_URL;
  async function* parts(): AsyncGenerator<string> {
    yield URLSET_OPEN;
    let after: ProductRow | null = null;
    for (let sent = 0; sent < perFile; ) {
      const rows = await productBatch(chunk * perFile, after, Math.min(batch, perFile - sent));
      if (rows.length === 0) break;
      yield rows.map((r) => urlXml(productEntry(base, r))).join('');
      sent += rows.length;
      after = rows.at(-1)!;
    }
    yield URLSET_CLOSE;
  }
  const source = parts();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await source.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

const options = { tags: [CATALOG_TAG, CONTENT_TAG], revalidate: 3600 };
export const getSitemapRoot = unstable_cache(buildSitemapRoot, ['sitemap-root-v2'], options);
export const getPagesSitemap = unstable_cache(buildPagesSitemap, ['sitemap-pages-v1'], options);
