// Two `next start` servers on one build and one database, each with its workers: a product saved in the back office
// on server A is what every worker of both servers shows within a second (the save's revalidation travels through
// the database, to each worker's own listener).
import { expect } from '@playwright/test';
import postgres from 'postgres';
import SharedTagsCache from '../../lib/core/cache/shared-tags-handler.mjs';
import { adminTest as test } from './support/admin-session';
import type { Agent } from 'node:http';
import { connectionPerWorker, getVia, serverA, serverB, workersPerServer, type WorkerAnswer } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 2, onnotice: () => {} });

/** Each page on a kept-alive connection to each worker of its server. */
async function pagesOnEveryWorker(pages: string[]) {
  const byServer = new Map<string, Map<string, Agent>>();
  for (const base of [serverA, serverB]) {
    const agents = await connectionPerWorker(base);
    expect(agents.size, `a connection to each worker of ${base}`).toBe(workersPerServer);
    byServer.set(base, agents);
  }
  return pages.flatMap((url) => [...byServer.get(url.startsWith(serverA) ? serverA : serverB)!].map(([worker, agent]) => ({ url, worker, agent })));
}

/**
 * Asks `url` through `agent` until worker `worker` answers `ok`; ms to that answer, or Infinity after `limit`. A server
 * closes a connection idle for its keep-alive time (5 s) and the agent's next one may reach another worker: that
 * connection is dropped and a new one opened until it reaches `worker` again; so is one the server closed just as a
 * request went out on it.
 */
async function until(target: { url: string; worker: string; agent: Agent }, ok: (a: WorkerAnswer) => boolean, limit: number) {
  const since = Date.now();
  while (Date.now() - since < limit) {
    // A request sent on a kept-alive connection just as the server closes it for idling fails with a reset: the
    // closed connection is dropped and the next try opens a new one, as for an answer from another worker.
    const answer = await getVia(target.url, target.agent).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET' || e.message === 'socket hang up') return null;
      throw e;
    });
    if (!answer) {
      target.agent.destroy();
      continue;
    }
    if (answer.worker !== target.worker) {
      target.agent.destroy();
      continue;
    }
    if (ok(answer)) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Infinity;
}

test('a product saved in the back office on A is fresh on every worker of A and B within a second @desktop-only', async ({ page }) => {
  test.setTimeout(60_000);
  const sku = `E2E-TWO-${Date.now().toString(36)}`.toUpperCase();
  const name = `Two Servers Earring ${sku}`;
  const [product] = await sql<{ id: string }[]>`
    insert into earrings (name, sku, earring_type, material, price_stone1) values (${name}, ${sku}, 'Stud', 'gold', 25) returning id`;
  const id = product!.id;
  const pages = [serverA, serverB].flatMap((base) => [`${base}/earrings/${id}`, `${base}/category/earrings`]);
  const searches = [serverA, serverB].map((base) => `${base}/search?q=${sku}`);
  try {
    // The listings cached by earlier journeys predate the new product: set-up drops them as a save would.
    await new SharedTagsCache({ serverDistDir: '/nonexistent', revalidatedTags: [], flushToDisk: false }).revalidateTag(['catalog']);
    // Every page cached on every worker of both servers before the edit, with the product.
    const targets = await pagesOnEveryWorker(pages);
    const searchTargets = await pagesOnEveryWorker(searches);
    const cached = await Promise.all([...targets, ...searchTargets].map((t) => until(t, (a) => a.cache === 'HIT' && a.body.includes(name), 15_000)));
    for (const [i, ms] of cached.entries()) expect(ms, `page ${i} cached`).toBeLessThan(Infinity);

    const renamed = `Renamed ${name}`;
    await page.goto(`${serverA}/admin/earrings?edit=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();

    // Server B never saw the save, nor did A's other worker: they hear of it through the database and render afresh.
    const fresh = await Promise.all(targets.map((t) => until(t, (a) => a.body.includes(renamed), 5000)));
    console.log(
      `after the save on A: ${targets
        .map((t, i) => `${t.url.replace(/^https?:\/\/[^/]+/, t.url.startsWith(serverA) ? 'A' : 'B')} w${t.worker} ${fresh[i]} ms`)
        .join(', ')}`,
    );
    for (const agents of targets.map((t) => t.agent)) agents.destroy();
    for (const ms of fresh) expect(ms).toBeLessThan(1000);
    // Search pages are cached with the catalog tag too: the next search on every worker shows the new name.
    const freshSearch = await Promise.all(searchTargets.map((t) => until(t, (a) => a.body.includes(renamed), 5000)));
    for (const agents of searchTargets.map((t) => t.agent)) agents.destroy();
    for (const [i, ms] of freshSearch.entries()) expect(ms, searchTargets[i]!.url).toBeLessThan(5000);
  } finally {
    await sql`delete from earrings where id = ${id}`;
  }
});
