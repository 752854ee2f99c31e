// The back office in real Chromium as the demo admin, at desktop and mobile widths: sign-in, a customer refused, the
// dashboard and its periods, the header search (Ctrl + /), the orders screen (a partial refund, a status change confirmed
// and undone, on a phone as a card list), a content page
// edited and seen on the storefront, sign-out. One signed-in page per project, in order: admin sign-in is rate
// limited per e-mail address, as it should be.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import postgres from 'postgres';
import { createStripeClient } from '../../lib/payments/client';
import { DEMO_USERS } from '../../supabase/seed/demo-users';

// Closed by its idle timeout: with fullyParallel a worker may come back to this file after an afterAll hook.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
const stripe = createStripeClient({ secretKey: process.env.STRIPE_SECRET_KEY!, apiBase: process.env.STRIPE_API_BASE });
const SHOP_TIME_ZONE = 'America/New_York';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }, info) => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = info.project.use;
  context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: process.env.E2E_BASE_URL });
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
});

const isMobile = () => (page.viewportSize()?.width ?? 1280) < 1024;

/** WCAG 2 A/AA violations inside the screen's main content. */
async function axeViolations() {
  const { violations } = await new AxeBuilder({ page }).include('#admin-main').withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openMenuIfMobile() {
  if (isMobile()) await page.getByRole('button', { name: 'Menu' }).click();
}

/** An order paid by card through the Stripe stand-in, as fulfilment writes it. */
async function paidOrder(totalCents: number, status = 'completed') {
  const intent = await stripe.paymentIntents.create({ amount: totalCents, currency: 'usd', allowed_payment_method_types: ['card'] });
  const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  const reference = `E2E-${Date.now().toString(36).toUpperCase()}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const [order] = await sql<{ id: string }[]>`
    insert into orders (order_reference, customer_name, customer_phone, status, total_amount, shipping_address)
    values (${reference}, 'Ada Refund', '+1 555 0199', ${status}, ${totalCents},
            ${sql.json({ full_name: 'Ada Refund', address_line1: '9 Test Street', address_line2: 'Suite 1200, Back Bay Financial District', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', phone: '+1 555 0199' })})
    returning id`;
  const [ring] = await sql<{ id: string }[]>`select id from rings order by created_at limit 1`;
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            values (${order!.id}, ${ring!.id}, 'rings', 2, ${totalCents / 2}, 'Stone: Ruby, Material: Gold', ${sql.json({ stoneName: 'Ruby', material: 'gold' })})`;
  await sql`insert into transactions (order_id, provider, provider_transaction_id, amount, status, payment_method)
            values (${order!.id}, 'stripe', ${paid.id}, ${totalCents}, 'completed', 'card')`;
  return { id: order!.id, reference };
}

test('/admin sends a visitor to Admin Login, where the demo admin signs in and lands on the dashboard', async () => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email address').fill(DEMO_USERS.admin.email);
  await page.getByLabel('Password').fill(DEMO_USERS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  // A signed-in admin who opens the login page, or /admin, goes straight to the dashboard.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a customer is refused with You do not have admin permissions', async ({ browser }, info) => {
  const { viewport, isMobile: mobile, hasTouch } = info.project.use;
  const other = await browser.newContext({ viewport, isMobile: mobile, hasTouch, baseURL: process.env.E2E_BASE_URL });
  const p = await other.newPage();
  await p.goto('/admin/login');
  await p.getByLabel('Email address').fill(DEMO_USERS.customer.email);
  await p.getByLabel('Password').fill(DEMO_USERS.customer.password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.getByRole('alert').filter({ hasText: 'You do not have admin permissions' })).toBeVisible();
  await expect(p).toHaveURL(/\/admin\/login$/);
  await p.goto('/admin/orders');
  await expect(p).toHaveURL(/\/admin\/login$/);
  await other.close();
});

test('the dashboard shows every figure and switches periods through the URL', async () => {
  await page.goto('/admin/dashboard');
  for (const label of ['Total Orders', 'Total Revenue', 'Avg. Order Value', 'Completion Rate']) {
    await expect(page.locator('dt', { hasText: label })).toBeVisible();
  }
  await expect(page.getByText('vs last month')).toHaveCount(2);
  // What revenue counts is said on focus, and read as the button's description.
  const how = page.getByRole('button', { name: 'How Total Revenue is counted' });
  await how.focus();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(how).toHaveAccessibleDescription(/paid for orders placed in this period, less refunds: goods, shipping and sales tax\. Cancelled orders are left out/);
  await expect(page.getByText('per order')).toBeVisible();
  await expect(page.getByText('orders completed')).toBeVisible();
  for (const heading of ['Order Status', 'Daily Order Trends', 'Peak Ordering Hours', 'Payment Methods', 'Recent Orders', 'Top Products', 'Product Categories']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'View All Orders →' })).toHaveAttribute('href', '/admin/orders');
  await expect(page.getByRole('heading', { name: 'Busiest Hours' })).toBeVisible();
  // Each bar of the daily chart reads its value.
  await expect(page.getByRole('list', { name: 'Orders per day, last 30 days' }).getByRole('listitem')).toHaveCount(30);
  await expect(page.getByRole('list', { name: 'Orders per hour of the day' }).getByRole('listitem')).toHaveCount(24);
  expect(await axeViolations()).toEqual([]);

  const period = page.getByRole('navigation', { name: 'Period' });
  await expect(period.getByRole('link', { name: 'This Month' })).toHaveAttribute('aria-current', 'page');
  // A period not yet shown is computed on the server: give a busy machine time.
  await period.getByRole('link', { name: 'Last Month' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?period=last-month$/, { timeout: 30_000 });
  await expect(period.getByRole('link', { name: 'Last Month' })).toHaveAttribute('aria-current', 'page');
  const [{ n }] = await sql<[{ n: number }]>`
    select count(*)::int as n from orders
     where created_at >= (date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) - interval '1 month') at time zone ${SHOP_TIME_ZONE}
       and created_at < date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}`;
  await expect(page.locator('dt', { hasText: 'Total Orders' }).locator('xpath=following-sibling::dd[1]')).toHaveText(n.toLocaleString('en-US'));
  await period.getByRole('link', { name: 'All Time' }).click();
  await expect(page).toHaveURL(/period=all-time$/, { timeout: 30_000 });
  await page.getByRole('link', { name: /^Rings \d+/ }).click();
  await expect(page).toHaveURL(/\/admin\/rings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rings' })).toBeVisible();
});

test('Ctrl + / focuses the product search; a result opens its category screen with the edit hand-off', async () => {
  await page.goto('/admin/orders');
  const [product] = await sql<{ id: string; sku: string; name: string }[]>`select id, sku, name from earrings order by created_at desc limit 1`;
  const box = page.getByRole('combobox', { name: 'Search products' });
  // The shortcut works once the page has hydrated; on a busy machine that can come after the load event.
  await expect(async () => {
    await page.keyboard.press('Control+/');
    await expect(box).toBeFocused({ timeout: 1000 });
  }).toPass();
  await box.fill('zzqx');
  await expect(page.getByText('No products found for "zzqx"')).toBeVisible();
  await box.fill(product!.sku);
  const option = page.getByRole('option', { name: new RegExp(product!.name) });
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  // The category screen takes the hand-off (admin_edit_product) and opens the product's edit modal.
  await expect(page).toHaveURL(new RegExp(`/admin/earrings\\?edit=${product!.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('SKU')).toHaveValue(product!.sku);
  const stored = await page.evaluate(() => ({ handoff: localStorage.getItem('admin_edit_product'), history: localStorage.getItem('adminSearchHistory') }));
  expect(stored.handoff).toBeNull();
  expect(JSON.parse(stored.history!)[0]).toBe(product!.sku);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The last searches come back in an empty box.
  await page.keyboard.press('Control+/');
  await expect(page.getByRole('option', { name: product!.sku })).toBeVisible();
  await page.keyboard.press('Escape');
});

/** The order's row, whichever layout the width gives (a table row, or a card on a phone). */
const orderRow = (reference: string) => page.getByTestId('order-row').filter({ hasText: reference });

test('a partial refund from the Refund button keeps the status and the list shows the net paid; then one line with a reason', async () => {
  const order = await paidOrder(279_480, 'processing');
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const row = orderRow(order.reference);
  await row.getByRole('button', { name: `Refund order ${order.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order ${order.reference}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Partial refund').check();
  await dialog.getByLabel('Amount to refund in dollars').fill('100');
  await expect(dialog.getByText('A partial refund keeps the order Processing.')).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  // A reason is asked for before anything is refunded.
  await dialog.getByRole('button', { name: 'Refund $100.00' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for the refund.');
  await dialog.getByLabel('Reason', { exact: true }).selectOption({ label: 'Goodwill' });
  await dialog.getByRole('button', { name: 'Refund $100.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${order.reference} stays Processing.`)).toBeVisible();
  await expect(row).toContainText('Partially refunded $100.00');
  await expect(row).toContainText('$2,694.80');
  await expect(row.getByText('Processing', { exact: true })).toBeVisible();
  const [{ status }] = await sql<[{ status: string }]>`select status from orders where id = ${order.id}`;
  expect(status).toBe('processing');
  const refunds = await sql<{ amount: string; status: string }[]>`
    select amount, status from transactions where order_id = ${order.id} and kind = 'refund'`;
  expect(refunds).toEqual([{ amount: '10000', status: 'succeeded' }]);

  // One of the two rings back, with a reason: the dialog prices it as the server does ($1,397.40 each).
  await row.getByRole('button', { name: `Refund order ${order.reference}` }).click();
  await expect(dialog.getByLabel('Items and shipping')).toBeChecked();
  const quantity = dialog.getByRole('spinbutton', { name: /^Quantity of .+ to refund$/ });
  await expect(quantity).toHaveAttribute('max', '2');
  await quantity.fill('1');
  await dialog.getByLabel('Reason', { exact: true }).selectOption({ label: 'Damaged' });
  await dialog.getByLabel('Note (optional)').fill('Stone chipped');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await axeViolations()).toEqual([]);
  await dialog.getByRole('button', { name: 'Refund $1,397.40' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Partially refunded $1,497.40');
  const [line] = await sql<{ refund_reason: string; refund_note: string; quantity: number; amount_cents: string }[]>`
    select t.refund_reason, t.refund_note, l.quantity, l.amount_cents from refund_lines l join transactions t on t.id = l.refund_id
     where l.order_id = ${order.id}`;
  expect(line).toEqual({ refund_reason: 'damaged', refund_note: 'Stone chipped', quantity: 1, amount_cents: '139740' });
  // Its credit note is linked on the order and opens as a PDF.
  await row.getByRole('button', { name: `Details of order ${order.reference}` }).click();
  const creditNotes = page.locator(`[id="order-${order.id}"]`).getByRole('link', { name: /^Credit note CN-\d{4}-\d{6}/ });
  await expect(creditNotes).toHaveCount(2);
  const pdf = await page.request.get((await creditNotes.last().getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // Nothing more of the line than is left: the other ring only.
  await row.getByRole('button', { name: `Refund order ${order.reference}` }).click();
  await expect(dialog.getByRole('spinbutton', { name: /^Quantity of .+ to refund$/ })).toHaveAttribute('max', '1');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the orders screen on any width: open an order, change its status with a confirmation, undo it; Cancelled asks first', async () => {
  const order = await paidOrder(12_000, 'processing');
  await page.goto('/admin/orders');
  const row = orderRow(order.reference);
  // Every field and action of the row is on screen, with nothing scrolled sideways (a card list on a phone).
  for (const text of ['Ada Refund', 'Processing', '$120.00']) await expect(row.getByText(text, { exact: true })).toBeInViewport();
  await expect(row.getByRole('button', { name: `Refund order ${order.reference}` })).toBeInViewport();
  await row.getByRole('button', { name: `Details of order ${order.reference}` }).click();
  const details = page.locator(`[id="order-${order.id}"]`);
  await expect(details.getByText('Stone: Ruby, Material: Gold')).toBeVisible();
  await expect(details.getByText('Suite 1200, Back Bay Financial District').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  const address = await details.getByText('Suite 1200, Back Bay Financial District').first().boundingBox();
  expect(address!.x + address!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(details.getByText(/^Transaction: pi_/)).toBeVisible();
  expect(await axeViolations()).toEqual([]);

  // Choosing a status saves nothing until confirmed in place.
  await details.getByLabel('Status').selectOption('completed');
  const confirm = details.getByRole('group', { name: 'Confirm the status change' });
  await expect(confirm).toContainText(`Change ${order.reference} from Processing to Completed?`);
  expect((await sql<[{ status: string }]>`select status from orders where id = ${order.id}`)[0].status).toBe('processing');
  await confirm.getByRole('button', { name: 'Set Completed' }).click();
  await expect(page.getByText(`${order.reference}: Processing → Completed`)).toBeVisible();
  await expect(details.getByText('Processing → Completed')).toBeVisible();
  // Undo, through the same action, within the toast's few seconds.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Order ${order.reference} is Processing again`)).toBeVisible();
  await expect(details.getByText('Completed → Processing')).toBeVisible();
  await expect.poll(async () => (await sql<[{ status: string }]>`select status from orders where id = ${order.id}`)[0].status).toBe('processing');

  // Cancelled asks first and offers the refund; keeping the status changes nothing.
  await details.getByLabel('Status').selectOption('cancelled');
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.reference}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Refund $120.00 to the buyer’s card')).toBeChecked();
  await dialog.getByRole('button', { name: 'Keep Processing' }).click();
  await expect(dialog).toBeHidden();
  await expect(details.getByLabel('Status')).toHaveValue('processing');
  expect((await sql<[{ status: string }]>`select status from orders where id = ${order.id}`)[0].status).toBe('processing');
});

test('a content page is edited and the storefront shows it at once', async ({}, info) => {
  const slug = info.project.name.includes('mobile') ? 'privacy-policy' : 'terms-of-service';
  const [row] = await sql<{ page_title: string; content: string }[]>`select page_title, content from page_content where page_slug = ${slug}`;
  const marker = `Edited in the back office ${Date.now().toString(36)}.`;
  await page.goto('/admin/pages');
  await expect(page.getByRole('heading', { name: 'Content Pages' })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${row!.page_title}` }).click();
  const form = page.getByRole('form', { name: `Edit ${row!.page_title}` });
  await expect(form.getByLabel('Content')).toHaveAttribute('rows', '10');
  // The safe Markdown subset: a heading and bold text, seen in the preview before saving.
  const heading = `Care ${Date.now().toString(36)}`;
  await form.getByLabel('Content').fill(`${row!.content.split('\n').slice(0, 2).join('\n')}\n## ${heading}\n**${marker}**`);
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByTestId('page-preview');
  await expect(preview.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText(marker);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Page updated successfully')).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  // The server that saved knows at once; its other worker (and any other server) within a NOTIFY's round trip
  // (lib/core/cache/shared-tags-handler.mjs). A visit that lands in that moment is shown the page from before, as
  // a shopper's would be: asked again a moment later, the edit is there.
  await expect
    .poll(
      async () => {
        await page.goto(`/${slug}`);
        return (await page.locator('article strong', { hasText: marker }).isVisible()) && page.getByRole('heading', { name: heading, level: 2 }).isVisible();
      },
      { intervals: [250, 500, 1000], timeout: 5_000 },
    )
    .toBe(true);
});

test('the side menu reaches every screen and Sign out returns to Admin Login', async () => {
  await page.goto('/admin/dashboard');
  await openMenuIfMobile();
  const menu = page.getByRole('navigation', { name: 'Admin' });
  // Trade accounts and Quotes carry the count of applications and requests waiting for an answer, when there are any.
  const labels = ['Dashboard', 'Orders', 'Customers', /^Trade accounts(\d+)?$/, 'Receivables', 'Price groups', /^Quotes(\d+)?$/, 'Rings', 'Necklaces', 'Bracelets', 'Earrings', 'Body Jewelry', 'Pages', 'Storefront', 'Settings'];
  await expect(menu.getByRole('link')).toHaveText(labels);
  await menu.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // The mobile menu closes on arrival; open it again for the current-screen mark and Sign out.
  await openMenuIfMobile();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
