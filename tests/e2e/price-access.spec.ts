// Who sees prices, in real Chromium: where the shop shows prices to approved trade accounts only, a visitor is asked
// to sign in and a retail customer to apply, with no Add to Cart and no price anywhere in the page's HTML, its RSC
// payload or its JSON-LD; an approved account sees its prices. The journey changes a shop-wide setting, so it runs
// in a project of its own after the others (playwright.config.ts).
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { createCustomer, signInContext, type TestCustomer } from '../support/e2e-accounts';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let tag = '';
let ring = '';
let retail: TestCustomer;
let trade: TestCustomer;

/** Saves the setting as the settings screen does: the row, then the revalidation every server hears. */
async function showPricesTo(visibility: 'everyone' | 'trade') {
  await sql`update shop_settings set price_visibility = ${visibility}`;
  await sql`select public.revalidate_cache_tags(array['shop-settings'])`;
}

test.beforeAll(async () => {
  tag = `PRA-${Date.now().toString(36)}`.toUpperCase();
  const [r] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, price_stone1) values (${`Hidden Price Band ${tag}`}, ${`${tag}-R`}, 'silver', 1, 87.65)
    returning id`;
  ring = r!.id;
  [retail, trade] = await Promise.all([createCustomer('price-retail', 'Retail Buyer'), createCustomer('price-trade', 'Trade Buyer')]);
  const [a] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address)
    values (${trade.id}, 'approved', ${`Shop ${tag}`}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })})
    returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${a!.id}, ${trade.id}, 'owner')`;
  await showPricesTo('trade');
});

test.afterAll(async () => {
  await showPricesTo('everyone');
  await sql`delete from trade_accounts where owner_id = ${trade.id}`;
  await sql`delete from rings where id = ${ring}`;
});

test('a visitor is asked to sign in, a retail customer to apply, and neither finds a price', async ({ page, browser, baseURL, request }) => {
  await expect(async () => {
    const html = await (await request.get(`/rings/${ring}`)).text();
    expect(html).toContain('Sign in for wholesale prices');
    expect(html).not.toContain('87.65');
  }).toPass({ timeout: 10_000 });
  // The payload a client navigation fetches, and the search answer, carry no price either.
  const rsc = await request.get(`/rings/${ring}`, { headers: { RSC: '1' } });
  expect(await rsc.text()).not.toContain('87.65');
  const found = await request.get(`/api/search?q=${encodeURIComponent(tag)}`);
  expect(await found.text()).not.toContain('87.65');

  await page.goto(`/rings/${ring}`);
  await expect(page.getByRole('link', { name: 'Sign in for wholesale prices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  const retailPage = await browser.newPage();
  await signInContext(retailPage.context(), retail, baseURL!);
  await retailPage.goto(`/rings/${ring}`);
  await expect(retailPage.getByRole('link', { name: 'Apply for a trade account' })).toBeVisible();
  await expect(retailPage.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  expect(await retailPage.content()).not.toContain('87.65');
  await retailPage.close();

  const tradePage = await browser.newPage();
  await signInContext(tradePage.context(), trade, baseURL!);
  await tradePage.goto(`/rings/${ring}`);
  await expect(tradePage.getByTestId('product-price')).toHaveText('$87.65');
  await expect(tradePage.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await tradePage.close();
});
