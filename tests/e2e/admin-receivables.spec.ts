// Receivables in the back office as the demo admin, at desktop and 390 px: the screen from the side menu with its
// totals and ageing buckets, a customer's invoices (the largest overdue customer, so it is in the table whatever other
// journeys add), page 2 of them, the overdue filter and its empty state, an order's link opening its row on the
// orders screen, and the CSV of the same view. Nothing scrolls sideways at either width.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { adminTest as test } from './support/admin-session';

// Fully parallel tests share this module per worker, so the connection is never ended by a hook; it closes when idle.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

const SHOP_TIME_ZONE = 'America/New_York';
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

async function expectNoSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).include('#admin-main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function account(name: string): Promise<string> {
  const owner = randomUUID();
  await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
            values (${owner}, ${`owner-${randomUUID().slice(0, 8)}@receivables-e2e.test`}, 'authenticated', 'authenticated', now(), now())`;
  const [row] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${owner}, 'approved', ${name}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, 30, 100000000)
    returning id`;
  return row!.id;
}

/** Orders on terms for an account, due at noon `daysLate` days ago in the shop's time zone (negative: not yet due). */
async function invoices(accountId: string, tag: string, daysLate: number[], amount: number) {
  const refs: { id: string; ref: string }[] = [];
  for (const [i, late] of daysLate.entries()) {
    // As long as the shop's and Stripe's own: AFJ-100123, 5F3A2B1C-0001.
    const ref = `R${tag}-${String(i + 1).padStart(2, '0')}`.toUpperCase();
    const [order] = await sql<{ id: string }[]>`
      insert into orders (order_reference, customer_name, status, total_amount)
      values (${ref}, 'Receivables Buyer', 'processing', ${amount}) returning id`;
    await sql`insert into terms_invoices (order_id, account_id, terms_days, amount_cents, status, number, due_at)
              values (${order!.id}, ${accountId}, 30, ${amount}, 'open', ${`${tag.toUpperCase()}5F3A-00${String(i + 1).padStart(2, '0')}`},
                      (((now() at time zone ${SHOP_TIME_ZONE})::date - ${late}::int) + time '12:00') at time zone ${SHOP_TIME_ZONE})`;
    refs.push({ id: order!.id, ref });
  }
  return refs;
}

/** A customer owing a great deal, 22 invoices from 90 days late to not yet due; and one owing nothing overdue. */
async function fixture(project: string) {
  const tag = `${project.slice(0, 1)}${randomUUID().slice(0, 4)}`;
  const name = `Gilt ${tag}`;
  const id = await account(name);
  const late = [90, 75, 45, 40, 31, 30, 20, 10, 5, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -5, -20];
  const refs = await invoices(id, tag, late, 5_000_000);
  const calmName = `Calm ${tag}`;
  const calm = await account(calmName);
  await invoices(calm, `${tag}c`, [-10], 1_000);
  return { tag, name, id, refs, calm, calmName };
}

test('the Receivables screen: totals, a customer’s invoices page by page, overdue only, the order and the CSV', async ({ page }, info) => {
  const fx = await fixture(info.project.name);
  await page.goto('/admin/dashboard');
  if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Receivables' }).click();
  await expect(page).toHaveURL(/\/admin\/receivables$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
  if (isMobile(page)) await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  const totals = page.getByTestId('receivables-totals');
  for (const label of ['Open', 'Overdue', 'Current', '1–30 days', '31–60 days', 'Over 60 days']) {
    await expect(totals.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'By customer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/receivables/export');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: info.outputPath('receivables.png'), fullPage: true });

  // The customer's own view: 22 invoices, 20 on the first page, the longest overdue first.
  const customerRow = page.getByTestId('receivables-customer').filter({ hasText: fx.name });
  await expect(customerRow).toContainText('$1,100,000.00');
  await customerRow.getByRole('link', { name: fx.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/receivables\\?account=${fx.id}$`));
  await expect(page.getByText(`Showing ${fx.name} only.`)).toBeVisible();
  const rows = page.getByTestId('receivables-invoice');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(fx.refs[0]!.ref);
  await expect(rows.first()).toContainText('90');
  await expect(rows.first()).toContainText(/Overdue, was due/);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/admin/receivables/export?account=${fx.id}`);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('receivables-customer.png'), fullPage: true });

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2$/);
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText(fx.refs[21]!.ref);
  await expect(rows.last()).toContainText('Awaiting payment, due');

  // Overdue only: 19 of them, on one page; the calm customer's view has none.
  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Overdue only' }).click();
  await expect(page).toHaveURL(new RegExp(`filter=overdue&account=${fx.id}$`));
  await expect(rows).toHaveCount(19);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  const csv = await page.request.get(`/api/admin/receivables/export?filter=overdue&account=${fx.id}`);
  expect(csv.status()).toBe(200);
  // The byte-order mark first, for spreadsheet programs.
  const body = await csv.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Customer,Order Ref,Invoice Number,Amount,Owed,Due Date,Days Overdue,Bucket,Status');
  expect(lines).toHaveLength(1 + 19);
  expect(lines[1]).toContain(`${fx.name},${fx.refs[0]!.ref},${fx.tag.toUpperCase()}5F3A-0001,50000.00,50000.00,`);
  expect(lines[1]).toContain(',90,Over 60 days,');

  await page.goto(`/admin/receivables?filter=overdue&account=${fx.calm}`);
  await expect(page.getByText('No overdue invoices.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'All open' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('—');

  // An order's reference opens its row on the orders screen.
  await page.goto(`/admin/receivables?account=${fx.id}`);
  await rows.first().getByRole('link', { name: fx.refs[0]!.ref }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?order=${fx.refs[0]!.id}$`));
  await expect(page.locator(`[id="order-${fx.refs[0]!.id}"]`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show all orders' })).toBeVisible();
});

test('the dashboard shows Cash collected beside revenue, and says how it is counted', async ({ page }, info) => {
  await page.goto('/admin/dashboard');
  const cash = page.locator('dt', { hasText: 'Cash collected' });
  await expect(cash).toBeVisible();
  await expect(cash.locator('xpath=following-sibling::dd[1]')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('cash-parts')).toContainText('Ordered on terms');
  await expect(page.getByTestId('cash-parts')).toContainText('Invoices paid');
  const how = page.getByRole('button', { name: 'How Cash collected is counted' });
  await how.focus();
  await expect(how).toHaveAccessibleDescription(/revenue less what was ordered on payment terms, plus what buyers paid on terms invoices/);
  await expect(page.getByRole('tooltip')).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('dashboard.png') });
});
