// A trade buyer on Net 30 in real Chromium (ARCHITECTURE.md, "Payment terms"): "Pay by invoice (Net 30)" places the
// order without a card; the confirmation says it awaits payment and links to Stripe's invoice page (the stand-in's),
// where a test card pays it; the account's order then reads paid, from the invoice.paid webhook. An order past the
// credit limit is refused with what is open and what is allowed. Each worker adds a buyer and an account of its own.
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { CART_STORAGE_KEY, type CartItem } from '../../lib/cart/types';
import { createCustomer, signInContext, type TestCustomer } from '../support/e2e-accounts';
import { fillShipping, ringCart } from './support/checkout-form';
import { fromAddress, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let buyer: TestCustomer;
let accountId = '';

test.beforeAll(async () => {
  buyer = await createCustomer('terms-buyer', 'Terms Buyer');
  const [a] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address, payment_terms_days, credit_limit_cents)
    values (${buyer.id}, 'approved', ${`Terms Shop ${buyer.id.slice(0, 6)}`}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })}, 30, 500000)
    returning id`;
  accountId = a!.id;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${accountId}, ${buyer.id}, 'owner')`;
});

test.afterAll(async () => {
  await sql`delete from orders where id in (select order_id from terms_invoices where account_id = ${accountId})`;
  await sql`delete from trade_accounts where id = ${accountId}`;
});

async function openCheckout(page: Page, items: CartItem[]) {
  // An address of its own: the checkout limits count per address, and every journey comes from the same machine.
  await fromAddress(page.context(), uniqueAddress());
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(items)] as const);
  await page.goto('/checkout');
  await fillShipping(page, buyer.email);
}

test('a buyer on terms orders by invoice and pays it on Stripe’s invoice page', async ({ page, baseURL }) => {
  await signInContext(page.context(), buyer, baseURL!);
  await openCheckout(page, await ringCart(sql));
  await page.getByRole('radio', { name: 'Pay by invoice (Net 30)' }).check();
  await expect(page.getByText(/We send an invoice by e-mail\. Pay by card or bank transfer within 30 days/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: /^Place order/ }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText(/the invoice is on its way to you by e-mail \(Net 30\)/)).toBeVisible();
  await expect(page.getByTestId('order-payment')).toContainText('Awaiting payment, due');
  const reference = (await page.getByTestId('order-reference').textContent())!.trim();

  // The Stripe invoice is made just after the order (after the answer): its link appears once it is sent.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: 'Pay the invoice' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Pay the invoice' }).click();
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.locator('p.status')).toHaveText(/^Paid on /);

  // The webhook records it: the account's order reads paid.
  await expect(async () => {
    await page.goto(`${baseURL}/dashboard`);
    const order = page.getByTestId('account-order').filter({ hasText: reference });
    await expect(order.getByTestId('order-terms')).toContainText('Paid on', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test('an order past the credit limit is refused with what is open and what is allowed', async ({ page, baseURL }) => {
  await sql`update trade_accounts set credit_limit_cents = 100 where id = ${accountId}`;
  try {
    await signInContext(page.context(), buyer, baseURL!);
    await openCheckout(page, await ringCart(sql));
    await page.getByRole('radio', { name: 'Pay by invoice (Net 30)' }).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'would go over your credit limit' });
    await expect(refusal).toContainText(/is open in unpaid invoices and the limit is \$1\.00\. Please pay by card/);
    // The card is still there.
    await page.getByRole('radio', { name: 'Pay by card' }).check();
    await expect(page.getByLabel('Card number')).toBeVisible();
  } finally {
    await sql`update trade_accounts set credit_limit_cents = 500000 where id = ${accountId}`;
  }
});
