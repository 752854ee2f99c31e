// Customers in the back office as the demo admin, at desktop and 390 px: a customer's page reached from the header
// search (by keyboard), their orders and addresses there, an order's link opening that order's row on the orders
// screen, a guest found by e-mail, and the Customers list from the menu, sorted and searched.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
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

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** An account with a profile, a saved address and two orders (one partly refunded), and a guest with one order. */
async function fixture(project: string) {
  const tag = `${project}${Date.now().toString(36)}`.toLowerCase();
  const id = randomUUID();
  const email = `cora-${tag}@customers-e2e.test`;
  const guestEmail = `gil-${tag}@customers-e2e.test`;
  await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
            values (${id}, ${email}, 'authenticated', 'authenticated', now(), now())`;
  await sql`update user_profiles set full_name = ${'Cora ' + tag}, phone_number = '(617) 555-0123' where user_id = ${id}`;
  await sql`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country, is_default)
            values (${id}, 'shipping', '12 Harbor Road', 'Boston', 'MA', '02110', 'US', true)`;
  const address = { full_name: `Cora ${tag}`, address_line1: '12 Harbor Road', address_line2: '', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', phone: '(617) 555-0123' };
  const refs = [`E2C-${tag}-1`.toUpperCase(), `E2C-${tag}-2`.toUpperCase(), `E2C-${tag}-3`.toUpperCase()];
  const orders = await sql<{ id: string; order_reference: string }[]>`
    insert into orders (user_id, order_reference, customer_name, customer_email, customer_phone, status, total_amount, shipping_address, created_at)
    values (${id}, ${refs[0]!}, ${'Cora ' + tag}, ${email}, '(617) 555-0123', 'completed', 20000, ${sql.json(address)}, now() - interval '2 days'),
           (${id}, ${refs[1]!}, ${'Cora ' + tag}, ${email}, '(617) 555-0123', 'processing', 5000, ${sql.json(address)}, now() - interval '1 day'),
           (null, ${refs[2]!}, ${'Gil ' + tag}, ${guestEmail}, '(617) 555-0999', 'completed', 1500, ${sql.json({ ...address, full_name: 'Gil ' + tag })}, now())
    returning id, order_reference`;
  const byRef = new Map(orders.map((o) => [o.order_reference, o.id]));
  await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, kind)
            values (${byRef.get(refs[0]!)!}, 'stripe', ${'re_e2c_' + tag}, 2500, 'succeeded', 'refund')`;
  return { tag, id, email, guestEmail, refs, orderId: byRef.get(refs[0]!)! };
}

