// Two `next start` servers on one build and one database, each with its workers: a product saved in the back office
// on server A is what every worker of both servers shows within a second (the save's revalidation travels through
// the database, to each worker's own listener).
import { expect } from '@playwright/test';
import postgres from 'postgres';
import SharedTagsCache from '../../lib/cache/shared-tags-handler.mjs';
import { adminTest as test } from './support/admin-session';
import { getOnNewConnection, serverA, serverB, workersPerServer } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 2, onnotice: () => {} });

/**
 * Asks `url` on new connections (the primary hands each to its next worker) until every worker of the server has
 * answered `ok`, or `ms` passes; returns each worker's time to its first such answer.
 */
async function everyWorker(url: string, ok: (a: Awaited<ReturnType<typeof getOnNewConnection>>) => boolean, ms: number) {
  const since = Date.now();
  const times = new Map<string, number>();
  while (times.size < workersPerServer && Date.now() - since < ms) {
    const answer = await getOnNewConnection(url);
    expect(answer.worker, 'the answering worker is named').not.toBe('');
    if (!times.has(answer.worker) && ok(answer)) times.set(answer.worker, Date.now() - since);
    if (times.size < workersPerServer) await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

test('a product saved in the back office on A is fresh on every worker of A and B within a second @desktop-only', async ({ page }) => {
  test.setTimeout(60_000);
  const sku = `E2E-TWO-${Date.now().toString(36)}`.toUpperCase();
  const name = `Two Servers Earring ${sku}`;
  const [product] = await sql<{ id: string }[]>`
    insert into earrings (name, sku, earring_type, material, price_stone1) values (${name}, ${sku}, 'Stud', 'gold', 25) returning id`;
  const id = product!.id;
  const pages = [serverA, serverB].flatMap((base) => [`${base}/earrings/${id}`, `${base}/category/earrings`]);
  try {
    // The listings cached by earlier journeys predate the new product: set-up drops them as a save would.
    await new SharedTagsCache({ serverDistDir: '/nonexistent', revalidatedTags: [], flushToDisk: false }).revalidateTag(['catalog']);
    // Every page cached on every worker of both servers before the edit, with the product.
    for (const url of pages) {
      const cached = await everyWorker(url, (a) => a.cache === 'HIT' && a.body.includes(name), 15_000);
      expect(cached.size, `${url} cached on every worker`).toBe(workersPerServer);
    }

    const renamed = `Renamed ${name}`;
    await page.goto(`${serverA}/admin/earrings?edit=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();

    // Server B never saw the save, nor did A's other worker: they hear of it through the database and render afresh.
    const perWorker = await Promise.all(pages.map((url) => everyWorker(url, (a) => a.body.includes(renamed), 5000)));
    console.log(
      `after the save on A: ${pages
        .map((url, i) => `${url.replace(/^https?:\/\/[^/]+/, url.startsWith(serverA) ? 'A' : 'B')} ${[...perWorker[i]!].map(([w, t]) => `w${w} ${t} ms`).join(' ')}`)
        .join(', ')}`,
    );
    const fresh = perWorker.flatMap((times) => {
      expect(times.size, 'every worker shows the edit').toBe(workersPerServer);
      return [...times.values()];
    });
    for (const ms of fresh) expect(ms).toBeLessThan(1000);
  } finally {
    await sql`delete from earrings where id = ${id}`;
  }
});
