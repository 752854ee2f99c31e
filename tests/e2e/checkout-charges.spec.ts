// Shipping and sales tax at checkout, as a buyer meets them: the methods for the address with their prices, Illinois
// tax by jurisdiction, a change of method that changes the total before Pay, the order as charged; free shipping
// from $1,500 of goods; and an address no method reaches, which takes no payment. Each journey buys products of its own.
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { addToCart } from '../../lib/cart/lines';
import { CART_STORAGE_KEY, type CartItem } from '../../lib/cart/types';
import { fillCard, fillShipping } from './support/checkout-form';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let earring: { id: string; sku: string };

test.beforeAll(async () => {
  const sku = `E2E-TAX-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [row] = await sql<{ id: string }[]>`
    insert into earrings (name, sku, earring_type, material, price_stone1) values ('Charges Stud', ${sku}, 'Stud', 'gold', 25)
    returning id`;
  earring = { id: row!.id, sku };
});

test.afterAll(async () => {
  await sql`delete from earrings where id = ${earring.id}`;
});

/** `quantity` studs at $25.00 in the cart, as the cart code stores them. */
async function withCart(page: Page, quantity: number) {
  const items: CartItem[] = addToCart([], {
    productId: earring.id,
    quantity,
    specifications: { stoneType: 'stone1', material: 'gold' },
    selectedPrice: 25,
    product: { name: 'Charges Stud', sku: earring.sku, category: 'earrings', imageUrl: null, moq: 1, price: 25 },
  });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(items)] as const);
}

/** Moves the filled shipping address to Chicago (a taxed address; Illinois taxes the shipping too). */
async function toChicago(page: Page) {
  await page.getByLabel('Street address').first().fill('233 S Wacker Dr');
  await page.getByLabel('City').first().fill('Chicago');
  await page.getByLabel('State/Province').first().fill('IL');
  await page.getByLabel('Postal code').first().fill('60606');
}

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

test('a taxed checkout in Illinois: methods with prices, tax by jurisdiction, the total before Pay is what is charged', async ({ page }) => {
  await withCart(page, 4); // $100.00
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText('$100.00');
  await expect(page.getByText('Enter your shipping address to see the shipping methods for it.')).toBeVisible();
  await fillShipping(page, 'tax.buyer@boutique.example');
  await toChicago(page);

  const methods = page.getByRole('group', { name: 'Shipping method' });
  await expect(methods.getByRole('radio', { name: /UPS Ground/ })).toBeChecked();
  await expect(methods.getByText('$15.00')).toBeVisible();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$15.00');
  await expect(page.getByTestId('checkout-tax-part').filter({ hasText: 'Illinois' })).toBeVisible();
  const groundTotal = cents(await page.getByTestId('checkout-total').textContent());
  expect(groundTotal).toBeGreaterThan(11500); // goods + shipping + tax

  await methods.getByRole('radio', { name: /UPS 2nd Day Air, insured/ }).check();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$40.00');
  await expect.poll(async () => cents(await page.getByTestId('checkout-total').textContent())).toBeGreaterThan(groundTotal + 2500);
  const total = cents(await page.getByTestId('checkout-total').textContent());
  const pay = page.getByRole('button', { name: /^Pay/ });
  await expect(pay).toContainText((await page.getByTestId('checkout-total').textContent())!);

  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('UPS 2nd Day Air, insured').first()).toBeVisible();
  const orderId = page.url().split('/').pop()!;
  const [order] = await sql<{ total_amount: string; goods_cents: string; shipping_cents: string; tax_cents: string; shipping_method: string }[]>`
    select total_amount, goods_cents, shipping_cents, tax_cents, shipping_method from orders where id = ${orderId}`;
  expect(order).toMatchObject({ total_amount: String(total), goods_cents: '10000', shipping_cents: '4000', shipping_method: 'UPS 2nd Day Air, insured' });
  expect(Number(order!.tax_cents)).toBe(total - 14000);
  expect(Number(order!.tax_cents)).toBeGreaterThan(0);
});

test('goods of $1,500 or more ship free by UPS Ground', async ({ page }) => {
  await withCart(page, 60); // $1,500.00
  await page.goto('/checkout');
  await fillShipping(page, 'free.shipping@boutique.example');
  const ground = page.getByRole('group', { name: 'Shipping method' }).getByRole('radio', { name: /UPS Ground/ });
  await expect(ground).toBeChecked();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('Free');
  // Virginia: no sales tax in the stand-in's table.
  await expect(page.getByTestId('checkout-total')).toHaveText('$1,500.00');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const [order] = await sql<{ total_amount: string; shipping_cents: string }[]>`
    select total_amount, shipping_cents from orders where id = ${page.url().split('/').pop()!}`;
  expect(order).toEqual({ total_amount: '150000', shipping_cents: '0' });
});

test('an address outside every shipping zone is told so and takes no payment', async ({ page }) => {
  await withCart(page, 2);
  await page.goto('/checkout');
  await fillShipping(page, 'far.away@boutique.example');
  await page.getByLabel('Country').first().selectOption('BR');
  await page.getByLabel('State/Province').first().fill('SP');
  await page.getByLabel('Postal code').first().fill('01310-100');
  await expect(page.getByRole('alert').filter({ hasText: "We don't ship to Brazil yet." })).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: "We don't ship to Brazil yet." }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const [orders] = await sql<{ count: number }[]>`
    select count(*)::int as count from orders where customer_email = 'far.away@boutique.example'`;
  expect(orders!.count).toBe(0);
});
