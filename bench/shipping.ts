// The cart's shipping estimate on the production server: POST /api/shipping/estimate for a 50-line cart over every
// category, to a US ZIP code, one request at a time (what one buyer waits): the route's wrapper and rate limit, the
// one products read and the methods from the data cache. Beside it, alternating with it, the server's floor for a
// route of the same wrapper: GET /api/health (its answer reused within a second). Called from bench/run.ts.
import postgres from 'postgres';
import { waitForQuiet } from '../scripts/wait-for-quiet';
import { timings } from './child';

const ROUNDS = Number(process.env.BENCH_SHIPPING_ROUNDS) || 300;
// Below the route's per-address limit, so the counters are cleared between batches (untimed).
const BATCH = 25;

const summary = timings;

async function timed(ask: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await ask();
  return performance.now() - t0;
}

export async function benchShippingEstimate(base: string, databaseUrl: string): Promise<Record<string, unknown>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const products = await sql<{ id: string }[]>`
      select id from public.catalog_products where default_price > 0 order by md5(id::text || 'shipping') limit 50`;
    const body = JSON.stringify({
      lines: products.map((p) => ({ productId: p.id, quantity: 3, specifications: {} })),
      country: 'US',
      postalCode: '60601',
    });
    const ask = async () => {
      const res = await fetch(`${base}/api/shipping/estimate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const answer = (await res.json()) as { rates?: unknown[] };
      if (res.status !== 200 || !answer.rates?.length) throw new Error(`shipping estimate: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
    };
    const floor = async () => {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health: ${res.status}`);
    };
    const loadAverage = await waitForQuiet();
    const times: number[] = [];
    const floorTimes: number[] = [];
    // The first batch warms the pool, the data cache and Postgres's caches; it is not counted.
    for (let i = 0; i < ROUNDS + BATCH; i++) {
      if (i % BATCH === 0) await sql`delete from public.rate_limits`;
      const [estimate, health] = [await timed(ask), await timed(floor)];
      if (i >= BATCH) {
        times.push(estimate);
        floorTimes.push(health);
      }
    }
    return { lines: products.length, load_average: loadAverage, ...summary(times), route_floor: summary(floorTimes) };
  } finally {
    await sql.end();
  }
}
