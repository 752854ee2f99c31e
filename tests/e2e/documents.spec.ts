// Invoices and shop settings in real Chromium against the production build: a guest pays and opens the invoice from
// the confirmation page as a PDF (another browser gets 404); staff edit the shop settings, which the storefront's
// footer and JSON-LD show at once and the next invoice prints, and open that invoice from the admin order row.
import { expect, test, type Browser, type Page } from '@playwright/test';
import postgres from 'postgres';
import { extractText } from 'unpdf';
import { SEED_SHOP_SETTINGS } from '../../supabase/seed/shop-settings';
import { adminTest } from './support/admin-session';
import { payForCart, ringCart } from './support/checkout-form';
import { latestMail } from '../support/mailbox';
import { formatCents } from '../../lib/core/format/money';

// Closed by its idle timeout: with fullyParallel a worker may run this file's hooks again after afterAll.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });

/** Pays for a seeded ring as a guest in `page`; answers the confirmation's order id, reference and the buyer's address. */
async function buyAsGuest(page: Page): Promise<{ orderId: string; reference: string; email: string; totalCents: number }> {
  const items = await ringCart(sql);
  const email = `guest-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@documents.test`;
  const { orderId, reference } = await payForCart(page, items, email);
  const totalCents = Math.round(items[0]!.quantity * items[0]!.selectedPrice! * 100);
  return { orderId, reference, email, totalCents };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function newGuestPage(browser: Browser, project: { viewport?: { width: number; height: number } | null }) {
  const context = await browser.newContext({ viewport: project.viewport ?? undefined, baseURL: process.env.E2E_BASE_URL });
  return { context, page: await context.newPage() };
}

test('a guest pays, gets the confirmation mail with the right total, and opens the invoice as a PDF; another browser gets 404', async ({ page, browser }, info) => {
  const { orderId, reference, email, totalCents } = await buyAsGuest(page);
  // The servers' senders deliver the confirmation to the local SMTP server within seconds.
  const subject = `Your order ${reference} is confirmed`;
  await expect.poll(async () => (await latestMail(process.env.NEXT_PUBLIC_SUPABASE_URL!, email, { timeoutMs: 0 }))?.subject, { timeout: 20_000 }).toBe(subject);
  const mail = (await latestMail(process.env.NEXT_PUBLIC_SUPABASE_URL!, email))!;
  expect(mail.text).toContain(formatCents(totalCents));
  expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/)]);
  const link = page.getByRole('link', { name: 'Download invoice (PDF)' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toBe(`/api/orders/${orderId}/invoice`);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="INV-\d{4}-\d{6}\.pdf"$/);
  const text = await pdfText(await pdf.body());
  expect(text).toContain('Invoice');
  expect(text).toContain('Grace Hopper');

  const stranger = await newGuestPage(browser, info.project.use);
  const refused = await stranger.page.request.get(href);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ error: 'Document not found' });
  await stranger.context.close();
});

adminTest('settings saved in /admin/settings reach the footer, the JSON-LD and the next invoice, opened from the order row @desktop-only', async ({ page, browser }, info) => {
  const phone = `+1 (215) 555-${String(Date.now() % 10_000).padStart(4, '0')}`;
  const tax = `EIN E2E-${Date.now().toString(36).toUpperCase()}`;
  const save = async (values: { phone: string; tax: string }) => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Shop Settings' })).toBeVisible();
    await page.getByLabel('Support phone').fill(values.phone);
    await page.getByLabel('Tax or VAT number').fill(values.tax);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
  };
  try {
    // A bad address is refused beside its field, and nothing is saved.
    await page.goto('/admin/settings');
    await page.getByLabel('Support email').fill('not an address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await save({ phone, tax });
    await expect(page.getByTestId('settings-history').getByText('Tax or VAT number').first()).toBeVisible();

    await expect(async () => {
      await page.goto('/');
      const contact = page.getByRole('contentinfo').getByTestId('footer-contact');
      await expect(contact.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'Organization', name: SEED_SHOP_SETTINGS.shopName, telephone: phone, email: SEED_SHOP_SETTINGS.supportEmail });

    const guest = await newGuestPage(browser, info.project.use);
    const { orderId, reference } = await buyAsGuest(guest.page);
    await guest.context.close();

    await page.goto('/admin/orders');
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: `Details of order ${reference}` }).click();
    const invoiceLink = page.locator(`[id="order-${orderId}"]`).getByRole('link', { name: /^Invoice INV-/ });
    await expect(invoiceLink).toBeVisible();
    const pdf = await page.request.get((await invoiceLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    const text = await pdfText(await pdf.body());
    expect(text).toContain(`Tax number: ${tax}`);
    expect(text).toContain(phone);
  } finally {
    await save({ phone: SEED_SHOP_SETTINGS.supportPhone, tax: SEED_SHOP_SETTINGS.taxNumber });
  }
});
