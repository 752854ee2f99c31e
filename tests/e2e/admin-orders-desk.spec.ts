// The orders screen as a fulfilment desk, at desktop and phone widths: the search box (by name, reference and PO),
// compact rows (15 or more in view at 1280 × 900), two rows selected and set to a new status from the bar, two rows
// dispatched together with a tracking number each, and an order shipped in two parcels, as staff and its buyer see it.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import postgres from 'postgres';
import { DEMO_USERS } from '../../supabase/seed/demo-users';
import { newCustomer, signInWithForm } from './support/people';

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

test('two rows selected are set to Completed from the bar, which leaves Dispatched to its own dialog', async () => {
  await page.goto(`/admin/orders?q=${encodeURIComponent(`olive ${tag}`)}`);
  await page.getByRole('checkbox', { name: `Select order ${refs[21]}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${refs[20]}` }).check();
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await expect(bar.getByRole('link', { name: 'Pick list' })).toHaveAttribute('href', /\/api\/admin\/orders\/pick-list\?ids=[0-9a-f-]+,[0-9a-f-]+$/);
  await page.screenshot({ path: test.info().outputPath('orders-selected.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(bar.getByLabel('New status').locator('option', { hasText: 'Dispatched' })).toHaveCount(0);
  await bar.getByLabel('New status').selectOption('completed');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('2 orders set to Completed')).toBeVisible();
  await expect(bar).toBeHidden();
  const stored = await sql<{ status: string }[]>`select status from orders where order_reference in ${sql([refs[20]!, refs[21]!])}`;
  expect(stored.map((r) => r.status)).toEqual(['completed', 'completed']);
});

test('two rows selected are dispatched together, each with its own tracking number and mail', async () => {
  await page.goto(`/admin/orders?q=${encodeURIComponent(`olive ${tag}`)}`);
  await page.getByRole('checkbox', { name: `Select order ${refs[19]}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${refs[18]}` }).check();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Dispatch…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispatch 2 orders' });
  await expect(dialog.getByLabel('Carrier for all')).toBeFocused();
  await dialog.getByLabel('Carrier for all').fill('UPS');
  await expect(dialog.getByLabel(`Carrier for ${refs[18]}`)).toHaveValue('UPS');
  await dialog.getByLabel(`Tracking number for ${refs[19]}`).fill(`1Z${tag.toUpperCase()}19`);
  await dialog.getByRole('button', { name: 'Dispatch 2 orders' }).click();
  // A row left empty is named, and nothing is sent.
  await expect(dialog.getByRole('alert')).toHaveText(`Enter the tracking number for ${refs[18]}.`);
  await expect(dialog.getByLabel(`Tracking number for ${refs[18]}`)).toBeFocused();
  await dialog.getByLabel(`Tracking number for ${refs[18]}`).fill(`1Z${tag.toUpperCase()}18`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('bulk-dispatch.png') });
  await dialog.getByRole('button', { name: 'Dispatch 2 orders' }).click();
  await expect(page.getByText('2 orders dispatched')).toBeVisible();
  await expect(dialog).toBeHidden();
  const stored = await sql<{ order_reference: string; status: string; carrier: string; tracking_number: string; mails: number }[]>`
    select o.order_reference, o.status, o.carrier, o.tracking_number,
           (select count(*)::int from mail_outbox m where m.order_id = o.id and m.kind = 'dispatched') as mails
      from orders o where o.order_reference in ${sql([refs[18]!, refs[19]!])} order by o.order_reference`;
  expect(stored).toEqual([
    { order_reference: refs[18], status: 'dispatched', carrier: 'UPS', tracking_number: `1Z${tag.toUpperCase()}18`, mails: 1 },
    { order_reference: refs[19], status: 'dispatched', carrier: 'UPS', tracking_number: `1Z${tag.toUpperCase()}19`, mails: 1 },
  ]);
});

test('part of an order ships, then the rest; staff and the buyer see each parcel and what is left', async ({ browser }, info) => {
  const buyer = await newCustomer('parcels');
  const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${buyer.email}`;
  const reference = `SH-${tag.slice(-8).toUpperCase()}`;
  const [order] = await sql<{ id: string }[]>`
    insert into orders (order_reference, user_id, customer_name, customer_email, status, total_amount)
    values (${reference}, ${user!.id}, 'Parcel Buyer', ${buyer.email}, 'processing', 9000) returning id`;
  const [ring] = await sql<{ id: string; name: string }[]>`select id, name from rings where status = 'active' order by created_at limit 1`;
  const [chain] = await sql<{ id: string; name: string }[]>`select id, name from necklaces where status = 'active' order by created_at limit 1`;
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, choices)
            values (${order!.id}, ${ring!.id}, 'rings', 3, 2000, ${sql.json({ material: 'gold' })}),
                   (${order!.id}, ${chain!.id}, 'necklaces', 2, 1500, ${sql.json({ material: 'silver' })})`;

  await page.goto(`/admin/orders?order=${order!.id}`);
  const panel = page.getByTestId('shipments-panel');
  await expect(panel).toContainText('Nothing has shipped yet.');
  await panel.getByRole('button', { name: 'Ship items…' }).click();
  let dialog = page.getByRole('dialog', { name: `Ship items of ${reference}` });
  await dialog.getByLabel(`Quantity of ${ring!.name} to ship (3 left)`).fill('2');
  await dialog.getByLabel('Carrier (optional)').fill('UPS');
  await dialog.getByLabel('Tracking number (optional)').fill('1ZPARCEL1');
  await page.screenshot({ path: test.info().outputPath('ship-items.png') });
  await dialog.getByRole('button', { name: 'Ship these items' }).click();
  await expect(page.getByText(`${reference}: shipment saved`)).toBeVisible();
  await expect(panel.getByTestId('shipment')).toHaveCount(1);
  await expect(panel.getByTestId('shipment')).toContainText('1ZPARCEL1');
  const left = panel.getByTestId('still-to-ship').getByRole('listitem');
  await expect(left.filter({ hasText: ring!.name })).toContainText('× 1');
  await expect(left.filter({ hasText: chain!.name })).toContainText('× 2');
  await expect(page.getByTestId('order-row').first()).toContainText('Processing');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('shipments-panel.png'), fullPage: true });

  // The buyer's order: the parcel, with its tracking link, and what is still to ship.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = info.project.use;
  const buyerContext = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: process.env.E2E_BASE_URL });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto('/login');
  await signInWithForm(buyerPage, buyer);
  await expect(buyerPage).toHaveURL(/\/dashboard$/);
  const card = buyerPage.getByTestId('account-order').filter({ hasText: reference });
  await expect(card.getByTestId('order-shipment')).toHaveCount(1);
  await expect(card.getByRole('link', { name: '1ZPARCEL1' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1ZPARCEL1');
  await expect(card.getByTestId('order-still-to-ship')).toContainText(chain!.name);
  expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await card.screenshot({ path: test.info().outputPath('buyer-parcels.png') });

  // The rest: the order becomes Dispatched.
  await panel.getByRole('button', { name: 'Ship items…' }).click();
  dialog = page.getByRole('dialog', { name: `Ship items of ${reference}` });
  await dialog.getByRole('button', { name: 'Ship all that is left' }).click();
  await expect(dialog.getByLabel(`Quantity of ${chain!.name} to ship (2 left)`)).toHaveValue('2');
  await dialog.getByLabel('Carrier (optional)').fill('FedEx');
  await dialog.getByLabel('Tracking number (optional)').fill('7749PARCEL2');
  await dialog.getByRole('button', { name: 'Ship these items' }).click();
  await expect(page.getByText(`${reference}: the last items shipped, so the order is Dispatched`)).toBeVisible();
  await expect(panel.getByTestId('shipment')).toHaveCount(2);
  await expect(panel.getByTestId('still-to-ship')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Ship items…' })).toHaveCount(0);
  await expect(page.getByTestId('order-row').first()).toContainText('Dispatched');
  const mails = await sql<{ kind: string }[]>`select kind from mail_outbox where order_id = ${order!.id} order by id`;
  expect(mails.map((m) => m.kind)).toEqual(['shipment', 'shipment']);

  await buyerPage.reload();
  await expect(card.getByTestId('order-shipment')).toHaveCount(2);
  await expect(card.getByTestId('order-still-to-ship')).toHaveCount(0);
  await card.screenshot({ path: test.info().outputPath('buyer-parcels-done.png') });
  await buyerContext.close();
});
