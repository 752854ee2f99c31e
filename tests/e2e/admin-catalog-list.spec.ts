// The category screen's list view as the demo admin, on a desktop and a 390 px phone: a filtered set of rings picked
// on the list, their prices raised by a percent after a confirmation that names the count, and the storefront's
// product page and search showing the new prices on the next request while a ring outside the filter keeps its own;
// a bulk publish of drafts that says how many are not ready and publishes only the ready ones.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { adminTest as test } from './support/admin-session';
import { BULK_NOT_READY_NOTE, bulkNotReadyTitle, PUBLISH_READY_ONLY, publishedReadyOnly } from '../../lib/admin/catalog/readiness';

const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

test('a bulk price change of a filtered set shows on the storefront', async ({ page }, info) => {
  // One journey through the back office and three storefront pages.
  test.setTimeout(180_000);
  const tag = `E2E-LIST-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const rows = await sql<{ id: string; sku: string }[]>`
    insert into rings (name, sku, material, price_stone1, price_stone2, status)
    values (${`List Ring A ${tag}`}, ${`${tag}-A`}, 'rose-gold', 10, null, 'active'),
           (${`List Ring B ${tag}`}, ${`${tag}-B`}, 'rose-gold', 20, 24.99, 'active'),
           (${`List Ring C ${tag}`}, ${`${tag}-C`}, 'silver', 50, null, 'active')
    returning id, sku`;
  const [a, b, c] = rows;
  try {
    // The storefront has the old prices cached before the change.
    await page.goto(`/rings/${a!.id}`);
    await expect(page.getByTestId('product-price')).toHaveText('$10.00');

    await page.goto('/admin/rings');
    await page.getByRole('link', { name: 'List' }).click();
    await expect(page).toHaveURL(/view=list/);
    await page.getByLabel('Name or SKU').fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(page.getByRole('status').filter({ hasText: 'products found' })).toHaveText('3 products found');
    await page.getByLabel('Material').selectOption('rose-gold');
    await expect(page).toHaveURL(/material=rose-gold/);
    await expect(page.getByRole('status').filter({ hasText: 'products found' })).toHaveText('2 products found');

    // Sorting by price, highest first, is a header that says how it sorts.
    const priceHeader = page.getByRole('columnheader', { name: /Price from/ });
    await priceHeader.getByRole('link').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
    await priceHeader.getByRole('link').click();
    await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('row').nth(1)).toContainText(`List Ring B ${tag}`);

    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByLabel('Select every product on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 selected');
    await bar.getByLabel('Prices by %').fill('10');
    await bar.getByRole('button', { name: 'Change prices' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Change every price of 2 products by +10%?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Prices of 2 products changed by +10%')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`List Ring A ${tag}`) })).toContainText('$11.00');

    // A row opens the product's edit modal.
    await page.getByRole('button', { name: new RegExp(`^List Ring B ${tag}\\s*, edit$`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(`List Ring B ${tag}`);
    await expect(dialog.getByLabel('Price, Stone 1')).toHaveValue('22.00');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/rings/${a!.id}`);
    await expect(page.getByTestId('product-price')).toHaveText('$11.00');
    await page.goto(`/rings/${c!.id}`);
    await expect(page.getByTestId('product-price')).toHaveText('$50.00');
    await page.goto(`/search?q=${encodeURIComponent(b!.sku)}`);
    await expect(page.getByRole('link', { name: new RegExp(`List Ring B ${tag}`) })).toContainText('From $22.00');
  } finally {
    await sql`delete from rings where id in ${sql(rows.map((r) => r.id))}`;
  }
});

test("a search matching more than 1,000 products reads '1,000+', and Select all counts them exactly", async ({ page }, info) => {
  const tag = `E2E-CAP-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  // Drafts: the storefront never shows them, so the other specs' listings are as they were. Dated years back, so
  // they never push another journey's new product off the first page of the back office's newest-first grid.
  await sql`
    insert into rings (name, sku, material, price_stone1, status, created_at)
    select 'Capped Ring ' || g, ${tag} || '-' || g, 'silver', 10, 'draft', timestamptz '2001-01-01' + g * interval '1 second'
      from generate_series(1, 1005) g`;
  try {
    await page.goto(`/admin/rings?view=list&q=${tag}`);
    await expect(page.getByRole('status').filter({ hasText: 'products found' })).toHaveText('1,000+ products found');
    await expect(page.getByText('Showing the first 1,000 matches. Add to the search to narrow it down.')).toBeVisible();
    await page.getByLabel('Select every product on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('20 selected');
    await bar.getByRole('button', { name: 'Select all matching' }).click();
    await expect(bar).toContainText('All 1,005 matching products selected');
    await bar.getByRole('button', { name: 'Unmark New' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('1,005 products');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await sql`delete from rings where sku like ${tag + '-%'}`;
  }
});

test('a bulk publish says how many products are not ready, and can publish only the ready ones', async ({ page }, info) => {
  const tag = `E2E-READY-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  // Drafts dated years back, so they never reach another journey's first page; one has an image (a seed file).
  const rows = await sql<{ id: string }[]>`
    insert into rings (name, sku, price_stone1, description, status, created_at)
    values (${`Ready Ring ${tag}`}, ${`${tag}-A`}, 10, 'Hand set.', 'draft', timestamptz '2001-01-01'),
           (${`Bare Ring ${tag}`}, ${`${tag}-B`}, 10, 'Hand set.', 'draft', timestamptz '2001-01-01')
    returning id`;
  const [ready, bare] = rows;
  await sql`
    insert into product_images (ring_id, image_url, is_primary, display_order)
    select ${ready!.id}, image_url, true, 0 from product_images where ring_id is not null limit 1`;
  try {
    await page.goto(`/admin/rings?view=list&q=${tag}`);
    await expect(page.getByRole('status').filter({ hasText: 'products found' })).toHaveText('2 products found');
    await page.getByLabel('Select every product on this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    const asked = page.getByRole('alertdialog');
    await expect(asked).toContainText(bulkNotReadyTitle(1, 2));
    await expect(asked).toContainText(BULK_NOT_READY_NOTE);
    await asked.getByRole('button', { name: PUBLISH_READY_ONLY }).click();
    await expect(page.getByText(publishedReadyOnly(1, 1))).toBeVisible();
    await expect.poll(async () => (await sql`select status from rings where id = ${ready!.id}`)[0]?.status).toBe('active');
    expect((await sql`select status from rings where id = ${bare!.id}`)[0]?.status).toBe('draft');
  } finally {
    await sql`delete from rings where sku like ${tag + '-%'}`;
  }
});
