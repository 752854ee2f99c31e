// A quote end to end in real Chromium against the production build: a guest asks for a price for a piece shown
// without one, staff change its quantity and add a line by SKU before answering it in /admin/quotes, the buyer opens
// the mailed link on another device, accepts and pays through the card checkout, and the order shows in admin orders
// with the quote accepted.
import { expect } from '@playwright/test';
import postgres from 'postgres';
import { latestMail, type Mail } from '../support/mailbox';
import { adminTest } from './support/admin-session';
import { fillCard, fillShipping } from './support/checkout-form';
import { cspDirective, NONCE_SCRIPTS, watchCsp } from './support/csp';
import { hydrated } from './support/hydration';
import { fromAddress, uniqueAddress } from './support/servers';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
const API = process.env.NEXT_PUBLIC_SUPABASE_URL!;

async function mailWithSubject(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | null = null;
  await expect
    .poll(async () => {
      const mail = await latestMail(API, to, { timeoutMs: 0 });
      found = mail && subject.test(mail.subject) ? mail : found;
      return found?.subject ?? '';
    }, { timeout: 20_000 })
    .toMatch(subject);
  return found!;
}

adminTest('a guest’s quote is answered in admin, accepted from the mail link and paid, and shows in admin orders', async ({ page, browser }) => {
  adminTest.setTimeout(120_000);
  const tag = `QTE-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const email = `${tag.toLowerCase()}@buyer.test`;
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, moq, price_stone1) values (${'Bespoke Band ' + tag}, ${tag}, 'gold', 5, null) returning id`;
  // A ring sold by size, which staff add to the quote by its SKU.
  await sql`insert into rings (name, sku, material, sizes, price_stone1) values (${'Stack Ring ' + tag}, ${tag + '-S'}, 'gold', '{6,7}', 9.00)`;

  // A guest, on their own device, asks for a price for the unpriced ring.
  const guestContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await fromAddress(guestContext, uniqueAddress());
  const guest = await guestContext.newPage();
  await guest.goto(`/rings/${ring!.id}`);
  await expect(guest.getByTestId('product-price')).toHaveText('Price not available for this selection');
  // A click before React has hydrated the button is lost, as a person's would be; they would click again.
  await hydrated(guest);
  await guest.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Request a quote' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please enter your name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Quinn Buyer');
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Phone number').fill('+1 555 0199');
  await dialog.getByLabel('Message (optional)').fill('Fifty for our bridal counter');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(guest).toHaveURL(/\/quotes\/[0-9a-f-]{36}\?t=/);
  await expect(guest.getByTestId('quote-status')).toHaveText('Requested');
  // The buyer sees their own note on their quote's page.
  await expect(guest.getByTestId('quote-buyer-note')).toContainText('Fifty for our bridal counter');
  const reference = (await guest.getByText(/^Quote Q-\d+$/).textContent())!.replace('Quote ', '');

  // Staff find it under Quotes (the menu counts it), price it and send it.
  await page.goto('/admin/quotes?status=requested');
  // The side menu (folded away on a phone) counts the open requests.
  await expect(page.getByRole('link', { name: /^Quotes \d+ open/, includeHidden: true })).toBeAttached();
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: `Quote ${reference}` })).toBeVisible();
  await expect(page.getByText('Fifty for our bridal counter')).toBeVisible();
  // Before pricing, staff double the band and add five stack rings in size 7, found by SKU; sending waits for the save.
  const lines = page.getByRole('form', { name: 'Change lines' });
  await lines.getByLabel(/^Quantity of Bespoke Band .*, line 1$/).fill('10');
  await expect(page.getByRole('button', { name: 'Send quote' })).toBeDisabled();
  await expect(page.getByText('Save or undo the line changes before you send the quote.')).toBeVisible();
  await lines.getByLabel('SKU').fill(`${tag.toLowerCase()}-s`);
  await lines.getByRole('button', { name: 'Find' }).click();
  await expect(lines.getByTestId('quote-add-found')).toContainText(`Stack Ring ${tag}`);
  await lines.getByLabel(/size/i).selectOption('7');
  await lines.getByLabel('Quantity', { exact: true }).fill('5');
  await lines.getByRole('button', { name: 'Add line' }).click();
  await expect(lines.getByTestId('quote-lines-edit')).toContainText(`Stack Ring ${tag}`);
  await page.screenshot({ path: adminTest.info().outputPath('quote-lines-edit.png'), fullPage: true });
  await lines.getByRole('button', { name: 'Save lines' }).click();
  await expect(page.getByText('Lines saved')).toBeVisible();
  // The saved lines come back with their suggested prices: the stack ring's list price.
  await expect(page.getByLabel(/^Unit price of Stack Ring .*, line 2$/)).toHaveValue('9.00');
  await expect(lines.getByLabel(/^Quantity of Bespoke Band .*, line 1$/)).toHaveValue('10');
  await page.getByLabel(/^Unit price of Stack Ring .*, line 2$/).fill('8.50');
  await page.getByLabel(/^Unit price of Bespoke Band .*, line 1$/).fill('20');
  // 10 × $20.00 + 5 × $8.50.
  await expect(page.getByTestId('admin-quote-total')).toHaveText('$242.50');
  await page.getByLabel('Message to the buyer (optional)').fill('Hand-finished to order.');
  await page.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText(`Quote ${reference} sent`)).toBeVisible();
  await expect(page.getByTestId('admin-quote-status')).toHaveText('Quoted');

  // The buyer's mail, opened on another device: the link alone opens the quote.
  const mail = await mailWithSubject(email, new RegExp(`^Your quote ${reference} from `));
  expect(mail.text).toContain('$242.50');
  expect(mail.text).toContain('Hello Quinn Buyer,');
  const link = mail.links.find((l) => l.includes('/quotes/'))!;
  const phone = await browser.newContext();
  await fromAddress(phone, uniqueAddress());
  const buyer = await phone.newPage();
  // The quote and its payment show the buyer's details: their policy runs only this response's scripts (nonce).
  const violations = await watchCsp(buyer);
  const quotePage = await buyer.goto(link);
  expect(cspDirective(quotePage!.headers()['content-security-policy'], 'script-src')).toMatch(NONCE_SCRIPTS);
  await expect(buyer.getByTestId('quote-status')).toHaveText('Quoted');
  await expect(buyer.getByTestId('quote-total')).toHaveText('$242.50');
  await expect(buyer.getByText('Hand-finished to order.')).toBeVisible();
  await buyer.getByRole('link', { name: 'Accept and pay' }).click();
  await expect(buyer.getByRole('heading', { name: `Checkout: quote ${reference}` })).toBeVisible();
  // Opened as a page of its own (the link navigated inside the quote's page), the card form loads under its policy.
  const payPage = await buyer.reload();
  expect(cspDirective(payPage!.headers()['content-security-policy'], 'script-src')).toMatch(NONCE_SCRIPTS);
  await hydrated(buyer);
  await expect(buyer.getByTestId('checkout-total')).toHaveText('$242.50');
  await fillShipping(buyer, email);
  await fillCard(buyer, '4242424242424242');
  await buyer.getByRole('button', { name: /^Pay/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  expect(violations).toEqual([]);
  const orderReference = (await buyer.getByTestId('order-reference').textContent())!.trim();

  // The quote is accepted, its page links the order, and staff see the order.
  await buyer.goto(link);
  await expect(buyer.getByTestId('quote-status')).toHaveText('Accepted');
  await expect(buyer.getByRole('link', { name: 'View your order' })).toBeVisible();
  await page.goto('/admin/orders');
  // The quote's goods and UPS Ground to Virginia ($15.00; no sales tax there).
  await expect(page.getByRole('row').filter({ hasText: orderReference })).toContainText('$257.50');
  const [quote] = await sql`select status from quotes where reference = ${reference}`;
  expect(quote).toEqual({ status: 'accepted' });
  await Promise.all([guestContext.close(), phone.close()]);
});
