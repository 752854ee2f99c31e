// Price groups in the back office as the demo admin, at desktop and 390 px: a group added, a price list imported
// (one good row written, one bad row listed with its reason), the group's page showing the fixed price beside its list
// price, the price removed, and the group renamed and deleted.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { adminTest as test } from './support/admin-session';

// Fully parallel tests share this module per worker, so the connection is never ended by a hook; it closes when idle.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

async function expectNoSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).include('#admin-main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a group is added, given a fixed price from a price list, renamed and deleted', async ({ page }, info) => {
  const name = `E2E ${info.project.name} ${Date.now().toString(36)}`;
  const [earring] = await sql<{ sku: string; price: string }[]>`
    select sku, price_stone1::text as price from earrings where price_stone1 > 3 and sku is not null order by sku limit 1`;
  try {
    await page.goto('/admin/price-groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Price groups' })).toBeVisible();
    const add = page.getByRole('form', { name: 'Add price group' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Percent off list prices').fill('12.5');
    await add.getByRole('button', { name: 'Add price group' }).click();
    await expect(page.getByText('Price group added')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('12.5%');

    const file = `group,sku,stone,style,size,price\n${name},${earring!.sku},,,,2.50\n${name},NO-SUCH-SKU,,,,2.50\n`;
    await page.getByLabel('Choose a price list CSV file to import').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await expect(page.getByText(/prices\.csv: 2 rows, 2 ready to import\./)).toBeVisible();
    await expectNoSeriousAxeFindings(page);
    await page.screenshot({ path: info.outputPath('price-groups-preview.png'), fullPage: true });
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 row imported: 1 added' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1 row was not imported' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'NO-SUCH-SKU' })).toContainText('sku: no product has this SKU');
    await expect(row).toContainText(/12\.5%\s*1\s*0/);
    await expectNoSeriousAxeFindings(page);
    await page.screenshot({ path: info.outputPath('price-groups-imported.png'), fullPage: true });

    // The seeded Distributor group's fixed prices, for other options than every one.
    await page.getByRole('row').filter({ hasText: 'Distributor' }).getByRole('link').click();
    await expect(page.getByTestId('fixed-price')).toHaveCount(4);
    await expectNoSeriousAxeFindings(page);
    await page.screenshot({ path: info.outputPath('distributor-page.png'), fullPage: true });
    await page.goBack();

    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const price = page.getByTestId('fixed-price');
    await expect(price).toHaveCount(1);
    await expect(price).toContainText(earring!.sku);
    await expect(price).toContainText('$2.50');
    await expect(price).toContainText(`$${Number(earring!.price).toFixed(2)}`);
    await expectNoSeriousAxeFindings(page);
    await page.screenshot({ path: info.outputPath('price-group-page.png'), fullPage: true });

    await price.getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Fixed price removed')).toBeVisible();
    await expect(page.getByTestId('fixed-price')).toHaveCount(0);

    const settings = page.getByRole('form', { name: `Edit ${name}` });
    await settings.getByLabel('Name').fill(`${name} renamed`);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} renamed` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete group' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete group' }).click();
    await expect(page).toHaveURL(/\/admin\/price-groups$/);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  } finally {
    await sql`delete from price_groups where name like ${name + '%'}`;
  }
});
