// Filling the checkout page as a buyer does, and paying for a cart (shared by the checkout journeys).
import { expect, type Page } from '@playwright/test';
import type postgres from 'postgres';
import { addToCart } from '../../../lib/cart/lines';
import { CART_STORAGE_KEY, type CartItem } from '../../../lib/cart/types';
import { defaultRingSize } from '../../../lib/catalog/ring-sizes';

/** The contact e-mail (where the order's mail goes) and the shipping address. */
export async function fillShipping(page: Page, email = 'grace.hopper@example.test') {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Street address').fill('1 Compiler Way');
  await page.getByLabel('City').fill('Arlington');
  await page.getByLabel('State/Province').fill('VA');
  await page.getByLabel('Postal code').fill('22201');
  await page.getByLabel('Phone number').fill('+1 (555) 010-0100');
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** A seeded ring sold at its stone-1 price, as the cart code adds it (at its MOQ). */
export async function ringCart(sql: postgres.Sql): Promise<CartItem[]> {
  const [ring] = await sql<{ id: string; name: string; sku: string; material: string; moq: number | null; price: string; stone: string | null; sizes: string[] }[]>`
    select id, name, sku, material, moq, price_stone1 as price, stone_details ->> 'Stone1' as stone, sizes from rings
     where price_stone1 > 0 and sku like 'RNG-%' order by sku limit 1`;
  const price = Number(ring!.price);
  // In the size the product page opens on (below any surcharge): a ring with sizes is never bought without one.
  const size = defaultRingSize(ring!.sizes);
  return addToCart([], {
    productId: ring!.id,
    quantity: ring!.moq ?? 1,
    specifications: { stoneType: 'stone1', ...(ring!.stone ? { stoneName: ring!.stone } : {}), size, material: ring!.material },
    selectedPrice: price,
    product: { name: ring!.name, sku: ring!.sku, category: 'rings', imageUrl: null, moq: ring!.moq ?? 1, price },
  });
}

/** Pays for `items` in `page` by card, with `email` as the contact; answers the confirmation's order id and reference. */
export async function payForCart(page: Page, items: CartItem[], email: string): Promise<{ orderId: string; reference: string }> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(items)] as const);
  await page.goto('/checkout');
  await fillShipping(page, email);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  return { orderId, reference: (await page.getByTestId('order-reference').textContent())!.trim() };
}
