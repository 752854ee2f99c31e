// The orders screen as a fulfilment desk, at desktop and phone widths: the search box (by name, reference and PO),
// compact rows (15 or more in view at 1280 × 900), and two rows selected and set to a new status from the bar.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import postgres from 'postgres';
import { DEMO_USERS } from '../../supabase/seed/demo-users';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
// One tag per run and project, so the searches find only this journey's orders.
const tag = `Desk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const refs: string[] = [];

test.beforeAll(async ({ browser }, info) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = info.project.use;
  context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: process.env.E2E_BASE_URL });
  page = await context.newPage();
  for (let i = 0; i < 22; i++) {
    const reference = `DK-${tag.slice(-8).toUpperCase()}-${String(i).padStart(2, '0')}`;
    await sql`
      insert into orders (order_reference, customer_name, customer_email, purchase_order, status, total_amount)
      values (${reference}, ${`Olive ${tag}`}, ${`${tag.toLowerCase()}.${i}@example.com`}, ${`PO-${tag}-${i}`}, 'processing', ${1000 + i})`;
    refs.push(reference);
  }
});
test.afterAll(async () => {
  await context?.close();
});

const rows = () => page.getByTestId('order-row');

test('the demo admin signs in', async () => {
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(DEMO_USERS.admin.email);
  await page.getByLabel('Password').fill(DEMO_USERS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('at 1280 × 900 at least 15 order rows are in view @desktop-only', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/orders');
  await expect(rows()).toHaveCount(20);
  let inView = 0;
  for (const row of await rows().all()) {
    const box = await row.boundingBox();
    if (box && box.y >= 0 && box.y + box.height <= 900) inView += 1;
  }
  expect(inView).toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: test.info().outputPath('orders-1280.png') });
});

test('the search box finds orders by name, reference and PO, with the status filter and pages', async () => {
  await page.goto('/admin/orders');
  const box = page.getByRole('searchbox', { name: 'Search orders' });
  await box.fill(`olive ${tag}`);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=olive`));
  await expect(page.getByRole('status').filter({ hasText: '22 orders' })).toBeVisible();
  await expect(rows()).toHaveCount(20);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(rows()).toHaveCount(2);
  await box.fill(refs[3]!);
  await box.press('Enter');
  await expect(rows()).toHaveCount(1);
  await expect(rows().first()).toContainText(refs[3]!);
  await box.fill(`PO-${tag}-7`);
  await box.press('Enter');
  await expect(rows().first()).toContainText(refs[7]!);
  await page.getByLabel('Status').selectOption('completed');
  await expect(page.getByText('No orders found')).toBeVisible();
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('two rows selected are set to Completed from the bar; bulk dispatch is refused', async () => {
  await page.goto(`/admin/orders?q=${encodeURIComponent(`olive ${tag}`)}`);
  await page.getByRole('checkbox', { name: `Select order ${refs[21]}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${refs[20]}` }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await expect(bar.getByRole('link', { name: 'Pick list' })).toHaveAttribute('href', /\/api\/admin\/orders\/pick-list\?ids=[0-9a-f-]+,[0-9a-f-]+$/);
  await page.screenshot({ path: test.info().outputPath('orders-selected.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await bar.getByLabel('New status').selectOption('dispatched');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Dispatch orders one at a time: each needs its tracking number.')).toBeVisible();
  await bar.getByLabel('New status').selectOption('completed');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 orders set to Completed')).toBeVisible();
  await expect(bar).toBeHidden();
  const stored = await sql<{ status: string }[]>`select status from orders where order_reference in ${sql([refs[20]!, refs[21]!])}`;
  expect(stored.map((r) => r.status)).toEqual(['completed', 'completed']);
});
