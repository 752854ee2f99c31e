// Product detail pages on the seeded catalog: options, prices, quantity rules, gallery, routing, SEO and axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';

// Fully parallel tests share this module per worker, so the connection is never ended by a hook; it closes when idle.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

const money = (n: number | string) => `$${Number(n).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

async function one<T extends object>(query: Promise<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** The radios are visually hidden inside chip labels, so pick one as a person does: by clicking its label. */
async function choose(radio: ReturnType<Page['getByRole']>) {
  await radio.locator('xpath=..').click();
  await expect(radio).toBeChecked();
}

async function expectNoSeriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a ring: stone choice changes the price, quantity follows the MOQ, Add to Cart fills the cart', async ({ page }) => {
  const ring = await one(sql<{ id: string; name: string; sku: string | null; moq: number; p1: string; p2: string; stone2: string }[]>`
    select id, name, sku, moq, price_stone1::text as p1, price_stone2::text as p2, stone_details->>'Stone2' as stone2
      from rings
     where price_stone1 > 0 and price_stone2 > 0 and coalesce(trim(stone_details->>'Stone2'), '') <> ''
       -- Sold one by one, without volume breaks: this journey steps the quantity by one and multiplies the price.
       -- A MOQ above 1, so a quantity below it can be typed.
       and moq > 1 and pack_size = 1 and price_breaks = '[]'::jsonb
     order by moq desc, created_at limit 1`);
  expect(ring, 'the seed has no ring with two priced stones and a MOQ above 1').toBeTruthy();
  const { id, name, sku, moq, p1, p2, stone2 } = ring!;

  await page.goto(`/rings/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`SKU: ${sku ?? 'N/A'}`)).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(money(p1));
  await expect(page.getByText(`MOQ: ${moq}`)).toBeVisible();

  // The second stone is offered by its name because the ring has one, and it has its own price.
  const stoneGroup = page.getByRole('group', { name: 'Stone' });
  await choose(stoneGroup.getByRole('radio', { name: stone2, exact: true }));
  await expect(page.getByTestId('product-price')).toHaveText(money(p2));

  // Quantity: starts at the MOQ, decrement disabled there, values below are ignored, empty means the MOQ.
  const qty = page.getByRole('textbox', { name: 'Quantity' });
  await expect(qty).toHaveValue(String(moq));
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(qty).toHaveValue(String(moq + 1));
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  await qty.fill(String(moq - 1));
  await qty.blur();
  await expect(qty).toHaveValue(String(moq + 1));
  await qty.fill('');
  await qty.blur();
  await expect(qty).toHaveValue(String(moq));
  await qty.fill(String(moq + 4));
  await qty.blur();
  await expect(qty).toHaveValue(String(moq + 4));

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(name);
  await expect(line).toContainText(stone2);
  await expect(line.getByRole('textbox', { name: `Quantity for ${name}` })).toHaveValue(String(moq + 4));
  await expect(page.getByTestId('cart-subtotal')).toHaveText(money((Math.round(Number(p2) * 100) * (moq + 4)) / 100));
});

