// The cart's shipping estimate in real Chromium against the production build and the demo's shipping methods: a
// guest's ZIP code priced, a bad one named beside its field, a country nobody ships to, the estimate following the
// cart's quantity to free Ground, and a signed-in buyer's saved address estimated as the cart opens.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { addToCart } from '../../lib/cart/lines';
import { CART_STORAGE_KEY, type CartItem } from '../../lib/cart/types';
import { SEED_SHIPPING_METHODS } from '../../supabase/seed/shop-settings';
import { createCustomer, signInContext } from '../support/e2e-accounts';

// Closed by its idle timeout: with fullyParallel a worker may run this file's hooks again after afterAll.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
const [GROUND, AIR, WORLD] = SEED_SHIPPING_METHODS.map((m) => m.name) as [string, string, string];
const NOTE = 'Shipping and sales tax are worked out at checkout.';
const NOWHERE = "We don't ship to this address yet. Please contact us for a quote.";
let ring: { id: string; sku: string };

test.beforeAll(async () => {
  const tag = `E2E-SHIP-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [r] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, price_stone1, weight) values ('Estimate Signet', ${tag}, 'gold', 1, 100, 4.5)
    returning id`;
  ring = { id: r!.id, sku: tag };
});

test.afterAll(async () => {
  await sql`delete from rings where id = ${ring.id}`;
});

/** One $100 ring, as the shop's own cart code stores it. */
function cartItems(quantity = 1): CartItem[] {
  return addToCart([], {
    productId: ring.id,
    quantity,
    specifications: { stoneType: 'stone1', material: 'gold' },
    selectedPrice: 100,
    product: { name: 'Estimate Signet', sku: ring.sku, category: 'rings', imageUrl: null, moq: 1, price: 100 },
  });
}

async function openCart(page: Page, quantity = 1) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(cartItems(quantity))] as const);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Estimate shipping' })).toBeVisible();
  return page.getByTestId('shipping-estimate');
}

/** A method's line in the result, e.g. 'UPS Ground$15.00'. */
const rateLine = (page: Page, name: string) => page.getByTestId('shipping-estimate-result').getByRole('listitem').filter({ hasText: name });

test('a guest estimates shipping for a ZIP code; a bad one and a country nobody reaches say so', async ({ page }) => {
  const estimate = await openCart(page);
  await expect(estimate).toContainText(NOTE);
  await expect(estimate.getByLabel('Country')).toHaveValue('US');

  const zip = estimate.getByLabel('ZIP code');
  await zip.fill('123');
  await estimate.getByRole('button', { name: 'Estimate' }).click();
  await expect(estimate.getByText('Please enter a valid ZIP code.')).toBeVisible();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toBeFocused();

  await zip.fill('10001');
  await expect(zip).not.toHaveAttribute('aria-invalid');
  await estimate.getByRole('button', { name: 'Estimate' }).click();
  await expect(rateLine(page, GROUND)).toContainText('$15.00');
  await expect(rateLine(page, AIR)).toContainText('$40.00');
  await expect(estimate.getByTestId('shipping-estimate-result')).toHaveAttribute('aria-live', 'polite');
  await expect(estimate).toContainText('To 10001, United States');

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="shipping-estimate"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await estimate.getByLabel('Country').selectOption('BR');
  await expect(estimate.getByLabel('Postal code (optional)')).toBeVisible();
  await estimate.getByLabel('Postal code (optional)').press('Enter');
  await expect(estimate.getByText(NOWHERE)).toBeVisible();
  await expect(estimate.getByRole('listitem')).toHaveCount(0);
});

test('the estimate follows the cart: Ground is free from $1,500', async ({ page }) => {
  const estimate = await openCart(page, 14);
  await estimate.getByLabel('ZIP code').fill('60601');
  await estimate.getByRole('button', { name: 'Estimate' }).click();
  // $1,400: the band from $1,000.
  await expect(rateLine(page, GROUND)).toContainText('$35.00');

  const quantity = page.getByRole('textbox', { name: 'Quantity for Estimate Signet' });
  await quantity.fill('15');
  await quantity.press('Enter');
  await expect(rateLine(page, GROUND)).toContainText('Free');
  await expect(rateLine(page, AIR)).toContainText('$60.00');
});

test('a signed-in buyer’s cart opens estimated for their saved shipping address', async ({ page, baseURL }) => {
  const customer = await createCustomer('ship-estimate', 'Estimate Buyer');
  await sql`insert into user_addresses (user_id, address_type, address_line1, city, state, postal_code, country, is_default)
            values (${customer.id}, 'shipping', '24 Sussex Drive', 'Ottawa', 'ON', 'K1A 0B1', 'CA', true)`;
  await signInContext(page.context(), customer, baseURL!);

  const estimate = await openCart(page, 10);
  await expect(estimate.getByLabel('Country')).toHaveValue('CA');
  await expect(estimate.getByLabel('Postal code (optional)')).toHaveValue('K1A 0B1');
  // 10 × 4.5 g: the first weight band, $65.00, and $10.00 handling.
  await expect(rateLine(page, WORLD)).toContainText('$75.00');
  await expect(rateLine(page, GROUND)).toHaveCount(0);
});
