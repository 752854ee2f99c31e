// Content pages from page_content, /about, the not-found page, robots.txt and the sitemap.
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';

// Closed by its idle timeout: with fullyParallel a worker may come back to this file after an afterAll hook.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 1, onnotice: () => {} });

test('a content page shows its title, one paragraph per line and the last-updated date', async ({ page }) => {
  const [row] = await sql<{ page_slug: string; page_title: string; content: string; last_updated: Date }[]>`
    select page_slug, page_title, content, last_updated from page_content where page_slug <> 'about' order by page_slug limit 1`;
  expect(row, 'the seed has no content pages').toBeTruthy();
  const response = await page.goto(`/${row!.page_slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: row!.page_title })).toBeVisible();
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(row!.last_updated);
  await expect(page.getByText(`Last updated: ${date}`)).toBeVisible();
  const lines = row!.content.split(/\r\n|\r|\n/).map((l) => l.trim()).filter(Boolean);
  await expect(page.getByRole('article').locator('p')).toHaveCount(lines.length + 1);
  await expect(page.getByText(lines[0]!, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(row!.page_title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${row!.page_slug}$`));
});

test('/about shows the about page', async ({ page }) => {
  await page.goto('/about');
  const [about] = await sql<{ page_title: string }[]>`select page_title from page_content where page_slug = 'about'`;
  await expect(page.getByRole('heading', { level: 1, name: about?.page_title ?? 'About Us' })).toBeVisible();
});

test('a missing page answers 404 with Page Not Found and Return to Home', async ({ page }) => {
  const response = await page.goto('/no-such-page-anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('robots.txt and the sitemap list the catalog for crawlers', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  expect(robots).toContain('Disallow: /admin');
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  const xml = await res.text();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from catalog_products`;
  // Up to 10,000 URLs the sitemap lists them itself (lib/seo/sitemap-xml.ts); the demo catalog is far smaller.
  if (row!.n < 9_000) {
    expect(xml).toContain('<urlset');
    expect(xml).toMatch(/<loc>[^<]*\/category\/rings<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/faqs<\/loc>/);
    expect((xml.match(/<loc>[^<]*\/(rings|necklaces|bracelets|earrings|body-jewelry)\/[0-9a-f-]{36}<\/loc>/g) ?? []).length).toBe(row!.n);
  } else {
    expect(xml).toContain('<sitemapindex');
  }
});
