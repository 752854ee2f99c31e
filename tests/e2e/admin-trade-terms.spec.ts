// Payment terms in real Chromium against the production build: staff give an approved trade account Net 30 with a
// credit limit on its page (a missing limit is refused beside its field), the buyer orders on terms, the account shows
// what is open and the credit left, and the order's expanded row shows its invoice, which staff mark paid by check or
// wire after a confirmation. Each project (desktop, phone) has an account and buyer of its own.
import { expect } from '@playwright/test';
import postgres from 'postgres';
import { DEMO_USERS } from '../../supabase/seed/demo-users';
import { createCustomer, signInContext, type TestCustomer } from '../support/e2e-accounts';
import { adminTest } from './support/admin-session';
import { hydrated } from './support/hydration';
import { fromAddress, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
let buyer: TestCustomer;
let accountId = '';
let business = '';

adminTest.beforeAll(async () => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  business = `Net Terms ${tag}`;
  buyer = await createCustomer('terms', 'Terms Buyer');
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address)
    values (${buyer.id}, 'approved', ${business}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })})
    returning id`;
  accountId = account!.id;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${accountId}, ${buyer.id}, 'owner')`;
});

adminTest.afterAll(async () => {
  await sql`delete from orders where id in (select order_id from terms_invoices where account_id = ${accountId})`;
  await sql`delete from trade_accounts where id = ${accountId}`;
});


/** A seeded pair of earrings (no size to choose), at its MOQ in whole packs. */
async function anEarring(): Promise<{ id: string; quantity: number }> {
  const [row] = await sql<{ id: string; moq: number | null; pack_size: number }[]>`
    select id, moq, pack_size from earrings where status = 'active' and price_stone1 > 0 order by created_at limit 1`;
  const pack = row!.pack_size;
  return { id: row!.id, quantity: Math.ceil(Math.max(row!.moq ?? 1, 1) / pack) * pack };
}

adminTest('staff give an account Net 30, the buyer orders on terms, staff mark the invoice paid by check', async ({ page, browser, baseURL }) => {
  adminTest.setTimeout(120_000);
  await page.goto(`/admin/trade-accounts/${accountId}`);
  await expect(page.getByRole('heading', { name: business })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Payment terms' });
  await expect(panel.getByTestId('admin-trade-terms')).toHaveText('No payment terms');
  await hydrated(page);

  // Net 30 without a limit is refused beside the field; with one it is saved and written to the history.
  await panel.getByLabel('Payment terms').selectOption({ label: 'Net 30' });
  const limit = panel.getByLabel('Credit limit (dollars)');
  await expect(limit).toBeVisible();
  await panel.getByRole('button', { name: 'Save terms' }).click();
  await expect(panel.getByText('Give a credit limit in dollars')).toBeVisible();
  await expect(limit).toBeFocused();
  await limit.fill('5,000');
  await panel.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText(`Payment terms of ${business} saved`)).toBeVisible();
  await expect(panel.getByTestId('admin-trade-terms')).toHaveText('Net 30, credit limit $5,000.00');
  await expect(panel.getByTestId('admin-trade-available')).toHaveText('$5,000.00');
  await expect(page.getByTestId('admin-trade-history')).toContainText(`Changed by ${DEMO_USERS.admin.email}: Net 30, credit limit $5,000.00`);

  // The buyer orders on terms through the checkout's routes, from their own browser.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await fromAddress(context, uniqueAddress());
  await signInContext(context, buyer, baseURL!);
  const write = { origin: baseURL!, 'content-type': 'application/json' };
  const earring = await anEarring();
  const opened = await context.request.post('/api/checkout/session', {
    headers: write,
    data: { lines: [{ productId: earring.id, quantity: earring.quantity, specifications: { stoneType: 'stone1' } }] },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { checkoutId } = (await opened.json()) as { checkoutId: string };
  const shipping = { full_name: 'Terms Buyer', address_line1: '1 Main St', address_line2: '', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US', phone: '+1 555 010 0000' };
  const saved = await context.request.post('/api/checkout/address', {
    headers: write,
    data: { checkoutId, email: buyer.email, purchaseOrder: '', sameAsShipping: true, shipping },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const placed = await context.request.post('/api/checkout/invoice', { headers: write, data: { checkoutId } });
  expect(placed.status(), await placed.text()).toBe(200);
  const { orderId, reference } = (await placed.json()) as { orderId: string; reference: string };
  await context.close();

  // The account shows what its invoice owes and the credit left.
  await page.reload();
  await expect(panel.getByTestId('admin-trade-open')).not.toHaveText('$0.00');
  await expect(panel.getByTestId('admin-trade-available')).not.toHaveText('$5,000.00');

  // The order's row, opened: its invoice, Stripe's links and the payment line in the terms' words.
  // The Stripe invoice is made just after the order is placed (after the answer): its links appear once it is sent.
  const terms = page.getByTestId('order-terms');
  await expect(async () => {
    await page.goto(`/admin/orders?order=${orderId}`);
    await expect(terms.getByRole('link', { name: /Open the Stripe invoice/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(terms.getByTestId('order-terms-status')).toHaveText(/^Awaiting payment, due [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(terms).toContainText('Net 30');
  await expect(terms.getByRole('link', { name: /Open the Stripe invoice/ })).toHaveAttribute('href', /^http/);
  await expect(terms.getByRole('link', { name: /Invoice PDF/ })).toHaveAttribute('href', /^http/);
  await expect(page.getByTestId('order-payment-line')).toHaveText(/^Invoice · Net 30 · Awaiting payment, due /);
  await hydrated(page);

  // Mark paid asks first; keeping it open changes nothing and gives focus back.
  const markPaid = terms.getByRole('button', { name: 'Mark paid (check or wire)' });
  await markPaid.click();
  const dialog = page.getByRole('alertdialog', { name: `Mark the invoice for ${reference} paid?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it open' }).click();
  await expect(dialog).toBeHidden();
  await expect(markPaid).toBeFocused();
  await markPaid.click();
  await dialog.getByRole('button', { name: 'Mark paid', exact: true }).click();
  await expect(page.getByText(`The invoice for ${reference} is marked paid`)).toBeVisible();
  await expect(terms.getByTestId('order-terms-status')).toHaveText(/^Paid by check or wire on /);
  await expect(terms.getByRole('button', { name: 'Void invoice' })).toHaveCount(0);
});
