// A search with more matches than SEARCH_COUNT_CAP: the overlay, the drawer and the page say '1,000+' and the
// pages stop at the cap. It adds products, so it runs with the catalog-changing specs, after the read-only ones.
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { SEARCH_COUNT_CAP } from '../../lib/catalog/search-query';

const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 1, onnotice: () => {} });
const WORD = `zq${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}ite`;

test.beforeAll(async () => {
  await sql`
    insert into body_jewelry (name, sku, description, material, price_stone1, created_at)
    select 'Stud ' || i, ${WORD.toUpperCase()} || '-' || i, 'Set with ' || ${WORD} || '.', 'silver', 12, now() - make_interval(days => 400, mins => i)
      from generate_series(1, ${SEARCH_COUNT_CAP + 5}) as i`;
});

test.afterAll(async () => {
  await sql`delete from body_jewelry where sku like ${WORD.toUpperCase() + '-%'}`;
});

test("more matches than the cap read '1,000+' and their pages stop at the cap", async ({ page, isMobile }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Products' });
  await dialog.getByPlaceholder('Search for products...').fill(WORD);
  await expect(dialog.getByText('Found 1,000+ results')).toBeVisible();
  await dialog.getByRole('link', { name: 'See all 1,000+ results' }).click();

  await expect(page).toHaveURL(new RegExp(`/search\\?q=${WORD}$`));
  await expect(page.getByText('Showing 1-20 of 1,000+ results')).toBeVisible();
  const lastPage = SEARCH_COUNT_CAP / 20;
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: `Page ${lastPage}`, exact: true })).toBeVisible();
  await expect(pagination.getByRole('link', { name: `Page ${lastPage + 1}`, exact: true })).toHaveCount(0);
  if (isMobile) {
    await page.getByRole('button', { name: /filters/i }).click();
    await expect(page.getByRole('button', { name: 'Show 1,000+ results' })).toBeVisible();
  }
});
