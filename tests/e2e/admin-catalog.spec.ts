// The catalog back office as the demo admin, in Chromium: a product added as a draft (a 404 to shoppers, even to the
// admin browsing the shop, who previews it from its form instead), given two images, reordered by keyboard, published in
// its modal after the readiness check names what it lacks, its new primary image on
// the storefront listing and product page; a price edit the storefront shows at once; a CSV
// import with a bad row listed by number and reason; a delete that takes the product off the storefront.
import { writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import postgres from 'postgres';
import sharp from 'sharp';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { addToCart } from '../../lib/cart/lines';
import { CART_STORAGE_KEY } from '../../lib/cart/types';
import { LINE_UNAVAILABLE_LABEL, UNAVAILABLE_CHECKOUT_NOTE } from '../../lib/cart/constants';
import { adminTest as test } from './support/admin-session';
import { moveByKeyboard } from './support/keyboard-sort';
import { GO_BACK, NOT_READY_TITLE, PUBLISH_ANYWAY } from '../../lib/admin/catalog/readiness';
import { PREVIEW_BANNER } from '../../lib/catalog/preview-rules';

// Fully parallel tests share this module per worker, so the connection is never ended by a hook; it closes when idle.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

async function expectNoSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const png = async (colour: string) => sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer();

/** The stored object path inside an <img> src (the optimiser's URL carries the storage URL). */
const objectPath = (url: string) => url.split('/object/public/product-images/')[1]!;

async function imageUrls(productId: string): Promise<string[]> {
  const rows = await sql<{ image_url: string }[]>`select image_url from product_images where ring_id = ${productId} order by display_order`;
  return rows.map((r) => r.image_url);
}

test.describe.serial('a product from the back office to the storefront', () => {
  let sku = '';
  let name = '';
  let id = '';

  test('added with two images, reordered by keyboard: the new primary shows on the listing and the product page', async ({ page, browser }, info) => {
    sku = `E2E-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
    name = `Backoffice Ring ${sku}`;
    await page.goto('/admin/rings');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByLabel('Material').selectOption('gold');
    await dialog.getByLabel('Price, Stone 1').fill('123.45');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product added successfully')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]edit=[0-9a-f-]{36}/);
    id = new URL(page.url()).searchParams.get('edit')!;

    await dialog.getByLabel('Upload images').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await png('#b08d57') },
      { name: 'side.png', mimeType: 'image/png', buffer: await png('#3b5b8c') },
    ]);
    // The toast first: it shows as soon as an upload is stored and goes after a few seconds.
    await expect(page.getByText('Image uploaded successfully').first()).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
    const [first, second] = await imageUrls(id);
    expect(second, 'both images are stored').toBeTruthy();

    // Keyboard reordering: Space picks the second image up, the left arrow moves it first, Space drops it; each step
    // is announced to screen readers.
    const announced = page.locator('[id^="DndLiveRegion"]');
    await dialog.getByRole('button', { name: 'Move image 2' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(/^(Picked up image 2 of 2|Image is over position 2 of 2)\.$/);
    await moveByKeyboard(page, 'ArrowLeft', 'Image is over position 1 of 2.');
    await page.keyboard.press('Space');
    await expect(announced).toHaveText('Image dropped at position 1 of 2.');
    await expect.poll(() => imageUrls(id)).toEqual([second, first]);
    await expect(dialog.locator('[data-image-id]').first().locator('img')).toHaveAttribute('src', new RegExp(objectPath(second!)));

    // A new product is a draft: marked on the grid, and nowhere in the shop.
    await expect(dialog.getByLabel('Status')).toHaveValue('draft');
    await expect(page.locator(`article[aria-label="${name}"] [data-testid="status-badge"]`)).toHaveText('Draft');
    expect((await page.request.get(`/rings/${id}`)).status()).toBe(404);
    expect(await (await page.request.get('/category/rings')).text()).not.toContain(name);
    expect(await (await page.request.get(`/search?q=${encodeURIComponent(sku)}`)).text()).not.toContain(name);
    await expect(dialog.getByTestId('product-history')).toContainText('Created as Draft');

    // Staff preview the draft from its form: the shop's page under a banner, per request and never indexed.
    const [preview] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('link', { name: /Preview in shop/ }).click()]);
    await expect(preview).toHaveURL(new RegExp(`/admin/preview/rings/${id}$`));
    await expect(preview.getByRole('status').filter({ hasText: PREVIEW_BANNER.draft })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await preview.close();
    // The shop's own URL, opened by staff, leads to the same preview.
    const typed = await page.context().newPage();
    await typed.goto(`/rings/${id}`);
    await expect(typed).toHaveURL(new RegExp(`/admin/preview/rings/${id}$`));
    await expect(typed.getByRole('status').filter({ hasText: PREVIEW_BANNER.draft })).toBeVisible();
    await typed.close();
    const previewAnswer = await page.request.get(`/admin/preview/rings/${id}`);
    expect(previewAnswer.status()).toBe(200);
    expect(previewAnswer.headers()['cache-control']).toMatch(/no-store/);
    // A visitor without a session: the shop's URL is still a 404, and the preview sends them to sign in.
    const stranger = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      expect((await stranger.request.get(`/rings/${id}`)).status()).toBe(404);
      expect((await stranger.request.get(`/product/${id}`)).status()).toBe(404);
      const shopper = await stranger.newPage();
      await shopper.goto(`/rings/${id}`);
      await expect(shopper.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
      await expect(shopper).toHaveURL(new RegExp(`/rings/${id}$`));
      const bounced = await stranger.request.get(`/admin/preview/rings/${id}`);
      expect(bounced.url()).toMatch(/\/admin\/login$/);
      expect(await bounced.text()).not.toContain(name);
    } finally {
      await stranger.close();
    }

    // Published in the modal: it has no description yet, so the form says so and asks first.
    await dialog.getByLabel('Status').selectOption('active');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const notReady = page.getByRole('alertdialog');
    await expect(notReady).toContainText(NOT_READY_TITLE);
    await expect(notReady).toContainText('Missing: a description');
    await notReady.getByRole('button', { name: GO_BACK }).click();
    await expect(notReady).toBeHidden();
    await expect(dialog.getByLabel('Status')).toHaveValue('active');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await notReady.getByRole('button', { name: PUBLISH_ANYWAY }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`article[aria-label="${name}"] [data-testid="status-badge"]`)).toHaveCount(0);

    await page.goto('/category/rings');
    const card = page.getByRole('link', { name: new RegExp(name) });
    await expect(card.locator('img')).toHaveAttribute('src', new RegExp(objectPath(second!)));
    await expect(card).toContainText('From $123.45');
    await page.goto(`/rings/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('img', { name: `${name}, image 1 of 2` })).toHaveAttribute('src', new RegExp(objectPath(second!)));
  });

  test('a price edited in the modal is the storefront\'s price on the next request', async ({ page }) => {
    await page.goto(`/admin/rings?edit=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await expect(dialog.getByTestId('product-history')).toContainText('Status: Draft → Active');
    await dialog.getByLabel('Price, Stone 1').fill('98.76');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto(`/rings/${id}`);
    await expect(page.getByTestId('product-price')).toHaveText('$98.76');
    await page.goto('/category/rings');
    await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('From $98.76');
    // Search answers kept by the server are dropped with the catalog's pages.
    await page.goto(`/search?q=${encodeURIComponent(sku)}`);
    await expect(page.getByRole('link', { name: new RegExp(name) })).toContainText('From $98.76');
  });

  test('deleting it asks first, then takes it off the storefront', async ({ page }) => {
    await page.goto('/admin/rings');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete ${name}?`);
    await confirm.getByRole('button', { name: 'Delete product' }).click();
    await expect(page.getByText('Product deleted successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
    expect(await imageUrls(id)).toEqual([]);

    await page.goto('/category/rings');
    await expect(page.getByRole('heading', { level: 1, name: 'Rings Collection' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    const response = await page.goto(`/rings/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  });
});

test('an import with a bad row writes the good rows and lists the bad one by number and reason', async ({ page }, info) => {
  const tag = `E2E-IMP-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const csv = `sku,name,material,price_stone1,is_new_arrival\n${tag}-1,Stud One ${tag},gold,10.50,yes\n${tag}-2,Stud Two ${tag},silver,twelve,no\n${tag}-3,Stud Three ${tag},rose gold,14,1\n`;
  // The storefront's cached listing is dropped by the import once it has committed.
  await page.goto('/category/earrings');
  await expect(page.getByRole('heading', { level: 1, name: 'Earrings Collection' })).toBeVisible();
  await page.goto('/admin/earrings');
  const panel = page.getByRole('region', { name: 'Import Products' });
  const picker = page.getByLabel('Choose a CSV file to import');
  // On a phone the panel is folded away until asked for (a desktop shows it open, with no such button).
  const show = panel.getByRole('button', { name: 'Show import' });
  if (await show.isVisible()) await show.click();
  await expect(panel.getByText('Choose a CSV file')).toBeVisible();

  // Files that cannot be imported are refused in the browser with the reason, before anything is sent.
  const twoFiles = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    for (const name of ['a.csv', 'b.csv']) transfer.items.add(new File(['sku\nX-1\n'], name, { type: 'text/csv' }));
    return transfer;
  });
  await panel.getByText('Choose a CSV file').dispatchEvent('drop', { dataTransfer: twoFiles });
  await expect(panel.getByRole('alert')).toHaveText('Choose one file at a time.');
  const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
  await picker.setInputFiles({ name: 'studs.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  await expect(panel.getByRole('alert')).toContainText('This is a spreadsheet file, not CSV.');
  // Over Playwright's 50 MB limit for a file given as a buffer, so it goes through a file.
  const huge = test.info().outputPath('huge.csv');
  await writeFile(huge, Buffer.alloc(64 * 1024 * 1024 + 1, 0x41));
  await picker.setInputFiles(huge);
  await expect(panel.getByRole('alert')).toHaveText('The file is too large (64 MB at most). Split it into smaller files.');

  await picker.setInputFiles({ name: 'studs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(panel).toContainText('3 rows — 2 ready to import, 1 with problems');
  await panel.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(panel.getByRole('status')).toContainText('2 products imported successfully');
  await expect(page.getByText('2 products imported successfully').first()).toBeVisible();
  const bad = panel.getByRole('table', { name: 'Rows that were not imported' });
  await expect(bad.getByRole('row')).toHaveCount(2);
  await expect(bad.getByRole('row').nth(1)).toContainText(`3${tag}-2price_stone1: Price (Stone 1) must be a number, like 12.50`);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download rows with problems (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('earrings-import-problems.csv');
  const stored = await sql<{ sku: string; material: string; is_new_arrival: boolean }[]>`
    select sku, material, is_new_arrival from earrings where sku like ${tag + '%'} order by sku`;
  expect(stored).toEqual([
    { sku: `${tag}-1`, material: 'gold', is_new_arrival: true },
    { sku: `${tag}-3`, material: 'rose-gold', is_new_arrival: true },
  ]);
  // The new products are the newest: the grid shows them at once.
  await expect(page.getByRole('article', { name: `Stud Three ${tag}` })).toBeVisible();
  await page.goto('/category/earrings');
  await expect(page.getByRole('link', { name: new RegExp(`Stud Three ${tag}`) })).toBeVisible();
});

test('a large file is checked a slice at a time: progress shows, Cancel answers at once, and the preview follows @desktop-only', async ({ page }) => {
  const rows = Array.from({ length: 60_000 }, (_, i) => `E2E-BIG-${String(i).padStart(6, '0')},Big Import Ring ${i},gold,${(10 + (i % 90)).toFixed(2)},A ring of the big file`);
  const file = { name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku,name,material,price_stone1,description\n${rows.join('\n')}\n`) };
  await page.goto('/admin/rings');
  const panel = page.getByRole('region', { name: 'Import Products' });
  const picker = page.getByLabel('Choose a CSV file to import');
  await picker.setInputFiles(file);
  const progress = panel.getByRole('progressbar', { name: 'Check progress' });
  await expect(progress).toBeVisible();
  await expect(panel).toContainText('Checking big.csv…');
  // The page answers while the rows are checked: Cancel stops the check and the file can be chosen again.
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden();
  await picker.setInputFiles(file);
  await expect(panel).toContainText('60,000 rows — 60,000 ready to import', { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: 'Import 60,000 products' })).toBeVisible();
  await panel.getByRole('button', { name: 'Choose another file' }).click();
  await expect(picker).toBeAttached();
});

test('a product chosen in the header search opens in its edit modal; the screen and the modal pass axe', async ({ page }) => {
  const [necklace] = await sql<{ id: string; name: string; sku: string }[]>`
    select id, name, sku from necklaces where sku is not null order by created_at limit 1`;
  await page.goto('/admin/rings');
  await expectNoSeriousAxeFindings(page);
  await page.getByRole('combobox', { name: 'Search products' }).fill(necklace!.sku);
  await page.getByRole('option', { name: new RegExp(necklace!.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/necklaces\\?edit=${necklace!.id}$`));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(necklace!.name);
  await expect(dialog.getByLabel('SKU')).toHaveValue(necklace!.sku);
  await expectNoSeriousAxeFindings(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/necklaces$/);
});

test('a cart line whose product is a draft is marked no longer available and cannot go to checkout', async ({ page }, info) => {
  const sku = `E2E-DRAFT-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, price_stone1, status) values (${`Draft Cart Ring ${sku}`}, ${sku}, 'gold', 1, 20, 'draft') returning id`;
  try {
    const items = addToCart([], {
      productId: ring!.id,
      quantity: 1,
      specifications: { stoneType: 'stone1', material: 'gold' },
      selectedPrice: 20,
      product: { name: `Draft Cart Ring ${sku}`, sku, category: 'rings', imageUrl: null, moq: 1, price: 20 },
    });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(items)] as const);
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    await expect(line.getByTestId('line-unavailable')).toHaveText(LINE_UNAVAILABLE_LABEL);
    await expect(page.getByRole('status').filter({ hasText: UNAVAILABLE_CHECKOUT_NOTE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' }).first()).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0);
    // The checkout refuses it too, in the words it uses for a deleted product.
    await page.goto('/checkout');
    await expect(page.getByText('An item in your cart is no longer available. Please remove it from your cart.')).toBeVisible();
  } finally {
    await sql`delete from rings where id = ${ring!.id}`;
  }
});
