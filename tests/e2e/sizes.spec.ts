// Size runs on the seeded catalog: several ring sizes or necklace lengths ordered in one step from the product page,
// each its own cart line under the MOQ and pack rules, the volume break counted over the product's total.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { ringSizesWords } from '../../lib/catalog/ring-sizes';
import { CART_STORAGE_KEY, type CartItem } from '../../lib/cart/types';
import { roundUp } from '../../lib/purchase/steps';
import { discountedCents } from '../../lib/purchase/volume-pricing';
import { fillCard, fillShipping } from './support/checkout-form';
import { fromAddress, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });

const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const cents = (price: string) => Math.round(Number(price) * 100);
/** 'Ring Size: 5' but not 'Ring Size: 5.5'. */
const sizeText = (label: string, value: string) => new RegExp(`${label}:\\s*${value.replace(/[."]/g, '\\$&')}(?![\\d.])`);

const storedCart = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as CartItem[], CART_STORAGE_KEY);

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Each journey pays from an address of its own, so the checkout's rate limit counts only its own sessions.
test.beforeEach(async ({ context }) => {
  await fromAddress(context, uniqueAddress());
});

test('a ring bought in three sizes', async ({ page }) => {
  // A seeded ring of the wider run (US 4–13, $3.00 more from size 10), sold without volume breaks so each line is
  // priced by its size alone.
  const [ring] = await sql<
    { id: string; name: string; moq: number | null; pack: number; price: string; surcharge: string; sizes: string[] }[]
  >`
    select id, name, moq, pack_size as pack, price_stone1::text as price, size_surcharge::text as surcharge, sizes
      from rings
     where status = 'active' and not is_adjustable and price_stone1 > 0 and price_breaks = '[]'::jsonb
       and size_surcharge > 0 and size_surcharge_from = '10' and sizes @> array['5', '7', '10']::text[]
     order by sku limit 1`;
  expect(ring, 'the seed has a priced ring offering sizes 5, 7 and 10 with a surcharge from 10').toBeTruthy();
  const steps = { min: Math.ceil((ring!.moq || 1) / ring!.pack) * ring!.pack, pack: ring!.pack };
  const q = steps.min;
  const base = cents(ring!.price);
  const surcharged = base + cents(ring!.surcharge);

  await page.goto(`/rings/${ring!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ring!.name })).toBeVisible();
  // The size group, and the Details table naming the size chosen and the sizes offered.
  const group = page.getByRole('group', { name: 'Ring Size' });
  await expect(group.getByRole('radio', { name: '7', exact: true })).toBeChecked();
  await expect(group.getByRole('radio')).toHaveCount(ring!.sizes.length);
  await expect(group.getByText('Size 10 and up: +$3.00 a piece.')).toBeVisible();
  const detail = (label: string) =>
    page.getByTestId('product-details').locator('div').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) });
  await expect(detail('Ring Size').getByRole('definition')).toHaveText('7');
  await expect(detail('Sizes').getByRole('definition')).toHaveText(ringSizesWords(ring!.sizes));

  // Opened by keyboard; the first size's field comes next in the tab order.
  const toggle = page.getByRole('button', { name: 'Order several sizes' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const field = (size: string) => page.getByRole('spinbutton', { name: `Quantity of size ${size}`, exact: true });
  await expect(field('4')).toHaveValue('0');
  await page.keyboard.press('Tab');
  await expect(field('4')).toBeFocused();
  await expect(page.getByRole('spinbutton')).toHaveCount(ring!.sizes.length);

  // Three ways in: the arrow steps from none to the smallest quantity, a typed quantity, one rounded up on leaving.
  await field('5').press('ArrowUp');
  await expect(field('5')).toHaveValue(String(q));
  await field('7').fill(String(q));
  await field('10').fill('1');
  await field('10').blur();
  await expect(field('10')).toHaveValue(String(q));
  // Prices differ by size, so each size shows its own: the surcharge from 10.
  const panel = page.getByRole('group', { name: 'Quantities by ring size' });
  await expect(panel.getByRole('listitem').filter({ has: field('10') })).toContainText(money(surcharged));
  await expect(panel.getByRole('listitem').filter({ has: field('7') })).toContainText(money(base));

  const total = q * (base + base + surcharged);
  await expect(page.getByTestId('size-run-summary')).toHaveText(`${3 * q} pieces in 3 sizes · ${money(total)}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Add ${3 * q} pieces to cart` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(
    page.getByText(`${q} × ${ring!.name} (Ring Size: 5), ${q} × ${ring!.name} (Ring Size: 7), ${q} × ${ring!.name} (Ring Size: 10)`),
  ).toBeVisible();
  // The run starts over, so a second click cannot add it twice.
  await expect(field('5')).toHaveValue('0');
  await expect(page.getByRole('button', { name: 'Add sizes to cart' })).toBeVisible();
  await expect.poll(async () => (await storedCart(page)).map((i) => [i.specifications.size, i.quantity, i.selectedPrice])).toEqual([
    ['5', q, base / 100],
    ['7', q, base / 100],
    ['10', q, surcharged / 100],
  ]);

  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  for (const [size, price] of [['5', base], ['7', base], ['10', surcharged]] as const) {
    const line = lines.filter({ hasText: sizeText('Ring Size', size) });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('line-total')).toHaveText(money(price * q));
  }
  await expect(page.getByTestId('cart-subtotal')).toHaveText(money(total));

  await page.goto('/checkout');
  await expect(page.getByTestId('summary-line')).toHaveCount(3);
  await expect(page.getByTestId('checkout-total')).toHaveText(money(total));
  await fillShipping(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const items = page.getByTestId('confirmation-item');
  await expect(items).toHaveCount(3);
  for (const size of ['5', '7', '10']) await expect(items.filter({ hasText: sizeText('Ring Size', size) })).toHaveCount(1);
  // The server charged its own prices: the surcharge on size 10 only; shipping comes on top (lib/shipping).
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const [order] = await sql<{ total_amount: string; goods_cents: string; shipping_cents: string; tax_cents: string }[]>`
    select total_amount, goods_cents, shipping_cents, tax_cents from orders where id = ${orderId}`;
  expect(Number(order!.goods_cents)).toBe(total);
  expect(Number(order!.total_amount)).toBe(total + Number(order!.shipping_cents) + Number(order!.tax_cents));
  await expect(page.getByTestId('confirmation-total')).toHaveText(money(Number(order!.total_amount)));
  const bought = await sql<{ size: string; quantity: number; unit_price: string }[]>`
    select choices ->> 'size' as size, quantity, unit_price from order_items where order_id = ${orderId}
     order by (choices ->> 'size')::numeric`;
  expect(bought.map((b) => [b.size, b.quantity, Number(b.unit_price)])).toEqual([
    ['5', q, base],
    ['7', q, base],
    ['10', q, surcharged],
  ]);
});

test('a size run on a necklace', async ({ page }) => {
  // A seeded necklace priced at 16" and 18" whose first break (24 pieces) two lines of 12 reach together, never one.
  const [necklace] = await sql<
    { id: string; name: string; moq: number | null; pack: number; p16: string; p18: string; breaks: { minQuantity: number; percentOff: number }[] }[]
  >`
    select id, name, moq, pack_size as pack, n_price_16_stone1::text as p16, n_price_18_stone1::text as p18,
           price_breaks as breaks
      from necklaces
     where status = 'active' and not is_adjustable and n_price_16_stone1 > 0 and n_price_18_stone1 > 0
       and (price_breaks -> 0 ->> 'minQuantity')::int = 24 and coalesce(moq, 1) <= 12 and 12 % pack_size = 0
     order by sku limit 1`;
  expect(necklace, 'the seed has a necklace with volume breaks from 24 pieces').toBeTruthy();
  const { id, name, p16, p18, breaks } = necklace!;
  const steps = { min: Math.ceil((necklace!.moq || 1) / necklace!.pack) * necklace!.pack, pack: necklace!.pack };
  const q = roundUp(12, steps);
  expect(q).toBe(12);
  const percent = breaks[0]!.percentOff;
  const unit16 = discountedCents(cents(p16), percent);
  const unit18 = discountedCents(cents(p18), percent);
  const total = q * (unit16 + unit18);

  await page.goto(`/necklaces/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Necklace Length' })).toBeVisible();
  await page.getByRole('button', { name: 'Order several lengths' }).click();
  const field = (length: string) => page.getByRole('spinbutton', { name: `Quantity of ${length}"`, exact: true });
  // Lengths without a price are not offered in the run.
  const unpriced = page.getByRole('group', { name: 'Necklace Length' }).locator('input:disabled');
  await expect(page.getByRole('spinbutton')).toHaveCount((await page.getByRole('group', { name: 'Necklace Length' }).getByRole('radio').count()) - (await unpriced.count()));

  const summary = page.getByTestId('size-run-summary');
  await expect(summary).toHaveText('No lengths chosen yet.');
  // Nothing chosen: the add is refused, out loud, and nothing reaches the cart.
  await page.getByRole('button', { name: 'Add lengths to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a quantity for at least one length.' })).toBeVisible();
  await expect(field('16')).toBeFocused();

  await field('16').fill(String(q));
  await field('18').fill(String(q));
  // Neither line reaches the break; the run's total does.
  await expect(summary).toHaveText(`${2 * q} pieces in 2 lengths · ${money(total)} at ${percent}% off`);
  await page.getByRole('button', { name: `Add ${2 * q} pieces to cart` }).click();
  await expect(page.getByText(`${q} × ${name} (Necklace Length: 16"), ${q} × ${name} (Necklace Length: 18")`)).toBeVisible();

  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  for (const [length, unit] of [['16"', unit16], ['18"', unit18]] as const) {
    const line = lines.filter({ hasText: sizeText('Necklace Length', length) });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('line-break')).toHaveText(`Volume −${percent}%`);
    await expect(line.getByTestId('line-total')).toHaveText(money(unit * q));
  }
  await expect(page.getByTestId('cart-subtotal')).toHaveText(money(total));
  // The server prices the same: the break counted over both lines.
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-line')).toHaveCount(2);
  await expect(page.getByTestId('checkout-total')).toHaveText(money(total));
});
