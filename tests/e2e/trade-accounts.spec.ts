// A trade account end to end in real Chromium against the production build: a signed-in buyer applies from the
// account's Trade account tab with a resale certificate (a file that only calls itself a PDF is refused first), staff
// find it in the back office (the menu counts it as pending), open the certificate through its one-minute link and
// approve it with tax exemption, and the buyer sees the account approved.
import { expect } from '@playwright/test';
import { createCustomer, signInContext } from '../support/e2e-accounts';
import { adminTest } from './support/admin-session';
import { hydrated } from './support/hydration';
import { fromAddress, uniqueAddress } from './support/servers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const NOT_A_PDF = Buffer.from('<html><body>not a certificate</body></html>');

function nextYear(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

adminTest('a buyer applies with a certificate, staff approve it with tax exemption, and the buyer sees it approved', async ({ page, browser, baseURL }) => {
  adminTest.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const business = `Gilded Lily ${tag}`;

  // The buyer, on their own device, signed in.
  const customer = await createCustomer('trade');
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await fromAddress(context, uniqueAddress());
  await signInContext(context, customer, baseURL!);
  const buyer = await context.newPage();
  await buyer.goto('/dashboard?tab=trade');
  await expect(buyer.getByRole('heading', { name: 'Apply for a trade account' })).toBeVisible();
  await hydrated(buyer);

  const form = buyer.getByRole('form', { name: 'Send application' });
  await form.getByLabel('Business name').fill(business);
  await form.getByLabel('Business type').selectOption({ label: 'Boutique' });
  await form.getByLabel('Tax ID (EIN)').fill('123456789');
  await form.getByLabel('Website (optional)').fill('gildedlily.example');
  await form.getByLabel('Business phone').fill('+1 (555) 010-4400');
  await form.getByLabel('Street address').fill('12 Market Street');
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('State/Province').fill('OR');
  await form.getByLabel('Postal code').fill('97204');
  // A web page named like a PDF is refused by its content, beside the field.
  const file = form.getByTestId('trade-certificate-input');
  await file.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: NOT_A_PDF });
  await expect(form.getByText('The resale certificate must be a PDF, JPG or PNG file')).toBeVisible();
  await file.setInputFiles({ name: 'resale-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByTestId('trade-certificate-chosen')).toContainText('resale-certificate.pdf');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(buyer.getByText('Application sent', { exact: true })).toBeVisible();
  await expect(buyer.getByTestId('trade-status')).toHaveText('Pending review');

  // Staff: the menu counts it, the list finds it, the certificate opens through a fresh link.
  await page.goto('/admin/trade-accounts?status=pending');
  await expect(page.getByRole('link', { name: /^Trade accounts, \d+ pending$/, includeHidden: true })).toBeAttached();
  await page.getByRole('link', { name: business }).click();
  await expect(page.getByRole('heading', { name: business })).toBeVisible();
  await expect(page.getByTestId('admin-trade-status')).toHaveText('Pending');
  const link = page.getByRole('link', { name: 'Open resale-certificate.pdf' });
  const opened = await page.request.get((await link.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await opened.body()).equals(PDF)).toBe(true);

  await hydrated(page);
  await page.getByLabel('Tax exempt with the resale certificate').check();
  await page.getByLabel('Certificate expires on').fill(nextYear());
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(`${business} approved`)).toBeVisible();
  await expect(page.getByTestId('admin-trade-status')).toHaveText('Approved');
  await expect(page.getByTestId('admin-trade-history')).toContainText(`Approved by `);

  // The buyer sees it approved, exempt until the certificate's last day.
  await buyer.reload();
  await expect(buyer.getByTestId('trade-status')).toHaveText('Approved');
  await expect(buyer.getByText(/^Tax exempt until /)).toBeVisible();
  await context.close();
});