test('a ring without a price cannot be added', async ({ page }) => {
  const ring = await one(sql<{ id: string }[]>`
    select id from rings where coalesce(price_stone1, 0) <= 0 limit 1`);
  expect(ring, 'the seed has no ring without a stone-1 price').toBeTruthy();
  await page.goto(`/rings/${ring!.id}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('a necklace that is also a bracelet: style switch resets the size and prices by size', async ({ page }) => {
  const necklace = await one(sql<{ id: string; n18: string; b7: string }[]>`
    select id, n_price_18_stone1::text as n18, b_price_7_stone1::text as b7 from necklaces
     where is_bracelet and not is_adjustable and n_price_18_stone1 > 0 and b_price_7_stone1 > 0
     order by created_at limit 1`);
  expect(necklace, 'the seed has no priced necklace flagged is_bracelet').toBeTruthy();
  await page.goto(`/necklaces/${necklace!.id}`);

  const length = page.getByRole('group', { name: 'Necklace Length' });
  await expect(length.getByRole('radio', { name: '18"' })).toBeChecked();
  await expect(page.getByTestId('product-price')).toHaveText(money(necklace!.n18));

  await choose(page.getByRole('group', { name: 'Style' }).getByRole('radio', { name: 'Bracelet' }));
  const size = page.getByRole('group', { name: 'Bracelet Size' });
  await expect(size.getByRole('radio', { name: '7"' })).toBeChecked();
  await expect(page.getByTestId('product-price')).toHaveText(money(necklace!.b7));

  await choose(page.getByRole('group', { name: 'Style' }).getByRole('radio', { name: 'Necklace' }));
  await expect(page.getByRole('group', { name: 'Necklace Length' }).getByRole('radio', { name: '18"' })).toBeChecked();
});

test('sizes without a price are disabled', async ({ page }) => {
  const necklace = await one(sql<{ id: string; length: string }[]>`
    select id, l.length from necklaces,
      lateral (values ('20', n_price_20_stone1), ('22', n_price_22_stone1), ('24', n_price_24_stone1),
                      ('26', n_price_26_stone1), ('28', n_price_28_stone1), ('30', n_price_30_stone1)) as l(length, price)
     where not is_adjustable and n_price_18_stone1 > 0 and coalesce(l.price, 0) <= 0
     order by created_at, l.length limit 1`);
  expect(necklace, 'the seed has no necklace with a length missing its price').toBeTruthy();
  await page.goto(`/necklaces/${necklace!.id}`);
  const lengths = page.getByRole('group', { name: 'Necklace Length' });
  await expect(lengths.getByRole('radio', { name: `${necklace!.length}"` })).toBeDisabled();
  await expect(lengths.getByRole('radio', { name: '18"' })).toBeEnabled();

  const bracelet = await one(sql<{ id: string }[]>`
    select id from bracelets where b_price_7_stone1 > 0 and coalesce(b_price_6_stone1, 0) <= 0 order by created_at limit 1`);
  expect(bracelet, 'the seed has no bracelet without a 6-inch price').toBeTruthy();
  await page.goto(`/bracelets/${bracelet!.id}`);
  const sizes = page.getByRole('group', { name: 'Bracelet Size' });
  await expect(sizes.getByRole('radio', { name: '6"', exact: true })).toBeDisabled();
  await expect(sizes.getByRole('radio', { name: '7"', exact: true })).toBeEnabled();
});

test('a bracelet that is also a necklace opens at 7 and switches to 18', async ({ page }) => {
  const bracelet = await one(sql<{ id: string }[]>`
    select id from bracelets where is_necklace order by created_at limit 1`);
  expect(bracelet, 'the seed has no bracelet flagged is_necklace').toBeTruthy();
  await page.goto(`/bracelets/${bracelet!.id}`);
  await expect(page.getByRole('group', { name: 'Bracelet Size' }).getByRole('radio', { name: '7"' })).toBeChecked();
  await choose(page.getByRole('group', { name: 'Style' }).getByRole('radio', { name: 'Necklace' }));
  await expect(page.getByRole('group', { name: 'Necklace Length' }).getByRole('radio', { name: '18"' })).toBeChecked();
});

test("buyer words: the stone by its name, a plain second choice, and details that follow the chosen length and style", async ({ page }) => {
  const sku = `WORDS-${Date.now().toString(36)}`.toUpperCase();
  // Its own chain length (24") is not what a buyer picks: the page once said 24" while 18" was chosen.
  const [necklace] = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, material, stone_details, chain_length, is_bracelet, n_price_18_stone1, n_price_20_stone1, b_price_7_stone1)
    values ('Words Topaz Chain', ${sku}, 'silver', ${sql.json({ Stone1: 'Blue Topaz' })}, '24', true, 40, 44, 30)
    returning id`;
  try {
    await page.goto(`/necklaces/${necklace!.id}`);
    const stones = page.getByRole('group', { name: 'Stone' });
    await expect(stones.getByRole('radio', { name: 'Blue Topaz', exact: true })).toBeChecked();
    await expect(stones.getByRole('radio', { name: 'No other stone', exact: true })).toBeDisabled();
    await expect(stones).not.toContainText('Stone 1');
    await expect(stones).not.toContainText('Stone 2');

    const details = page.getByTestId('product-details');
    const row = (label: string) => details.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    await expect(row('Stone')).toHaveText('Blue Topaz');
    await expect(row('Necklace Length')).toHaveText('18"');
    await expect(row('Style')).toHaveText('Necklace');
    await expect(details).not.toContainText('Chain Length');
    await expect(details).not.toContainText('24"');

    await choose(page.getByRole('group', { name: 'Necklace Length' }).getByRole('radio', { name: '20"', exact: true }));
    await expect(row('Necklace Length')).toHaveText('20"');
    await choose(page.getByRole('group', { name: 'Style' }).getByRole('radio', { name: 'Bracelet' }));
    await expect(row('Bracelet Size')).toHaveText('7"');
    await expect(row('Style')).toHaveText('Bracelet');
    await expect(details).not.toContainText('Necklace Length');
  } finally {
    await sql`delete from necklaces where id = ${necklace!.id}`;
  }
});

test('body jewelry shows its size and gauge', async ({ page }) => {
  const piece = await one(sql<{ id: string; size: string; gauge: string }[]>`
    select id, size, gauge from body_jewelry where size is not null and gauge is not null order by created_at limit 1`);
  expect(piece, 'the seed has no body jewelry with size and gauge').toBeTruthy();
  await page.goto(`/body-jewelry/${piece!.id}`);
  await expect(page.getByRole('term').filter({ hasText: 'Gauge' }).first()).toBeVisible();
  await expect(page.getByText(piece!.size, { exact: true }).first()).toBeVisible();
});

test('the gallery moves with arrows, thumbnails and swipe', async ({ page, isMobile }) => {
  const product = await one(sql<{ id: string; n: number }[]>`
    select ring_id as id, count(*)::int as n from product_images where ring_id is not null
     group by ring_id having count(*) >= 2 order by count(*) desc limit 1`);
  expect(product, 'the seed has no ring with two or more images').toBeTruthy();
  const { id, n } = product!;
  await page.goto(`/rings/${id}`);
  const counter = page.getByText(`1 / ${n}`);
  await expect(counter).toBeVisible();
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(page.getByText(`2 / ${n}`)).toBeVisible();
  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(page.getByText(`1 / ${n}`)).toBeVisible();
  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(page.getByText(`${n} / ${n}`)).toBeVisible();
  await page.getByRole('button', { name: `Show image 2 of ${n}` }).click();
  await expect(page.getByText(`2 / ${n}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Show image 2 of ${n}` })).toHaveAttribute('aria-current', 'true');

  if (isMobile) {
    const stage = page.getByRole('img', { name: new RegExp(`image 2 of ${n}`) }).locator('..');
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    await stage.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: box.x + box.width - 20, clientY: y }] });
    await stage.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: box.x + 20, clientY: y }] });
    await expect(page.getByText(`3 / ${n}`).or(page.getByText(`1 / ${n}`))).toBeVisible();
  }
});

test('a wrong category goes to the right one; /product/{id} finds any product', async ({ page }) => {
  const necklace = await one(sql<{ id: string }[]>`select id from necklaces order by created_at limit 1`);
  expect(necklace, 'the seed has no necklace').toBeTruthy();
  await page.goto(`/rings/${necklace!.id}`);
  await expect(page).toHaveURL(new RegExp(`/necklaces/${necklace!.id}$`));
  await page.goto(`/product/${necklace!.id}`);
  await expect(page).toHaveURL(new RegExp(`/necklaces/${necklace!.id}$`));
});

test('a missing product shows Product Not Found, with the ring wording on rings', async ({ page }) => {
  const missing = '00000000-0000-4000-8000-000000000000';
  let response = await page.goto(`/rings/${missing}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await expect(page.getByText("The ring you're looking for doesn't exist or has been removed.")).toBeVisible();

  response = await page.goto('/earrings/not-an-id');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible();

  await page.goto(`/product/${missing}`);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
});

