// The cart on the seeded catalog: adding from product pages, quantities, removal, references, persistence, axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';

// Fully parallel tests share this module per worker, so the connection is never ended by a hook; it closes when idle.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const cents = (price: string) => Math.round(Number(price) * 100);

interface Fixture {
  id: string;
  name: string;
  sku: string;
  moq: number;
  price: string;
  route: string;
}

/**
 * Two priced products with SKUs, sold one by one without volume breaks: a ring whose MOQ is above 1 (so a quantity
 * below it can be typed) and a necklace (opening selection priced).
 */
async function fixtures(): Promise<Fixture[]> {
  const ring = await sql<Fixture[]>`
    select id, name, sku, moq, price_stone1::text as price, 'rings' as route from rings
     where price_stone1 > 0 and sku is not null and moq > 1 and pack_size = 1 and price_breaks = '[]'::jsonb
     order by moq desc, created_at limit 1`;
  const necklace = await sql<Fixture[]>`
    select id, name, sku, moq, (case when is_adjustable then n_price_16_stone1 else n_price_18_stone1 end)::text as price,
           'necklaces' as route from necklaces
     where (case when is_adjustable then n_price_16_stone1 else n_price_18_stone1 end) > 0 and sku is not null
       and pack_size = 1 and price_breaks = '[]'::jsonb
     order by created_at limit 1`;
  return [...ring, ...necklace];
}

async function addFromProductPage(page: Page, f: Fixture) {
  await page.goto(`/${f.route}/${f.id}`);
  await expect(page.getByRole('heading', { level: 1, name: f.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
}

test('the empty cart offers Start Shopping', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
});

test('an unreadable stored cart starts empty', async ({ page }) => {
  await page.goto('/cart');
  await page.evaluate(() => localStorage.setItem('jewelry_cart', '{broken'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('add from product pages, change quantities, copy references, reload, remove, clear', async ({ page, context }) => {
  const items = await fixtures();
  expect(items.length, 'the seed needs a priced ring with a MOQ above 1 and a priced necklace, with SKUs').toBeGreaterThanOrEqual(2);
  const [ring, necklace] = items as [Fixture, Fixture];

  await addFromProductPage(page, ring);
  await addFromProductPage(page, necklace);
  // The same product with the same options raises the quantity instead of adding a line.
  await addFromProductPage(page, ring);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);

  const ringLine = lines.filter({ hasText: ring.name });
  const ringQty = ringLine.getByRole('textbox', { name: `Quantity for ${ring.name}` });
  await expect(ringQty).toHaveValue(String(ring.moq * 2));
  const necklaceLine = lines.filter({ hasText: necklace.name });
  await expect(necklaceLine).toContainText('Necklace Length:');
  await expect(necklaceLine).toContainText('Style:');
  await expect(ringLine).not.toContainText('Style:');

  const expectSubtotal = async (ringQ: number, necklaceQ: number) =>
    expect(page.getByTestId('cart-subtotal')).toHaveText(
      money(cents(ring.price) * ringQ + cents(necklace.price) * necklaceQ),
    );
  await expectSubtotal(ring.moq * 2, necklace.moq);

  // + raises, − lowers but never below the MOQ; typed values below the MOQ are ignored.
  await ringLine.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(ringQty).toHaveValue(String(ring.moq * 2 + 1));
  await expectSubtotal(ring.moq * 2 + 1, necklace.moq);
  const necklaceDecrease = necklaceLine.getByRole('button', { name: 'Decrease quantity' });
  await expect(necklaceDecrease).toBeDisabled();
  await ringQty.fill(String(ring.moq - 1));
  await ringQty.blur();
  await expect(ringQty).toHaveValue(String(ring.moq * 2 + 1));
  await ringQty.fill(String(ring.moq + 3));
  await ringQty.blur();
  await expectSubtotal(ring.moq + 3, necklace.moq);

  // Product References lists the SKUs; Copy References shows 'Copied!' for 2 seconds.
  const references = page.getByTestId('product-references');
  await expect(references).toContainText(ring.sku);
  await expect(references).toContainText(necklace.sku);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy References' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  // The context may read the clipboard: a failed read fails the journey.
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toEqual(expect.arrayContaining([ring.sku, necklace.sku]));
  await expect(page.getByRole('button', { name: 'Copy References' })).toBeVisible({ timeout: 4000 });

  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  // The cart's totals are the subtotal alone (SPEC.md): shipping and tax are an estimate beside them, charged at checkout.
  const totals = page.getByRole('complementary', { name: 'Order summary' }).locator('dl').first();
  await expect(totals).toHaveText(/^Subtotal\$[\d,]+\.\d{2}$/);

  // The cart survives a reload.
  await page.reload();
  await expect(lines).toHaveCount(2);
  await expect(ringQty).toHaveValue(String(ring.moq + 3));

  // Remove fades, then the line goes and the toast shows for about 3 seconds.
  await necklaceLine.getByRole('button', { name: `Remove ${necklace.name} from cart` }).click();
  await expect(lines).toHaveCount(1);
  const toast = page.getByText('Item removed from cart');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 6000 });
  await expectSubtotal(ring.moq + 3, 0);

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('the cart page has no serious or critical axe findings', async ({ page }) => {
  const items = await fixtures();
  expect(items.length, 'the seed has no priced product with a SKU').toBeGreaterThan(0);
  await addFromProductPage(page, items[0]!);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
