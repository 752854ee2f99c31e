// The account area in Chromium: tabs in the URL, addresses (add, edit, delete, billing copy), the profile, a
// signed-in purchase prefilled from saved data that then shows in Orders, and Reorder after a product was removed.
// It adds and removes products of its own, so it runs with the checkout journeys, after the catalog ones.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { addToCart } from '../../lib/cart/lines';
import { CART_STORAGE_KEY, type CartItem } from '../../lib/cart/types';
import { createCustomer, signInContext, type TestCustomer } from '../support/e2e-accounts';
import { hydrated } from './support/hydration';

// Closed by its idle timeout: with fullyParallel a worker may run this file's hooks again after afterAll.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
const tag = () => `ACC-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

// Streamed pages keep a hidden copy of late content in the DOM for a moment: only what is shown counts.
const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const visibleText = (page: Page, text: string) => page.getByText(text).filter({ visible: true });
const field = (page: Page, label: string) => page.getByLabel(label).filter({ visible: true });

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const storedCart = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as CartItem[], CART_STORAGE_KEY);

async function signedIn(page: Page, baseURL: string | undefined, name?: string): Promise<TestCustomer> {
  const customer = await createCustomer('account', name);
  await signInContext(page.context(), customer, baseURL!);
  return customer;
}

test('the tabs live in the URL: reload and back keep them; orders are paged 20 at a time', async ({ page, baseURL }) => {
  const customer = await signedIn(page, baseURL, 'Tab Tester');
  const orders = Array.from({ length: 23 }, (_, i) => ({
    user_id: customer.id,
    total_amount: 1000 + i,
    status: ['pending', 'processing', 'dispatched', 'completed', 'cancelled'][i % 5]!,
    created_at: new Date(Date.UTC(2026, 5, 1) + i * 60_000),
  }));
  await sql`insert into orders ${sql(orders)}`;

  await page.goto('/dashboard');
  await expect(shown(page, 'account-name')).toHaveText('Tab Tester');
  await hydrated(page);
  const tabs = page.getByRole('navigation', { name: 'Account sections' });
  await expect(tabs.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(shown(page, 'account-order')).toHaveCount(20);
  await expect(visibleText(page, '23 orders · page 1 of 2')).toBeVisible();
  // Newest first: $10.22 is the 23rd order.
  await expect(shown(page, 'account-order').first()).toContainText('$10.22');
  await expect(shown(page, 'account-order').first().getByText('Dispatched', { exact: true })).toHaveClass(/bg-purple-100/);
  await expect(shown(page, 'account-order').getByText('Pending', { exact: true }).first()).toHaveClass(/bg-yellow-100/);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/dashboard\?page=2$/);
  await expect(shown(page, 'account-order')).toHaveCount(3);

  await tabs.getByRole('link', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=addresses$/);
  await expect(visibleText(page, 'No addresses saved')).toBeVisible();
  await expect(visibleText(page, 'Add shipping and billing addresses for faster checkout.')).toBeVisible();
  await page.reload();
  await expect(tabs.getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page');
  await hydrated(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?page=2$/);
  await expect(shown(page, 'account-order')).toHaveCount(3);
});

test('a customer without orders sees the empty state', async ({ page, baseURL }) => {
  await signedIn(page, baseURL);
  await page.goto('/dashboard');
  await expect(visibleText(page, 'No orders yet')).toBeVisible();
  await expect(visibleText(page, 'When you place an order, it will appear here.')).toBeVisible();
});

test('addresses: add with a billing copy, edit, set another default, delete after confirming', async ({ page, baseURL }) => {
  const customer = await signedIn(page, baseURL);
  await page.goto('/dashboard?tab=addresses');

  await page.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Set as default shipping address')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog.getByText('Street address is required')).toBeVisible();
  await expect(dialog.getByText('City is required')).toBeVisible();

  await dialog.getByLabel('Street address').fill('214 Mercer Street');
  await dialog.getByLabel('City').fill('New York');
  await dialog.getByLabel('State/Province').fill('NY');
  await dialog.getByLabel('Postal code').fill('10012');
  await dialog.getByLabel('Use this address for billing too').check();
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown(page, 'saved-address')).toHaveCount(2);
  const shipping = shown(page, 'saved-address').filter({ hasText: 'shipping' });
  await expect(shipping).toContainText('Default');
  await expect(shown(page, 'saved-address').filter({ hasText: 'billing' })).not.toContainText('Default');

  // The dialog opens empty again after a save.
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog.getByLabel('Street address')).toHaveValue('');
  await expect(dialog.getByLabel('Use this address for billing too')).not.toBeChecked();
  await dialog.getByLabel('Street address').fill('88 Main Street');
  await dialog.getByLabel('City').fill('Sag Harbor');
  await dialog.getByLabel('State/Province').fill('NY');
  await dialog.getByLabel('Postal code').fill('11963');
  await dialog.getByLabel('Set as default shipping address').check();
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(shown(page, 'saved-address')).toHaveCount(3);
  await expect(shown(page, 'saved-address').filter({ hasText: 'Default' }).filter({ hasText: 'shipping' })).toHaveCount(1);
  await expect(shown(page, 'saved-address').filter({ hasText: '88 Main Street' })).toContainText('Default');

  await page.getByRole('button', { name: 'Edit shipping address 214 Mercer Street' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(edit.getByLabel('Street address')).toHaveValue('214 Mercer Street');
  await edit.getByLabel('City').fill('Brooklyn');
  await edit.getByRole('button', { name: 'Save Address' }).click();
  await expect(edit).toBeHidden();
  await expect(shown(page, 'saved-address').filter({ hasText: 'Brooklyn' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete shipping address 214 Mercer Street' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this address?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(shown(page, 'saved-address')).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete shipping address 214 Mercer Street' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(shown(page, 'saved-address')).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  const rows = await sql`select address_type, address_line1, is_default from user_addresses where user_id = ${customer.id} order by address_type`;
  expect(rows).toEqual([
    { address_type: 'billing', address_line1: '214 Mercer Street', is_default: false },
    { address_type: 'shipping', address_line1: '88 Main Street', is_default: true },
  ]);
});

test('profile: the e-mail is read-only; name and phone are saved with a toast', async ({ page, baseURL }) => {
  const customer = await signedIn(page, baseURL);
  await page.goto('/dashboard?tab=profile');
  const email = field(page, 'Email address');
  await expect(email).toHaveValue(customer.email);
  await expect(email).toHaveAttribute('readonly', '');
  await field(page, 'Full name').fill('Olivia Profile');
  await field(page, 'Phone number').fill('call me');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(visibleText(page, 'Please enter a valid phone number')).toBeVisible();
  await field(page, 'Phone number').fill('+1 (212) 555-0199');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(shown(page, 'account-name')).toHaveText('Olivia Profile');
  await page.reload();
  await expect(field(page, 'Full name')).toHaveValue('Olivia Profile');
  await expect(field(page, 'Phone number')).toHaveValue('+1 (212) 555-0199');
});

test.describe('buying as a customer', () => {
  let ring: { id: string; sku: string };
  let stud: { id: string; sku: string };

  test.beforeAll(async () => {
    const t = tag();
    const [r] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, stone_details, moq, price_stone1, price_stone2)
      values ('Account Halo Ring', ${t + '-R'}, 'gold', ${sql.json({ Stone1: 'Ruby', Stone2: 'Sapphire' })}, 2, 21.00, 26.00)
      returning id`;
    const [s] = await sql<{ id: string }[]>`
      insert into earrings (name, sku, material, price_stone1) values ('Account Drop Stud', ${t + '-S'}, 'silver', 9.50)
      returning id`;
    ring = { id: r!.id, sku: `${t}-R` };
    stud = { id: s!.id, sku: `${t}-S` };
  });

  function cart(): CartItem[] {
    let items = addToCart([], {
      productId: ring.id,
      quantity: 2,
      specifications: { stoneType: 'stone2', stoneName: 'Sapphire', material: 'gold' },
      selectedPrice: 26,
      product: { name: 'Account Halo Ring', sku: ring.sku, category: 'rings', imageUrl: null, moq: 2, price: 21 },
    });
    items = addToCart(items, {
      productId: stud.id,
      quantity: 4,
      specifications: { stoneType: 'stone1', material: 'silver' },
      selectedPrice: 9.5,
      product: { name: 'Account Drop Stud', sku: stud.sku, category: 'earrings', imageUrl: null, moq: 1, price: 9.5 },
    });
    return items;
  }

  test('the checkout opens filled from saved data; the paid order shows in Orders; new addresses are kept', async ({ page, baseURL }) => {
    const customer = await signedIn(page, baseURL);
    await sql`update user_profiles set full_name = 'Prefill Customer', phone_number = '+1 (212) 555-0147' where user_id = ${customer.id}`;
    await sql`insert into user_addresses (user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
              values (${customer.id}, 'shipping', '214 Mercer Street', 'Ground Floor', 'New York', 'NY', '10012', 'US', true)`;
    await page.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('cart-seeded')) {
          localStorage.setItem(key, value);
          sessionStorage.setItem('cart-seeded', '1');
        }
      },
      [CART_STORAGE_KEY, JSON.stringify(cart())] as const,
    );

    await page.goto('/checkout');
    await expect(page.getByLabel('Full name')).toHaveValue('Prefill Customer');
    await expect(page.getByLabel('Street address')).toHaveValue('214 Mercer Street');
    await expect(page.getByLabel('Apartment, suite, etc. (optional)')).toHaveValue('Ground Floor');
    await expect(page.getByLabel('City')).toHaveValue('New York');
    await expect(page.getByLabel('Phone number')).toHaveValue('+1 (212) 555-0147');
    await expect(page.getByLabel('Use shipping address for billing')).toBeChecked();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    const orderId = page.url().split('/').pop()!;

    const [order] = await sql`select user_id, total_amount, goods_cents, shipping_cents, tax_cents, order_reference from orders where id = ${orderId}`;
    // The goods, UPS Ground and New York City's sales tax on both.
    expect(order).toMatchObject({ user_id: customer.id, goods_cents: '9000', shipping_cents: '1500' });
    expect(Number(order!.tax_cents)).toBeGreaterThan(0);
    expect(Number(order!.total_amount)).toBe(10500 + Number(order!.tax_cents));
    // The account names the order by the reference the confirmation showed; paid and waiting to be sent.
    await expect(page.getByTestId('order-reference')).toHaveText(order!.order_reference);
    await page.goto('/dashboard');
    const card = shown(page, 'account-order').filter({ hasText: order!.order_reference });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Processing');
    await expect(card).toContainText(`$${(Number(order!.total_amount) / 100).toFixed(2)}`);
    await expect(card.getByRole('link', { name: 'Account Halo Ring' })).toBeVisible();
    await expect(card).toContainText('Sapphire');
    await expect(card).toContainText('4 × $9.50');

    // The billing address (the same place) was kept as the default billing address; shipping was not doubled.
    await expect
      .poll(() => sql`select address_type, is_default from user_addresses where user_id = ${customer.id} order by address_type`)
      .toEqual([
        { address_type: 'billing', is_default: true },
        { address_type: 'shipping', is_default: true },
      ]);
  });

  test("reorder puts today's lines in the cart, says what changed and names the product removed since", async ({ page, baseURL }) => {
    const customer = await signedIn(page, baseURL);
    const t = tag();
    const [gone] = await sql<{ id: string }[]>`
      insert into bracelets (name, sku, material, b_price_7_stone1) values ('Account Gone Bangle', ${t + '-G'}, 'gold', 55)
      returning id`;
    const [order] = await sql<{ id: string }[]>`
      insert into orders (user_id, total_amount, status) values (${customer.id}, 10400, 'dispatched') returning id`;
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices) values
      (${order!.id}, ${ring.id}, 'rings', 2, 2500, 'Stone: Sapphire, Material: Gold', ${sql.json({ stoneType: 'stone2', stoneName: 'Sapphire', material: 'gold' })}),
      (${order!.id}, ${gone!.id}, 'bracelets', 1, 5400, 'Bracelet Size: 7", Material: Gold, Style: Bracelet',
       ${sql.json({ size: '7', style: 'bracelet', material: 'gold' })})`;
    await sql`delete from bracelets where id = ${gone!.id}`;

    await page.goto('/dashboard');
    const card = shown(page, 'account-order').filter({ hasText: `Order #${order!.id.slice(0, 8)}` });
    await expect(card.getByText('Product Unavailable')).toBeVisible();
    await expect(card.getByText('Dispatched')).toHaveClass(/bg-purple-100/);
    await card.getByRole('button', { name: /^Reorder/ }).click();
    await expect(page.getByText(`1 item from Order #${order!.id.slice(0, 8)} added to your cart`)).toBeVisible();
    // What changed since, line by line: today's price of the ring's Stone 2 is $26.00 (it was $25.00).
    await expect(page.getByTestId('reorder-changes')).toHaveText(
      'Changed since this order:Account Halo Ring (Stone: Sapphire, Material: Gold): price up to $26.00 each (was $25.00)',
    );
    await expect(page.getByText('Not added (no longer sold):')).toBeVisible();
    await expect(page.getByTestId('reorder-gone')).toHaveText('Account Gone Bangle (Bracelet Size: 7", Material: Gold, Style: Bracelet): no longer sold');

    // At today's price, at least the MOQ of 2.
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    const [line] = await storedCart(page);
    expect(line).toMatchObject({ productId: ring.id, quantity: 2, selectedPrice: 26, specifications: { stoneType: 'stone2' } });
    await page.goto('/cart');
    await expect(page.getByText('Account Halo Ring')).toBeVisible();
  });

  test('reorder keeps a volume-priced bracelet, a quote order and a ring bought before sizes, each with its choices', async ({ page, baseURL }) => {
    const customer = await signedIn(page, baseURL);
    const t = tag();
    // 30 bracelets at 5 % off (24 and up), as the order was charged; a sized ring whose order recorded no size.
    const [bangle] = await sql<{ id: string }[]>`
      insert into bracelets (name, sku, material, b_price_7_stone1, b_price_7_5_stone1, price_breaks)
      values ('Account Curb Bracelet', ${t + '-B'}, 'silver', 20, 21, ${sql.json([{ minQuantity: 24, percentOff: 5 }])}) returning id`;
    const [sized] = await sql<{ id: string }[]>`
      insert into rings (name, sku, material, price_stone1, sizes) values ('Account Sized Band', ${t + '-Z'}, 'gold', 30, '{6,7,8}')
      returning id`;
    const [order] = await sql<{ id: string }[]>`
      insert into orders (user_id, total_amount, status) values (${customer.id}, 60000, 'completed') returning id`;
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices) values
      (${order!.id}, ${bangle!.id}, 'bracelets', 30, 1900, 'Bracelet Size: 7.5", Material: Silver, Style: Bracelet, Volume −5%',
       ${sql.json({ size: '7.5', style: 'bracelet', material: 'silver', percentOff: 5 })}),
      (${order!.id}, ${sized!.id}, 'rings', 2, 3000, 'Material: Gold', ${sql.json({ material: 'gold' })})`;
    // An order paid from a quote: its line was charged the quoted price.
    const [quoted] = await sql<{ id: string }[]>`
      insert into orders (user_id, total_amount, status) values (${customer.id}, 4000, 'completed') returning id`;
    await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices) values
      (${quoted!.id}, ${ring.id}, 'rings', 2, 2000, 'Stone: Ruby, Material: Gold',
       ${sql.json({ stoneType: 'stone1', stoneName: 'Ruby', material: 'gold', quoteReference: 'Q-9001' })})`;

    await page.goto('/dashboard');
    const card = (id: string) => shown(page, 'account-order').filter({ hasText: `Order #${id.slice(0, 8)}` });
    await hydrated(page);
    await card(order!.id).getByRole('button', { name: /^Reorder/ }).click();
    await expect(page.getByText(`2 items from Order #${order!.id.slice(0, 8)} added to your cart`)).toBeVisible();
    // The bracelet's 7.5" and its break are kept as they were ($21.00 less 5 % is $19.95, was $19.00); the ring's size
    // was never recorded, so the default is chosen and said.
    // One item per changed line, in the order's line order (lines written together have no order of their own).
    const changes = page.getByTestId('reorder-changes').getByRole('listitem');
    await expect(changes).toHaveCount(2);
    expect((await changes.allTextContents()).sort()).toEqual([
      'Account Curb Bracelet (Bracelet Size: 7.5", Material: Silver, Style: Bracelet): price up to $19.95 each (was $19.00)',
      'Account Sized Band (Material: Gold): the order did not record this choice: added as Ring Size 7; change it in your cart',
    ]);
    await expect
      .poll(async () => (await storedCart(page)).map((l) => [l.productId, l.quantity, l.specifications.size]).sort())
      .toEqual(
        [
          [bangle!.id, 30, '7.5'],
          [sized!.id, 2, '7'],
        ].sort(),
      );

    await card(quoted!.id).getByRole('button', { name: /^Reorder/ }).click();
    await expect(page.getByText(`1 item from Order #${quoted!.id.slice(0, 8)} added to your cart`)).toBeVisible();
    // The first reorder's toast may still be up: this one is told apart by its line.
    await expect(page.getByTestId('reorder-changes').filter({ hasText: 'Q-9001' })).toHaveText(
      'Changed since this order:Account Halo Ring (Stone: Ruby, Material: Gold): price up to $21.00 each (quoted at $20.00 in Q-9001)',
    );
    await expect.poll(async () => (await storedCart(page)).find((l) => l.productId === ring.id)).toMatchObject({
      quantity: 2,
      selectedPrice: 21,
      specifications: { stoneType: 'stone1', stoneName: 'Ruby' },
    });
  });
});