test('detail pages carry title, description, canonical, Open Graph image and Product JSON-LD', async ({ page }) => {
  const ring = await one(sql<{ id: string; name: string; sku: string; from: string }[]>`
    select r.id, r.name, r.sku, r.price_from::text as from from rings r
     where r.price_from > 0 and r.sku is not null and exists (select 1 from product_images i where i.ring_id = r.id)
     order by r.created_at limit 1`);
  expect(ring, 'the seed has no priced ring with images').toBeTruthy();
  await page.goto(`/rings/${ring!.id}`);
  await expect(page).toHaveTitle(new RegExp(ring!.name));
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/rings/${ring!.id}$`));
  expect(await page.locator('meta[property="og:image"]').first().getAttribute('content')).toMatch(/^https?:\/\//);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld).toMatchObject({
    '@type': 'Product',
    name: ring!.name,
    sku: ring!.sku,
    offers: { price: Number(ring!.from).toFixed(2), priceCurrency: 'USD' },
  });
  expect(ld.image.length).toBeGreaterThan(0);
});

test('a detail page has no serious or critical axe findings', async ({ page }) => {
  const necklace = await one(sql<{ id: string }[]>`
    select id from necklaces where is_bracelet order by created_at limit 1`);
  const any = necklace ?? (await one(sql<{ id: string }[]>`select id from necklaces order by created_at limit 1`));
  expect(any, 'the seed has no necklace').toBeTruthy();
  await page.goto(`/necklaces/${any!.id}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expectNoSeriousAxeFindings(page);
});
