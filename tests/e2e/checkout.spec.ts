// Checkout in real Chromium against the production build, offline: the test-card form confirms with the Stripe
// stand-in, which signs and delivers the webhook to the app. Each worker adds products of its own with known prices.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import postgres from 'postgres';
import { extractText } from 'unpdf';
import { addToCart } from '../../lib/cart/lines';
import type { CartItem } from '../../lib/cart/types';
import { CART_STORAGE_KEY } from '../../lib/cart/types';
import { fillCard, fillShipping } from './support/checkout-form';
import { fromAddress, uniqueAddress } from './support/servers';
import { dayIn } from '../../lib/core/format/date';
import { formatShipDay, lineShipDay } from '../../lib/orders/ship-date';

// Closed by its idle timeout: with fullyParallel a worker may run this file's hooks again after afterAll.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let ring: { id: string; sku: string };
let necklace: { id: string; sku: string };

test.beforeAll(async () => {
  const tag = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [r] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1, price_stone2)
    values ('Checkout Ruby Ring', ${tag + '-R'}, 'rose-gold', ${sql.json({ Stone1: 'Ruby', Stone2: 'Sapphire' })}, 3, 19.99, 24.50)
    returning id`;
  const [n] = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, material, is_bracelet, stone_details, n_price_18_stone1, b_price_7_stone1, b_price_7_5_stone1)
    values ('Checkout Rope Chain', ${tag + '-N'}, 'gold', true, ${sql.json({ Stone1: 'Opal' })}, 45.50, 30.10, 33.25)
    returning id`;
  ring = { id: r!.id, sku: `${tag}-R` };
  necklace = { id: n!.id, sku: `${tag}-N` };
});

/** A cart as the shop's own cart code builds it: ring in stone 2 (MOQ 3), necklace bought as a 7.5" bracelet. */
function cartItems(): CartItem[] {
  let items = addToCart([], {
    productId: ring.id,
    quantity: 3,
    specifications: { stoneType: 'stone2', stoneName: 'Sapphire', material: 'rose-gold' },
    selectedPrice: 24.5,
    product: { name: 'Checkout Ruby Ring', sku: ring.sku, category: 'rings', imageUrl: null, moq: 3, price: 19.99 },
  });
  items = addToCart(items, {
    productId: necklace.id,
    quantity: 1,
    specifications: { stoneType: 'stone1', stoneName: 'Opal', size: '7.5', material: 'gold', style: 'bracelet' },
    selectedPrice: 33.25,
    product: { name: 'Checkout Rope Chain', sku: necklace.sku, category: 'necklaces', imageUrl: null, moq: 1, price: 45.5 },
  });
  return items;
}

async function withCart(page: Page) {
  await page.addInitScript(
    ([key, value]) => {
      // Only once per tab: later navigations must see what the app wrote (e.g. the cleared cart).
      if (!sessionStorage.getItem('cart-seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('cart-seeded', '1');
      }
    },
    [CART_STORAGE_KEY, JSON.stringify(cartItems())] as const,
  );
}

/** WCAG 2 A/AA violations inside the page's main content. */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const storedCart = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[], CART_STORAGE_KEY);

async function buy(page: Page): Promise<string> {
  await page.goto('/checkout');
  await fillShipping(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  return page.url();
}

test('a guest gives a company and PO number, and the confirmation and the invoice PDF show them', async ({ page }) => {
  const po = `PO-${Date.now().toString(36).toUpperCase()}/7`;
  await withCart(page);
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByLabel('Company name (optional)').fill('  Lovelace Analytical Ltd. ');
  await page.getByLabel('PO number (optional)').fill(po);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('order-company')).toHaveText('Lovelace Analytical Ltd.');
  await expect(page.getByTestId('order-purchase-order')).toHaveText(po);

  const href = await page.getByTestId('invoice-link').getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(new Uint8Array(await pdf.body()), { mergePages: true });
  expect(text.replace(/\s+/g, ' ')).toContain(`PO number ${po}`);
  expect(text.replace(/\s+/g, ' ')).toContain('Company: Lovelace Analytical Ltd.');
});

