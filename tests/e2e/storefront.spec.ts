// The Storefront screen as the demo admin, on desktop and at 390 px: a hero image uploaded with its heading and link,
// two products found by SKU and reordered with the keyboard, saved with a toast, and the home page showing them in
// that order; a javascript: link refused beside its field. The two layouts take turns (an advisory lock: both
// change the one storefront row), and the storefront is put back as it was afterwards.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import postgres from 'postgres';
import sharp from 'sharp';
import { STOREFRONT_TEXT } from '../../lib/admin/storefront/rules';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { adminTest as test } from './support/admin-session';
import { moveByKeyboard } from './support/keyboard-sort';

const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 2, idle_timeout: 2, onnotice: () => {} });
const LOCK = 20261128;

test('the hero and featured products set on the Storefront screen show on the home page', async ({ page }, info) => {
  // The other layout's run may hold the lock for a minute first.
  test.setTimeout(180_000);
  const lock = await sql.reserve();
  await lock`select pg_advisory_lock(${LOCK})`;
  const [settings] = await sql<Record<string, unknown>[]>`select * from storefront_settings`;
  const featuredBefore = await sql<{ position: number; category: string; product_id: string }[]>`select * from featured_products`;
  try {
    const products = await sql<{ id: string; name: string; sku: string }[]>`
      select id, name, sku from catalog_products where status = 'active' and sku is not null and image_url is not null
       order by created_at desc, id desc limit 2`;
    expect(products, 'the seed has two active products with SKUs').toHaveLength(2);
    const first = products[0]!;
    const second = products[1]!;
    const heading = `Autumn pieces ${info.project.name}`;

    await page.goto('/admin/storefront');
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    // Start from nothing featured, whatever an earlier run left.
    const removeFeatured = page.getByRole('list', { name: 'Featured products in display order' }).getByRole('button', { name: /^Remove / });
    while ((await removeFeatured.count()) > 0) await removeFeatured.first().click();

    const hero = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#8c6b3b' } }).png().toBuffer();
    await page.getByLabel('Upload hero image').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: hero });
    await expect(page.getByText('Image uploaded successfully')).toBeVisible();
    await page.getByLabel('Heading').fill(heading);
    await page.getByLabel('Image description').fill('A bronze-toned square for the test');
    await page.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');

    const search = page.getByLabel('Find a product to feature');
    for (const product of [first, second]) {
      await search.fill(product.sku);
      await page.getByRole('button', { name: `Feature ${product.name}`, exact: true }).first().click();
    }
    const list = page.getByRole('list', { name: 'Featured products in display order' });
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // Keyboard reordering: the second product moves up to first.
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: `Move ${second.name} (position 2)` }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(/^(Picked up product 2 of 2|Product is over position 2 of 2)\.$/);
    await moveByKeyboard(page, 'ArrowUp', 'Product is over position 1 of 2.');
    await page.keyboard.press('Space');
    await expect(announced).toHaveText('Product dropped at position 1 of 2.');
    await expect(list.getByRole('listitem').first()).toContainText(second.name);

    // A link off the shop is refused beside its field, and nothing is saved.
    await page.getByRole('button', { name: 'Save storefront' }).click();
    await expect(page.getByText(STOREFRONT_TEXT.badLink)).toBeVisible();
    await page.getByLabel('Link', { exact: true }).fill('/new-arrivals');

    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: 'Save storefront' }).click();
    await expect(page.getByText(STOREFRONT_TEXT.saved)).toBeVisible();
    expect((await sql`select product_id from featured_products order by position`).map((r) => r.product_id)).toEqual([second.id, first.id]);

    // The home page, revalidated on save: the hero and the featured products in their order.
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const heroImage = page.getByRole('img', { name: 'A bronze-toned square for the test' });
    await expect(heroImage).toHaveAttribute('src', /storefront%2F|storefront\//);
    await expect(heroImage).toHaveAttribute('sizes', /.+/);
    await expect(page.getByRole('link', { name: 'Shop the Collection' })).toHaveAttribute('href', '/new-arrivals');
    const featured = page.getByRole('region', { name: 'Featured Pieces' }).getByRole('heading', { level: 3 });
    await expect(featured).toHaveText([second.name, first.name]);

    // The 'Featured' sort of the listings follows the same order.
    await page.getByRole('region', { name: 'Featured Pieces' }).getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/products\?sort=featured$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('featured');
    await expect(page.locator('main').getByRole('heading', { level: 2 }).first()).toHaveText(second.name);
    await expect(page.locator('main').getByRole('heading', { level: 2 }).nth(1)).toHaveText(first.name);
  } finally {
    const s = settings!;
    await sql`update storefront_settings set hero_image_url = ${s.hero_image_url as string | null}, hero_alt = ${s.hero_alt as string},
              hero_heading = ${s.hero_heading as string}, hero_link = ${s.hero_link as string}, hero_link_label = ${s.hero_link_label as string},
              tile_images = ${sql.json(s.tile_images as Record<string, string>)}, updated_at = ${s.updated_at as Date | null}`;
    await sql`delete from featured_products`;
    for (const f of featuredBefore) await sql`insert into featured_products ${sql(f)}`;
    // Written past the app, so every server is told, as a save would, to drop its cached home page and listings.
    await sql`select public.revalidate_cache_tags(array['catalog'], 'e2e-storefront')`;
    await lock`select pg_advisory_unlock(${LOCK})`;
    lock.release();
  }
});
