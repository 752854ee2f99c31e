// Two `next start` servers on one build and one database: a product saved in the back office on server A is what
// server B's cached pages show within a second (the save's revalidation travels through the database).
import { expect } from '@playwright/test';
import postgres from 'postgres';
import SharedTagsCache from '../../lib/core/cache/shared-tags-handler.mjs';
import { adminTest as test } from './support/admin-session';
import { serverA, serverB } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 2, onnotice: () => {} });

const cacheState = async (url: string) => (await fetch(url)).headers.get('x-nextjs-cache');
const shows = async (url: string, text: string) => (await (await fetch(url)).text()).includes(text);

test('a product saved in the back office on A is fresh on B within a second @desktop-only', async ({ page }) => {
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
    // Every page cached on both servers before the edit, with the product (rendered, then answered from the cache).
    for (const url of pages) {
      await expect.poll(async () => (await cacheState(url)) === 'HIT' && (await shows(url, name)), { timeout: 15_000 }).toBe(true);
    }

    const renamed = `Renamed ${name}`;
    await page.goto(`${serverA}/admin/earrings?edit=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    const saved = Date.now();

    // Server B never saw the save: it hears of it through the database and renders afresh.
    const fresh = await Promise.all(
      pages.map(async (url) => {
        for (;;) {
          if (await shows(url, renamed)) return Date.now() - saved;
          if (Date.now() - saved > 5000) return Infinity;
          await new Promise((r) => setTimeout(r, 20));
        }
      }),
    );
    console.log(`after the save on A: ${pages.map((url, i) => `${url.replace(/^https?:\/\/[^/]+/, url.startsWith(serverA) ? 'A' : 'B')} ${fresh[i]} ms`).join(', ')}`);
    for (const ms of fresh) expect(ms).toBeLessThan(1000);
  } finally {
    await sql`delete from earrings where id = ${id}`;
  }
});