test('a guest buys two products with options and reaches Order Confirmed! with the right total', async ({ page }) => {
  // Through the product pages: the ring's second stone, Sapphire (MOQ 3), the necklace switched to a 7.5" bracelet.
  await page.goto(`/rings/${ring.id}`);
  await page.getByRole('group', { name: 'Stone' }).getByText('Sapphire', { exact: true }).click();
  await expect(page.getByTestId('product-price')).toContainText('$24.50');
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await page.goto(`/necklaces/${necklace.id}`);
  await page.getByRole('group', { name: 'Style' }).getByText('Bracelet', { exact: true }).click();
  await page.getByRole('group', { name: 'Bracelet Size' }).getByText('7.5"', { exact: true }).click();
  await expect(page.getByTestId('product-price')).toContainText('$33.25');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(async () => (await storedCart(page)).length).toBe(2);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByTestId('summary-line')).toHaveCount(2);
  // 3 × $24.50 + 1 × $33.25, priced by the server.
  await expect(page.getByTestId('checkout-total')).toHaveText('$106.75');
  await expect(page.getByLabel('Use shipping address for billing')).toBeChecked();
  await expect(page.getByLabel('Country').first()).toHaveValue('US');
  await expect(page.getByRole('link', { name: 'Return to cart' })).toHaveAttribute('href', '/cart');

  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  // With UPS Ground to Virginia ($15.00; no sales tax there), worked out from the address.
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$15.00');
  await expect(page.getByTestId('checkout-subtotal')).toHaveText('$106.75');
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toContainText('$121.75');
  await pay.click();

  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText('$121.75');
  await expect(page.getByTestId('confirmation-item')).toHaveCount(2);
  await expect(page.getByText('Stone: Sapphire, Material: Rose Gold')).toBeVisible();
  await expect(page.getByText('Stone: Opal, Bracelet Size: 7.5", Material: Gold, Style: Bracelet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  expect(await storedCart(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  const orderId = page.url().split('/').pop()!;
  const [order] = await sql`select user_id, status, total_amount, customer_name from orders where id = ${orderId}`;
  expect(order).toEqual({ user_id: null, status: 'processing', total_amount: '12175', customer_name: 'Grace Hopper' });
  const transactions = await sql<{ provider: string; status: string; provider_transaction_id: string }[]>`
    select provider, status, provider_transaction_id from transactions where order_id = ${orderId}`;
  expect(transactions).toEqual([{ provider: 'stripe', status: 'completed', provider_transaction_id: expect.stringMatching(/^pi_/) }]);
  // The stand-in delivered the signed payment_intent.succeeded to the app's webhook, which answered 200.
  await expect
    .poll(async () => {
      const res = await fetch(
        `${process.env.STRIPE_API_BASE}/__control/events?payment_intent=${transactions[0]!.provider_transaction_id}`,
        { headers: { authorization: `Bearer ${process.env.STRIPE_SECRET_KEY}` } },
      );
      const { data } = (await res.json()) as { data: { type: string; delivered: boolean }[] };
      return data.some((e) => e.type === 'payment_intent.succeeded' && e.delivered);
    })
    .toBe(true);

  // History was replaced: going back does not land on the paid checkout.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/checkout$/);
});

test('each line says when it ships, and the confirmation estimates the ship date from the slowest line', async ({ page, context }) => {
  await fromAddress(context, uniqueAddress());
  const sku = `E2E-LEAD-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [made] = await sql<{ id: string }[]>`
    insert into earrings (name, sku, material, price_stone1, lead_time_kind, lead_time_min, lead_time_max)
    values ('Made To Order Drops', ${sku}, 'gold', 40, 'made_to_order', 3, 4) returning id`;

  // The ring is in stock (every product's default); the drops are made to order.
  await page.goto(`/rings/${ring.id}`);
  await expect(page.getByTestId('product-lead-time')).toHaveText('Ships in 2 days');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto(`/earrings/${made!.id}`);
  await expect(page.getByTestId('product-lead-time')).toHaveText('Made to order: ships in 3–4 weeks');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(async () => (await storedCart(page)).length).toBe(2);

  await page.goto('/cart');
  await expect(page.getByTestId('line-lead-time')).toHaveText(['Ships in 2 days', 'Made to order, 3–4 weeks']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.goto('/checkout');
  await expect(page.getByTestId('summary-lead-time')).toHaveText(['Ships in 2 days', 'Made to order, 3–4 weeks']);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('confirmation-lead-time')).toHaveCount(2);
  await expect(page.getByTestId('confirmation-lead-time').filter({ hasText: 'Made to order, 3–4 weeks' })).toBeVisible();

  // Four weeks from the day the order was placed, in the shop's time zone.
  const orderId = page.url().split('/').pop()!;
  const [order] = await sql<{ created_at: Date }[]>`select created_at from orders where id = ${orderId}`;
  const placed = dayIn(order!.created_at, process.env.SHOP_TIME_ZONE || 'America/New_York');
  await expect(page.getByTestId('order-ship-date')).toHaveText(formatShipDay(lineShipDay(placed, { kind: 'made_to_order', min: 3, max: 4 })));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await axeViolations(page)).toEqual([]);
  await sql`delete from earrings where id = ${made!.id}`;
});

test('a declined card shows Stripe\'s message and keeps the cart', async ({ page }) => {
  await withCart(page);
  // Slow the session request down enough to see the waiting state.
  await page.route('**/api/checkout/session', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.goto('/checkout');
  await expect(page.getByText('Setting up payment...')).toBeVisible();
  await fillShipping(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeEnabled();

  await fillCard(page, '4000 0000 0000 9995');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' })).toBeVisible();
  expect(await storedCart(page)).toHaveLength(2);

  // The same payment then succeeds with a good card.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
});

test('the address validation messages appear', async ({ page }) => {
  await withCart(page);
  await page.goto('/checkout');
  await page.getByLabel('Country').selectOption('');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Please fix the errors in your address information.' })).toBeVisible();
  for (const message of [
    'Full name is required',
    'Street address is required',
    'City is required',
    'State/Province is required',
    'Postal code is required',
    'Country is required',
    'Phone number is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard only: type into the first field and submit with Enter.
  await page.getByLabel('Full name').focus();
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Full name is required', { exact: true })).toHaveCount(0);
  await expect(page.getByText('City is required', { exact: true })).toBeVisible();

  await fillShipping(page);
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Phone number').fill('555-CALL-NOW');
  await page.getByLabel('Use shipping address for billing').uncheck();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Please enter a valid phone number', { exact: true })).toBeVisible();
  const billing = page.getByRole('group', { name: 'Billing address' });
  await expect(billing.getByText('Full name is required', { exact: true })).toBeVisible();
  await expect(billing.getByText('Street address is required', { exact: true })).toBeVisible();
  await expect(billing.getByText('Phone number is required')).toHaveCount(0);
  // Nothing was charged while the form was invalid.
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a second browser cannot open the first buyer\'s confirmation page', async ({ page, browser }) => {
  await withCart(page);
  const url = await buy(page);

  const stranger = await (browser as Browser).newContext();
  const other = await stranger.newPage();
  await other.goto(url);
  await expect(other.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect(other.getByText('Order Confirmed!')).toHaveCount(0);
  await stranger.close();

  // The buyer's own browser still sees it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
});

test('a 3-D Secure card goes through the authentication page and comes back confirmed', async ({ page }) => {
  await withCart(page);
  await page.goto('/checkout');
  await fillShipping(page);
  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: '3D Secure test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}\?/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  // The goods and UPS Ground to Virginia.
  await expect(page.getByTestId('confirmation-total')).toHaveText('$121.75');
  await expect.poll(() => storedCart(page)).toEqual([]);
});

test('an empty cart asks for items and starts no payment', async ({ page }) => {
  let sessions = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/checkout/session')) sessions++;
  });
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty. Please add items before checkout.')).toBeVisible();
  expect(sessions).toBe(0);
});
