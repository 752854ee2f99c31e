// The search overlay and its JSON route on the seeded catalog. Expected totals come from the same SQL match.
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { buildPrefixTsQuery } from '../../lib/catalog/search-query';

// Closed by its idle timeout: with fullyParallel a worker may come back to this file after an afterAll hook.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 1, onnotice: () => {} });

async function matches(input: string) {
  const q = buildPrefixTsQuery(input)!;
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from catalog_products
     where search_vector @@ to_tsquery('english', ${q}) or lower(sku) = ${input.trim().toLowerCase()}`;
  return row!.n;
}

test('finds a product by its SKU while typing and opens it', async ({ page }) => {
  const [product] = await sql<{ id: string; category: string; name: string; sku: string }[]>`
    select id, category, name, sku from catalog_products where sku is not null order by created_at limit 1`;
  expect(product, 'needs a product with a SKU').toBeTruthy();
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Search products' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Search Products' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Start typing to search for products')).toBeVisible();
  const input = dialog.getByPlaceholder('Search for products...');
  await expect(input).toBeFocused();

  // Blank input after trimming is ignored.
  await input.fill('   ');
  await page.waitForTimeout(450);
  await expect(dialog.getByText('Start typing to search for products')).toBeVisible();

  await input.fill(product!.sku);
  const expected = await matches(product!.sku);
  await expect(dialog.getByText(expected === 1 ? 'Found 1 result' : `Found ${expected} results`)).toBeVisible();
  const first = dialog.getByRole('link').first();
  await expect(first).toContainText(product!.name);
  await first.click();
  const route = product!.category === 'body_jewelry' ? 'body-jewelry' : product!.category;
  await expect(page).toHaveURL(new RegExp(`/${route}/${product!.id}$`));
  await expect(dialog).toBeHidden();
});

test('counts word-prefix matches and closes by Escape, backdrop and close button, giving focus back', async ({ page }) => {
  const word = 'gol';
  const expected = await matches(word);
  expect(expected, 'needs several gold products').toBeGreaterThanOrEqual(2);
  await page.goto('/products');
  const opener = page.getByRole('button', { name: 'Search products' });
  const dialog = page.getByRole('dialog', { name: 'Search Products' });

  // The backdrop shows below the panel while it is short (before any results).
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, (page.viewportSize()?.height ?? 800) - 5);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByPlaceholder('Search for products...').fill(word);
  await expect(dialog.getByText(`Found ${expected} results`)).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(Math.min(20, expected));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Close search' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the search route validates its input and answers JSON', async ({ request }) => {
  const blank = await request.get('/api/search?q=%20%20');
  expect(blank.status()).toBe(400);
  expect(await blank.json()).toMatchObject({ error: 'Query parameter q must not be blank.' });
  const nul = await request.get('/api/search?q=ring%00x');
  expect(nul.status()).toBe(400);
  expect(JSON.stringify(await nul.json())).not.toMatch(/postgres|invalid byte|syntax/i);
  expect((await request.get('/api/search')).status()).toBe(400);
  expect((await request.get(`/api/search?q=${'a'.repeat(101)}`)).status()).toBe(400);

  const res = await request.get('/api/search?q=ring');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { results: { id: string; category: string; name: string }[]; total: number };
  expect(body.total).toBe(await matches('ring'));
  expect(body.results.length).toBe(Math.min(20, body.total));
  for (const r of body.results) expect(r).toEqual(expect.objectContaining({ id: expect.any(String), category: expect.any(String) }));
});
