// Where an uncached listing page's time goes: the same views the bench renders over HTTP (run.ts's
// measureUncached), their SQL timed in-process: the counts alone, then the page as it is read (counts and 20 rows in
// one transaction).
// Page time minus SQL time is rendering, caching and HTTP. Runs in a child process like search.ts (server-only).
import { fileURLToPath } from 'node:url';
import { reportFromChild, runBenchChild } from './child';
import type { ListingScope } from '../lib/catalog/listing';
import type { ListingQuery } from '../lib/catalog/listing-params';

const RESULT_TAG = 'LISTING_RESULT ';

export interface UncachedView {
  path: string;
  scope: ListingScope;
  query: ListingQuery;
}

/** The uncached views of the bench: deep pages of all products and of two categories, filtered and sorted. */
export function uncachedViews(): UncachedView[] {
  const all = { kind: 'all' } as const;
  const rings = { kind: 'category', slug: 'rings' } as const;
  const necklaces = { kind: 'category', slug: 'necklaces' } as const;
  return [
    ...Array.from({ length: 20 }, (_, i) => {
      const page = 700 + i * 13;
      return { path: `/products?page=${page}`, scope: all, query: { page, sort: 'newest', materials: [] } as ListingQuery };
    }),
    ...Array.from({ length: 20 }, (_, i) => {
      const page = 40 + i * 7;
      return {
        path: `/category/rings?sort=price-desc&material=gold&page=${page}`,
        scope: rings,
        query: { page, sort: 'price-desc', materials: ['gold'] } as ListingQuery,
      };
    }),
    ...Array.from({ length: 20 }, (_, i) => {
      const page = 50 + i * 11;
      return { path: `/category/necklaces?sort=price-asc&page=${page}`, scope: necklaces, query: { page, sort: 'price-asc', materials: [] } as ListingQuery };
    }),
  ];
}

/** Times the SQL of the uncached views against the database of `env` (the bench stack's environment). */
export function benchListingSql(env: Record<string, string>): Promise<Record<string, unknown>> {
  return runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG, env);
}

const pct = (sorted: number[], q: number) => +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { p50_ms: pct(s, 0.5), p95_ms: pct(s, 0.95), max_ms: pct(s, 1) };
};

async function child() {
  const { loadListing, loadListingCounts } = await import('../lib/catalog/listing');
  const { db } = await import('../lib/core/db');
  const views = uncachedViews();
  const counts: number[] = [];
  const pages: number[] = [];
  // One untimed round warms the connection pool and Postgres's caches, as the HTTP bench's server is warm.
  for (let round = 0; round <= 1; round++) {
    for (const { scope, query } of views) {
      const t0 = performance.now();
      await loadListingCounts(scope, query.materials);
      const t1 = performance.now();
      // The page as the listing reads it: its counts and rows in one transaction.
      await loadListing(scope, query);
      const t2 = performance.now();
      if (round > 0) {
        counts.push(t1 - t0);
        pages.push(t2 - t1);
      }
    }
  }
  await db().end();
  return { views: views.length, counts_sql: summary(counts), page_with_counts_sql: summary(pages) };
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
