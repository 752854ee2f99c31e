// Wholesale buying in real Chromium: a product sold in packs of six, volume breaks that change the price as the
// quantity rises, and a cart from another device whose quantities the shop corrects out loud. Each worker adds
// products of its own with known prices.
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { addToCart } from '../../lib/cart/lines';
import { CART_STORAGE_KEY, type CartItem } from '../../lib/cart/types';
import { fillCard, fillShipping } from './support/checkout-form';
import { fromAddress, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let sixes: { id: string; name: string; sku: string };
let tiered: { id: string; name: string; sku: string };
/** Thirty priced rings for quick order, SKUs `{tag}-BAND-01`…`-30`; the 5th has a MOQ of 4. */
let bands: string[] = [];
let bandTag = '';

test.beforeAll(async () => {
  const tag = `WHL-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const [s] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, pack_size, price_stone1)
    values (${'Six Pack Band ' + tag}, ${tag + '-6'}, 'silver', ${sql.json({ Stone1: 'Onyx' })}, 5, 6, 10.00)
    returning id`;
  const [t] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1, price_breaks)
    values (${'Tiered Band ' + tag}, ${tag + '-T'}, 'gold', ${sql.json({ Stone1: 'Garnet' })}, 2, 40.00,
            ${sql.json([{ minQuantity: 10, percentOff: 5 }, { minQuantity: 20, percentOff: 12.5 }])})
    returning id`;
  bandTag = tag;
  const rows = Array.from({ length: 30 }, (_, i) => ({
    name: `Quick Band ${i + 1} ${tag}`,
    sku: `${tag}-BAND-${String(i + 1).padStart(2, '0')}`,
    material: 'silver',
    moq: i === 4 ? 4 : 1,
    price_stone1: 5 + i,
  }));
  await sql`insert into rings ${sql(rows)}`;
  bands = rows.map((r) => r.sku);
  sixes = { id: s!.id, name: `Six Pack Band ${tag}`, sku: `${tag}-6` };
  tiered = { id: t!.id, name: `Tiered Band ${tag}`, sku: `${tag}-T` };
});

test.afterAll(async () => {
  await sql`delete from rings where (id in ${sql([sixes.id, tiered.id])} or sku like ${bandTag + '-BAND-%'})
               and not exists (select 1 from order_items where product_id = rings.id)`;
});

// Each journey pays from an address of its own, so the checkout's rate limit counts only its own sessions.
let address = '';
test.beforeEach(async ({ context }) => {
  address = uniqueAddress();
  await fromAddress(context, address);
});

const quantity = (page: Page) => page.getByRole('textbox', { name: 'Quantity' });

async function storeCart(page: Page, items: CartItem[]) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(items)] as const);
}

test('a 6-pack product refuses 7: the page rounds to whole packs, the cart keeps them, a forged request gets 422', async ({ page }) => {
  await page.goto(`/rings/${sixes.id}`);
  await expect(page.getByText('MOQ: 5 · Packs of 6')).toBeVisible();
  // The smallest quantity is the MOQ in whole packs.
  await expect(quantity(page)).toHaveValue('6');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity(page)).toHaveValue('12');
  await quantity(page).fill('7');
  await quantity(page).blur();
  await expect(quantity(page)).toHaveValue('12');
  await expect(page.getByText('Sold in packs of 6: rounded up to 12.')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText('MOQ: 5 · Packs of 6')).toBeVisible();
  await expect(quantity(page)).toHaveValue('12');
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(quantity(page)).toHaveValue('6');
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

  // A request the cart would never send: 7 of a 6-pack.
  const forged = await page.request.post('/api/checkout/session', {
    headers: { 'x-forwarded-for': address },
    data: { lines: [{ productId: sixes.id, quantity: 7, specifications: { stoneType: 'stone1', size: null, style: null } }] },
  });
  expect(forged.status()).toBe(422);
  expect(await forged.json()).toMatchObject({
    code: 'quantity_not_allowed',
    error: `${sixes.name} is sold in packs of 6, at least 6. Please update your cart.`,
  });
});

test('a cart from another device with 7 of a 6-pack is corrected, with a note, on the cart and at checkout', async ({ page }) => {
  const line = {
    productId: sixes.id,
    quantity: 7,
    specifications: { stoneType: 'stone1' as const, stoneName: 'Onyx', material: 'silver' },
    selectedPrice: 10,
  };
  const snapshot = { name: sixes.name, sku: sixes.sku, category: 'rings' as const, imageUrl: null, moq: 5, price: 10 };
  await page.goto('/cart');
  // The empty cart has been read (and written back) before this test writes its own.
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  // Stored with its pack size: the cart rounds it as it reads it, and says so.
  await storeCart(page, [{ ...addToCart([], { ...line, product: { ...snapshot, packSize: 6 } })[0]!, quantity: 7 }]);
  await page.reload();
  const note = page.getByRole('status').filter({ hasText: 'We updated your cart' });
  await expect(note).toContainText(`${sixes.name} is sold in packs of 6: 7 became 12.`);
  await expect(quantity(page)).toHaveValue('12');
  await note.getByRole('button', { name: 'Dismiss cart update note' }).click();
  await expect(note).toHaveCount(0);

  // Stored before the product had a pack size: only the server knows, and the checkout corrects it before payment.
  await storeCart(page, [{ ...addToCart([], { ...line, product: snapshot })[0]!, quantity: 7 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('status').filter({ hasText: 'We updated your cart' })).toContainText(
    `${sixes.name} is sold in packs of 6: 7 became 12.`,
  );
  await expect(page.getByTestId('checkout-total')).toHaveText('$120.00');
  await fillShipping(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = page.url().split('/').pop()!;
  const items = await sql`select quantity, unit_price from order_items where order_id = ${orderId}`;
  expect(items).toEqual([{ quantity: 12, unit_price: '1000' }]);
});

test('volume breaks change the price as the quantity rises, on the product page, in the cart and in the order', async ({ page }) => {
  await page.goto(`/rings/${tiered.id}`);
  const breaks = page.getByTestId('volume-breaks');
  await expect(breaks.getByRole('row')).toHaveCount(3); // the hidden header and two tiers
  await expect(breaks).toContainText('10+ pieces');
  await expect(breaks).toContainText('5% off');
  await expect(breaks).toContainText('20+ pieces');
  await expect(breaks).toContainText('12.5% off');
  await expect(page.getByText('Every option of this piece counts toward the discount together.')).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText('$40.00');
  await expect(page.getByTestId('next-break')).toHaveText('Add 8 more for 5% off');

  await quantity(page).fill('10');
  await quantity(page).blur();
  await expect(page.getByTestId('next-break')).toHaveText('Add 10 more for 12.5% off');
  await expect(page.getByText('$38.00 at 5% off')).toBeVisible();
  await expect(page.getByText('$380.00')).toBeVisible();

  await quantity(page).fill('20');
  await quantity(page).blur();
  await expect(page.getByText('$35.00 at 12.5% off')).toBeVisible();
  await expect(page.getByTestId('next-break')).toHaveText('');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText('Volume −12.5%')).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$700.00');
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(page.getByText('Volume −5%')).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$722.00');

  // The server prices the same: 19 × $38.00.
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText('$722.00');
  await fillShipping(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText(/Volume −5%/)).toBeVisible();
});

test('quick order: paste 30 lines with 2 bad ones, fix them, add all, pay', async ({ page }) => {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Quick Order by SKU' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();

  // Line 5 asks for 1 of a MOQ-4 ring; line 7's SKU has its last two digits swapped (07 → 70).
  const typo = bands[6]!.replace(/07$/, '70');
  const pasted = bands.map((sku, i) => (i === 4 ? `${sku}\t1` : i === 6 ? `${typo}, 2` : `${sku} 2`));
  await page.getByLabel(/One line each/).fill(pasted.join('\r\n'));
  await page.getByRole('button', { name: 'Add lines' }).click();
  const rows = page.getByTestId('quick-order-row');
  await expect(rows).toHaveCount(31); // the 30 pasted and a blank one to type into
  await expect(page.getByTestId('quick-order-ready')).toHaveText('28 lines');
  await expect(page.getByText('2 lines need attention: they stay here until fixed.')).toBeVisible();

  const five = rows.nth(4);
  await expect(five).toContainText('The minimum order is 4.');
  await five.getByRole('button', { name: 'Raise to 4' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Quantity, line 5' })).toHaveValue('4');

  const seven = rows.nth(6);
  await expect(seven).toContainText(`No product has the SKU “${typo}”.`);
  await seven.getByRole('button', { name: bands[6]! }).click();
  await expect(page.getByRole('combobox', { name: 'SKU, line 7' })).toHaveValue(bands[6]!);
  await expect(page.getByTestId('quick-order-ready')).toHaveText('30 lines');
  await expect(page.getByText(/lines? needs? attention/)).toHaveCount(0);

  // 2 of every band at $5 + i, but 4 of the 5th and the 7th at its smallest quantity (1) after the fix.
  const expected = bands.reduce((sum, _sku, i) => sum + (5 + i) * (i === 4 ? 4 : i === 6 ? 1 : 2) * 100, 0);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  await expect(page.getByTestId('quick-order-total')).toHaveText(dollars(expected));
  await page.getByRole('button', { name: 'Add 30 items to cart' }).click();
  await expect(page.getByText('Added 30 items to cart')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The rows are kept across a reload; the added ones are gone.
  await page.reload();
  await expect(rows).toHaveCount(1);

  await page.goto('/checkout');
  await expect(page.getByTestId('summary-line')).toHaveCount(30);
  await expect(page.getByTestId('checkout-total')).toHaveText(dollars(expected));
  await fillShipping(page);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('confirmation-item')).toHaveCount(30);
});

test('quick order by keyboard: autocomplete by SKU prefix, Enter adds a row, rows survive a reload', async ({ page }) => {
  await page.goto('/quick-order');
  const first = page.getByRole('combobox', { name: 'SKU, line 1' });
  await first.click();
  await page.keyboard.type(`${bandTag}-BAND-1`.toLowerCase());
  const list = page.getByRole('listbox', { name: 'SKU, line 1 suggestions' });
  await expect(list.getByRole('option')).toHaveCount(8);
  await expect(list.getByRole('option').first()).toContainText(`${bandTag}-BAND-10`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(first).toHaveValue(`${bandTag}-BAND-11`);
  await expect(page.getByTestId('quick-order-row').first()).toContainText(`Quick Band 11 ${bandTag}`);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('spinbutton', { name: 'Quantity, line 1' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  const second = page.getByRole('combobox', { name: 'SKU, line 2' });
  await expect(second).toBeFocused();
  await page.keyboard.type(bands[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-order-ready')).toHaveText('2 lines');
  await expect(page.getByRole('combobox', { name: 'SKU, line 3' })).toBeFocused();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'SKU, line 1' })).toHaveValue(`${bandTag}-BAND-11`);
  await expect(page.getByRole('spinbutton', { name: 'Quantity, line 1' })).toHaveValue('3');
  await expect(page.getByRole('combobox', { name: 'SKU, line 2' })).toHaveValue(bands[0]!);
  await expect(page.getByTestId('quick-order-ready')).toHaveText('2 lines');
});

test("quick order shows a stoneless bracelet's size on its line, and the size changed there reaches the cart", async ({ page }) => {
  // The Hudson Curb Link case: no stone, one style, sizes 6"–8.5"; the size was picked unseen.
  const sku = `${bandTag}-HUDSON`;
  const [hudson] = await sql<{ id: string }[]>`
    insert into bracelets (name, sku, material, b_price_6_stone1, b_price_7_stone1, b_price_8_stone1)
    values (${'Hudson Curb ' + bandTag}, ${sku}, 'silver', 9, 10, 11)
    returning id`;
  try {
    await page.goto('/quick-order');
    await page.getByLabel(/One line each/).fill(`${sku} 3`);
    await page.getByRole('button', { name: 'Add lines' }).click();
    const size = page.getByRole('combobox', { name: 'Bracelet size, line 1' });
    await expect(size).toHaveValue('7');
    await expect(page.getByRole('combobox', { name: 'Stone, line 1' })).toHaveCount(0);
    await size.selectOption('8');
    await expect(page.getByTestId('quick-order-total')).toHaveText('$33.00');
    await page.getByRole('button', { name: 'Add 1 item to cart' }).click();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: `Hudson Curb ${bandTag}` });
    await expect(line).toContainText('Bracelet Size:');
    await expect(line).toContainText('8"');
    await expect(line.getByTestId('line-total')).toHaveText('$33.00');

    // The size is changed on the cart line too, at that size's price; the line stays open for another change.
    await line.getByRole('button', { name: `Change choices for Hudson Curb ${bandTag}` }).click();
    const onLine = line.getByRole('combobox', { name: `Bracelet Size for Hudson Curb ${bandTag}` });
    await expect(onLine).toHaveValue('8');
    await expect(onLine.locator('option[value="7.5"]')).toBeDisabled();
    await onLine.selectOption('6');
    await expect(line).toContainText('6"');
    await expect(line.getByTestId('line-total')).toHaveText('$27.00');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(line.getByRole('combobox', { name: `Bracelet Size for Hudson Curb ${bandTag}` })).toHaveValue('6');
    const [stored] = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as CartItem[], CART_STORAGE_KEY);
    expect(stored).toMatchObject({ quantity: 3, selectedPrice: 9, specifications: { size: '6', style: 'bracelet' } });
  } finally {
    await sql`delete from bracelets where id = ${hudson!.id} and not exists (select 1 from order_items where product_id = ${hudson!.id})`;
  }
});

test('quick order refuses 10,000 pasted lines and adds nothing', async ({ page }) => {
  await page.goto('/quick-order');
  const lines = Array.from({ length: 10_000 }, (_, i) => `${bandTag}-X${i} 1`).join('\n');
  // As a paste arrives: one input event with the whole text (typing 10,000 lines key by key would take minutes).
  await page.getByLabel(/One line each/).evaluate((box, text) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setValue.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, lines);
  await page.getByRole('button', { name: 'Add lines' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Quick order takes' })).toHaveText(
    'Quick order takes up to 500 lines at a time, and this has 10,000. Split it into smaller lists: nothing was added.',
  );
  await expect(page.getByTestId('quick-order-row')).toHaveCount(1);
  await expect(page.getByLabel(/One line each/)).not.toHaveValue('');
});
