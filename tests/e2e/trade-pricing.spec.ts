// A price group's buyer in real Chromium: the product page, the search results and the cart show the group's
// prices, from cached copies of the group's own (ARCHITECTURE.md, "Trade accounts and price groups"), while a
// visitor sees list prices and cannot open the group's copy by its path. Each worker adds a group, products and a
// buyer of its own.
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { createCustomer, signInContext, type TestCustomer } from '../support/e2e-accounts';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let tag = '';
let ring = '';
let groupId = '';
let buyer: TestCustomer;

test.beforeAll(async () => {
  tag = `TRP-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [r] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1, price_stone2)
    values (${`Trade Band ${tag}`}, ${`${tag}-R`}, 'gold', ${sql.json({ Stone1: 'Garnet', Stone2: 'Topaz' })}, 2, 40.00, 50.00)
    returning id`;
  ring = r!.id;
  const [g] = await sql<{ id: string }[]>`insert into price_groups (name, percent_off) values (${`Boutique ${tag}`}, 15) returning id`;
  groupId = g!.id;
  // The second stone has a fixed price; the first takes the group's 15% off.
  await sql`insert into price_group_prices (group_id, product_id, category, stone, price) values (${groupId}, ${ring}, 'rings', 'stone2', 39.5)`;
  buyer = await createCustomer('trade-price', 'Trade Buyer');
  const [a] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, price_group_id)
    values (${buyer.id}, 'approved', ${`Shop ${tag}`}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, ${groupId})
    returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${a!.id}, ${buyer.id}, 'owner')`;
});

test.afterAll(async () => {
  await sql`delete from trade_accounts where owner_id = ${buyer.id}`;
  await sql`delete from price_groups where id = ${groupId}`;
  await sql`delete from rings where id = ${ring}`;
});

test("a group's buyer sees and pays the group's prices; a visitor sees list prices", async ({ page, browser, baseURL }) => {
  const visitor = await browser.newPage();
  await visitor.goto(`/rings/${ring}`);
  await expect(visitor.getByTestId('product-price')).toHaveText('$40.00');
  await visitor.close();

  await signInContext(page.context(), buyer, baseURL!);
  await page.goto(`/rings/${ring}`);
  await expect(page.getByTestId('product-price')).toHaveText('$34.00');
  await expect(page.getByText(`Boutique ${tag} price`)).toBeVisible();
  // The radios are visually hidden inside chip labels: a person clicks the label.
  await page.getByRole('radio', { name: /Topaz/ }).locator('xpath=..').click();
  await expect(page.getByTestId('product-price')).toHaveText('$39.50');

  // The search results are the group's too, and a reload still is (the page's cached copy for the group).
  await page.goto(`/search?q=${encodeURIComponent(tag)}`);
  await expect(page.locator('.pcard', { hasText: `Trade Band ${tag}` }).locator('.pcard-price')).toHaveText('From $34.00');
  await page.reload();
  await expect(page.locator('.pcard', { hasText: `Trade Band ${tag}` }).locator('.pcard-price')).toHaveText('From $34.00');

  // Staff change the group: its pages show the new price on both servers (their copies for the group revalidated).
  await sql`update price_groups set percent_off = 20 where id = ${groupId}`;
  await sql`select public.revalidate_cache_tags(array[${`price-group:${groupId}`}])`;
  for (const base of [baseURL!, process.env.E2E_SECOND_URL!]) {
    await expect(async () => {
      await page.goto(`${base}/rings/${ring}`);
      await expect(page.getByTestId('product-price')).toHaveText('$32.00', { timeout: 500 });
    }).toPass({ timeout: 10_000 });
  }

  await page.goto(`/rings/${ring}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$64.00');
});

test("nobody opens a group's cached pages by their path", async ({ request }) => {
  for (const path of [`/rings/${ring}/price-g-${groupId}`, `/price-g-${groupId}`, `/products/price-g-${groupId}`, `/search/x/price-list`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).not.toContain('34.00');
  }
});