test("a customer's page is reached from the header search; an order there opens its row on the orders screen", async ({ page }, info) => {
  const fx = await fixture(info.project.name);
  await page.goto('/admin/dashboard');
  const box = page.getByRole('combobox', { name: /Search products, orders and customers/ });
  await box.fill(`cora ${fx.tag}`);
  const customers = page.getByRole('group', { name: 'Customers' });
  // This is often a fresh server's first admin page: its menu's prefetches of every screen render alongside the search.
  await expect(customers.getByRole('option', { name: new RegExp(`Cora ${fx.tag}`) })).toBeVisible({ timeout: 20_000 });
  // Her orders are found by her name as well, in their own group.
  await expect(page.getByRole('group', { name: 'Orders' }).getByRole('option')).toHaveCount(2);
  // Down the list to the customer (the orders come first), then Enter.
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(customers.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${fx.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Cora ${fx.tag}` })).toBeVisible();
  // $200 − $25 refunded + $50 = $225.00.
  await expect(page.locator('dd', { hasText: '$225.00' })).toBeVisible();
  await expect(page.getByText('12 Harbor Road').first()).toBeVisible();
  await expect(page.getByRole('link', { name: fx.refs[0]! })).toBeVisible();
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: info.outputPath('customer-page.png'), fullPage: true });

  await page.getByRole('link', { name: fx.refs[0]! }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?order=${fx.orderId}$`));
  await expect(page.getByRole('row').filter({ hasText: fx.refs[0]! })).toHaveCount(1);
  await expect(page.locator(`[id="order-${fx.orderId}"]`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show all orders' })).toBeVisible();

  // A guest is found by e-mail and has a page of their own.
  await box.fill(fx.guestEmail);
  await page.getByRole('group', { name: 'Customers' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/admin\/customers\/g-[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Gil ${fx.tag}` })).toBeVisible();
  await expect(page.getByText('Guest', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: fx.refs[2]! })).toBeVisible();

  // An order found by its reference opens its row.
  await box.fill(fx.refs[1]!);
  await page.getByRole('group', { name: 'Orders' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/admin\/orders\?order=/);
  await expect(page.getByRole('row').filter({ hasText: fx.refs[1]! })).toHaveCount(1);
});

test('the Customers list from the menu: sorted by total spent, searched by phone', async ({ page }, info) => {
  const fx = await fixture(`${info.project.name}l`);
  await page.goto('/admin/dashboard');
  if (isMobile(page)) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  // The phone's menu closes on the new screen (the page moves up): wait for it before tapping a header.
  if (isMobile(page)) await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(page.getByText(/^Total spent: what the customer paid, less refunds/)).toBeVisible();
  await page.getByRole('link', { name: /^Total spent/ }).click();
  await expect(page).toHaveURL(/sort=spent$/);
  await expect(page.getByRole('columnheader', { name: /Total spent/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Search name, e-mail or phone').fill(`${fx.tag} 5550123`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.getByRole('row').filter({ hasText: `Cora ${fx.tag}` });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('$225.00');
  if (isMobile(page)) {
    // On a phone the other sorts are chosen in the form.
    await expect(page.getByLabel('Sort by')).toHaveValue('spent');
    await page.getByLabel('Sort by').selectOption('orders');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/sort=orders/);
    await expect(rows).toHaveCount(1);
  }
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: info.outputPath('customers-list.png'), fullPage: true });
  await rows.getByRole('link', { name: `Cora ${fx.tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${fx.id}$`));
});

test('staff tag a customer on their page, then filter the list by that tag', async ({ page }, info) => {
  const fx = await fixture(`${info.project.name}t`);
  const vip = `VIP ${fx.tag}`;
  await page.goto(`/admin/customers/${fx.id}`);
  const tags = page.getByRole('region', { name: 'Tags' });
  await expect(tags.getByText('No tags yet.')).toBeVisible();
  // By keyboard: type, then Enter.
  await tags.getByLabel('New tag').fill(`  ${vip} `);
  await tags.getByLabel('New tag').press('Enter');
  await expect(tags.getByRole('link', { name: vip })).toBeVisible();
  await expect(tags.getByLabel('New tag')).toHaveValue('');
  // The same tag in other letters is the same tag; a character outside the set is named.
  await tags.getByLabel('New tag').fill(vip.toLowerCase());
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByText('This customer already has that tag.')).toBeVisible();
  await tags.getByLabel('New tag').fill('Net 30!');
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByText(/^A tag can use letters, numbers, spaces and/)).toBeVisible();
  await tags.getByLabel('New tag').fill('Net 30');
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByRole('link', { name: 'Net 30' })).toBeVisible();
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: info.outputPath('customer-tags.png'), fullPage: true });

  // The list, filtered by the tag: only her, with her tags, and the search still applies.
  await page.goto('/admin/customers');
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: vip });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]tag=vip\+/);
  await expect(page.getByRole('status').filter({ hasText: `1 customer tagged ${vip}` })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: `Cora ${fx.tag}` });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('link', { name: vip })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search name, e-mail or phone').fill('nobody-by-this-name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No customers found')).toBeVisible();
  await expect(page).toHaveURL(/tag=vip/);
  await page.goBack();
  await expectNoSeriousAxeFindings(page);
  // Nothing wider than a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: info.outputPath('customers-tag-filter.png'), fullPage: true });

  // Removed on her page, by its own button.
  await page.goto(`/admin/customers/${fx.id}`);
  await page.getByRole('button', { name: `Remove tag ${vip}` }).click();
  await expect(tags.getByRole('link', { name: vip })).toHaveCount(0);
  await expect(tags.getByRole('link', { name: 'Net 30' })).toBeVisible();
});
