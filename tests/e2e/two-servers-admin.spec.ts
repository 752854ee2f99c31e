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
 * Asks each of `urls` on new connections until every worker of its server has answered `ok`, or `ms` passes;
 * returns, per URL, each worker's time to its first such answer. The URLs are asked one after another, each a
 * worker count plus one times in a row, so the primary (handing connections to its workers in turn) sends every URL
 * to every worker within a round, whatever other traffic shifts its turn.
 */
async function everyWorker(urls: string[], ok: (a: Awaited<ReturnType<typeof getOnNewConnection>>) => boolean, ms: number) {
  const since = Date.now();
  const times = urls.map(() => new Map<string, number>());
  while (times.some((t) => t.size < workersPerServer) && Date.now() - since < ms) {
    for (const [i, url] of urls.entries()) {
      for (let k = 0; k <= workersPerServer && times[i]!.size < workersPerServer; k++) {
        const answer = await getOnNewConnection(url);
        expect(answer.worker, 'the answering worker is named').not.toBe('');
        if (!times[i]!.has(answer.worker) && ok(answer)) times[i]!.set(answer.worker, Date.now() - since);
      }
    }
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
    const cached = await everyWorker(pages, (a) => a.cache === 'HIT' && a.body.includes(name), 15_000);
    for (const [i, url] of pages.entries()) expect(cached[i]!.size, `${url} cached on every worker`).toBe(workersPerServer);

    const renamed = `Renamed ${name}`;
    await page.goto(`${serverA}/admin/earrings?edit=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();

    // Server B never saw the save, nor did A's other worker: they hear of it through the database and render afresh.
    const perWorker = await everyWorker(pages, (a) => a.body.includes(renamed), 5000);
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
