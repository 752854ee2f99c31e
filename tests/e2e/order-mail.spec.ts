// What the shop writes to a buyer, end to end in real Chromium against the production build's servers (whose
// senders send the outbox to the local SMTP server): a signed-in customer pays and gets the confirmation with the
// right total and the invoice attached; staff dispatch the order with a carrier and tracking number, and the buyer's
// mail and account show it; a partial refund brings a credit note and a refund mail.
import { expect, type Page } from '@playwright/test';
import postgres from 'postgres';
import { addToCart } from '../../lib/cart/lines';
import { CART_STORAGE_KEY } from '../../lib/cart/types';
import { latestMail, type Mail } from '../support/mailbox';
import { createCustomer, signInContext, type TestCustomer } from '../support/e2e-accounts';
import { adminTest } from './support/admin-session';
import { fillCard, fillShipping } from './support/checkout-form';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
const API = process.env.NEXT_PUBLIC_SUPABASE_URL!;
const TRACKING = '1Z999AA10123456784';

/** The buyer's mail with `subject`, waiting for the servers' senders (they poll every second). */
async function mailWithSubject(to: string, subject: string): Promise<Mail> {
  let found: Mail | null = null;
  await expect
    .poll(async () => {
      const mail = await latestMail(API, to, { timeoutMs: 0 });
      found = mail && mail.subject === subject ? mail : found;
      return found?.subject;
    }, { timeout: 20_000 })
    .toBe(subject);
  return found!;
}

/** A product of its own at a known price, in the buyer's cart, paid by card: answers the order's id and reference. */
async function buy(page: Page, customer: TestCustomer): Promise<{ orderId: string; reference: string }> {
  const sku = `E2E-MAIL-${Date.now().toString(36)}`.toUpperCase();
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, price_stone1) values ('Order Mail Signet', ${sku}, 'gold', 2, 60) returning id`;
  const items = addToCart([], {
    productId: ring!.id,
    quantity: 2,
    specifications: { stoneType: 'stone1', material: 'gold' },
    selectedPrice: 60,
    product: { name: 'Order Mail Signet', sku, category: 'rings', imageUrl: null, moq: 2, price: 60 },
  });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_STORAGE_KEY, JSON.stringify(items)] as const);
  await page.goto('/checkout');
  // A signed-in customer's address is filled in from the account.
  await expect(page.getByLabel('Email address')).toHaveValue(customer.email);
  await fillShipping(page, customer.email);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  return { orderId, reference: (await page.getByTestId('order-reference').textContent())!.trim() };
}

adminTest('a buyer is told of the order, its dispatch with tracking and a partial refund, with the invoice and credit note @desktop-only', async ({ page, browser }) => {
  adminTest.setTimeout(120_000);
  const customer = await createCustomer('order-mail', 'Mara Buyer');
  const buyerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await signInContext(buyerContext, customer, process.env.E2E_BASE_URL!);
  const buyer = await buyerContext.newPage();
  try {
    const { orderId, reference } = await buy(buyer, customer);

    // The confirmation: the right total, the invoice attached, links to the order and the invoice.
    const confirmation = await mailWithSubject(customer.email, `Your order ${reference} is confirmed`);
    expect(confirmation.text).toContain('$120.00');
    // With UPS Ground to Virginia (no sales tax there).
    expect(confirmation.text).toContain('Shipping (UPS Ground)');
    expect(confirmation.text).toContain('$135.00');
    expect(confirmation.text).toContain('Order Mail Signet');
    expect(confirmation.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/)]);
    const invoiceLink = confirmation.links.find((l) => l.includes(`/api/orders/${orderId}/invoice`))!;
    // The mail's link opens the invoice on any device: a fresh browser with no session or checkout cookie.
    const anywhere = await browser.newContext();
    const fromMail = await anywhere.request.get(invoiceLink);
    expect(fromMail.status()).toBe(200);
    expect(fromMail.headers()['content-type']).toBe('application/pdf');
    await anywhere.close();

    // Staff dispatch it with a carrier and tracking number.
    await page.goto('/admin/orders');
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: `Details of order ${reference}` }).click();
    const details = page.locator(`[id="order-${orderId}"]`);
    await expect(details.getByRole('link', { name: customer.email })).toBeVisible();
    await details.getByLabel('Status').selectOption('dispatched');
    const dialog = page.getByRole('dialog', { name: `Dispatch order ${reference}?` });
    await expect(dialog).toContainText(customer.email);
    await dialog.getByLabel('Carrier (optional)').fill('UPS');
    await dialog.getByLabel('Tracking number (optional)').fill(TRACKING);
    await dialog.getByRole('button', { name: 'Mark dispatched' }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByText('Processing → Dispatched')).toBeVisible();
    await expect(details.getByRole('link', { name: TRACKING })).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);

    const dispatched = await mailWithSubject(customer.email, `Your order ${reference} is on its way`);
    expect(dispatched.text).toContain('UPS');
    expect(dispatched.text).toContain(TRACKING);
    expect(dispatched.links).toContain(`https://www.ups.com/track?tracknum=${TRACKING}`);
    await buyer.goto('/dashboard');
    // The card on screen: while a re-render of the page is suspended, React keeps the earlier copy hidden beside it.
    const card = buyer.getByTestId('account-order').filter({ hasText: reference, visible: true });
    await expect(card.getByTestId('order-tracking')).toHaveText(`Shipped with UPS · Tracking number ${TRACKING}`);

    // A partial refund from the row's Refund button (the order stays Dispatched): the credit note in the row and in
    // the account, and the refund mail.
    await page.getByRole('button', { name: `Refund order ${reference}` }).first().click();
    const refund = page.getByRole('dialog', { name: `Refund order ${reference}` });
    await refund.getByLabel('Partial refund').check();
    await refund.getByLabel('Amount to refund in dollars').fill('20');
    await refund.getByLabel('Reason', { exact: true }).selectOption({ label: 'Goodwill' });
    await refund.getByRole('button', { name: 'Refund $20.00' }).click();
    await expect(refund).toBeHidden();
    await expect(details.getByLabel('Status')).toHaveValue('dispatched');
    const creditNote = details.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6}/ });
    await expect(creditNote).toBeVisible();
    const pdf = await page.request.get((await creditNote.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    const refunded = await mailWithSubject(customer.email, `Refund of $20.00 for order ${reference}`);
    // Still paid: the $120.00 of goods and $15.00 of UPS Ground to Virginia, less the refund.
    expect(refunded.text).toContain('$115.00');
    expect(refunded.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^CN-\d{4}-\d{6}\.pdf$/)]);
    await buyer.reload();
    await expect(card.getByRole('link', { name: /^Credit note CN-\d{4}-\d{6} \(PDF\)$/ })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Download invoice (PDF)' })).toBeVisible();
  } finally {
    await buyerContext.close();
  }
});
