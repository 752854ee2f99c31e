// Search query speed on the bench's large catalog: the /search page's query (count and one page, with typo
// correction) and the overlay's query, called in-process one after another, so the figures are the database work
// without HTTP or rendering. The app's server modules are marked server-only, so the measuring part runs in a child
// Node process with the react-server export condition, as Next.js runs them.
import { fileURLToPath } from 'node:url';
import { reportFromChild, runBenchChild } from './child';

const RESULT_TAG = 'SEARCH_RESULT ';
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS) || 5;

/** Runs the search bench against the database of `env` (the bench stack's environment). */
export function benchSearch(env: Record<string, string>): Promise<Record<string, unknown>> {
  return runBenchChild(fileURLToPath(import.meta.url), RESULT_TAG, env);
}

const pct = (sorted: number[], q: number) => +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);

async function child() {
  const { searchListing, searchProducts } = await import('../lib/catalog/search');
  const { db } = await import('../lib/core/db');
  // Common and rare words, prefixes while typing, one-typo spellings, a SKU, and several words at once.
  const terms = ['gold', 'ring', 'gold ring', 'diamond', 'sapphire pendant', 'gol', 'neck', 'rign', 'pednant', 'saphire', 'RNG-1008', 'rose gold hoop'];
  const pageQueries = terms.flatMap((q) => [
    { q, page: 1, sort: 'relevance' as const, materials: [] },
    { q, page: 3, sort: 'relevance' as const, materials: ['gold' as const] },
    { q, page: 2, sort: 'price-asc' as const, materials: [] },
  ]);
  const page: number[] = [];
  const overlay: number[] = [];
  // One untimed round warms the connection pool and Postgres's caches.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const query of pageQueries) {
      const t0 = performance.now();
      await searchListing(query);
      if (round > 0) page.push(performance.now() - t0);
    }
    for (const q of terms) {
      const t0 = performance.now();
      await searchProducts(q);
      if (round > 0) overlay.push(performance.now() - t0);
    }
  }
  page.sort((a, b) => a - b);
  overlay.sort((a, b) => a - b);
  const totals = Object.fromEntries(
    await Promise.all(terms.map(async (q) => [q, (await searchProducts(q)).total] as const)),
  );
  await db().end();
  return {
    page_query: { runs: page.length, p50_ms: pct(page, 0.5), p95_ms: pct(page, 0.95), max_ms: pct(page, 1) },
    overlay_query: { runs: overlay.length, p50_ms: pct(overlay, 0.5), p95_ms: pct(overlay, 0.95), max_ms: pct(overlay, 1) },
    totals,
  };
}

if (process.argv.includes('--child')) reportFromChild(RESULT_TAG, child);
