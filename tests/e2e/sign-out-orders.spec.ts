// Signing out ends the browser's way into the orders it paid for, in real Chromium against the production build: on
// a shared computer the next person cannot reopen them from the history. A guest who never signed in keeps theirs.
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { createCustomer } from '../support/e2e-accounts';
import { payForCart, ringCart } from './support/checkout-form';
import { signInWithForm } from './support/people';

// Closed by its idle timeout: with fullyParallel a worker may run this file's hooks again after afterAll.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });

/** The order page's and the invoice's statuses in `page`'s browser (its cookies). */
async function orderStatuses(page: Page, orderId: string): Promise<{ page: number | undefined; invoice: number }> {
  const shown = await page.goto(`/order-confirmation/${orderId}`);
  const invoice = await page.request.get(`/api/orders/${orderId}/invoice`);
  return { page: shown?.status(), invoice: invoice.status() };
}

test('after signing out, the order page and the invoice answer 404 in that browser; a guest’s still open', async ({ page, browser }) => {
  const customer = await createCustomer('sign-out-buyer');
  await page.goto('/login');
  await signInWithForm(page, customer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { orderId } = await payForCart(page, await ringCart(sql), customer.email);
  await expect(page.getByRole('link', { name: 'Download invoice (PDF)' })).toBeVisible();
  expect(await orderStatuses(page, orderId)).toEqual({ page: 200, invoice: 200 });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await orderStatuses(page, orderId)).toEqual({ page: 404, invoice: 404 });
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('shop_checkout');

  const guestContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const guest = await guestContext.newPage();
    const { orderId: theirs } = await payForCart(guest, await ringCart(sql), `guest-${Date.now().toString(36)}@sign-out.test`);
    await expect(guest.getByRole('link', { name: 'Download invoice (PDF)' })).toBeVisible();
    await guest.goto('/');
    expect(await orderStatuses(guest, theirs)).toEqual({ page: 200, invoice: 200 });
  } finally {
    await guestContext.close();
  }
});
