// The shop's mail in real Chromium, against the production build's servers, whose senders (started by
// instrumentation.ts in every worker) send the outbox to the local SMTP server: an order's Mail panel in the admin's
// expanded row, Resend of a failed message, and the local mailbox showing the mail's HTML in a frame that runs no
// script, its plain text and its PDF attachment.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import postgres from 'postgres';
import { adminTest as test } from './support/admin-session';

// Closed by its idle timeout: with fullyParallel a worker may come back to this file after an afterAll hook.
const sql = postgres(process.env.DATABASE_URL!, { max: 2, idle_timeout: 2, onnotice: () => {} });
const MAILBOX = `${process.env.NEXT_PUBLIC_SUPABASE_URL}/mailbox`;

/** An order with its invoice (issued as the fulfilment issues it) and a buyer's address of its own. */
async function orderWithInvoice() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `mail-e2e-${tag}@mail.test`;
  const reference = `E2E-MAIL-${tag.toUpperCase()}`;
  const address = { full_name: 'Ada <b>Mail</b>', address_line1: '9 Test Street', address_line2: '', city: 'Boston', state: 'MA', postal_code: '02110', country: 'US', phone: '+1 555 0199' };
  const [order] = await sql<{ id: string; created_at: Date }[]>`
    insert into orders (order_reference, customer_name, customer_email, customer_phone, status, total_amount, shipping_address, billing_address)
    values (${reference}, 'Ada Mail', ${email}, '+1 555 0199', 'completed', 9800, ${sql.json(address)}, ${sql.json(address)})
    returning id, created_at`;
  const [ring] = await sql<{ id: string }[]>`select id from rings order by created_at limit 1`;
  await sql`insert into order_items (order_id, product_id, product_category, quantity, unit_price, specifications, choices)
            values (${order!.id}, ${ring!.id}, 'rings', 2, 4900, 'Stone: Ruby, Material: Gold', ${sql.json({ stoneName: 'Ruby', material: 'gold' })})`;
  const snapshot = {
    seller: { shopName: 'Aurelia Fine Jewelry', postalAddress: '', supportEmail: '', supportPhone: '', taxNumber: '', invoiceFooter: '' },
    buyer: { name: 'Ada Mail', email, phone: '+1 555 0199', shipping: address, billing: address },
    order: { id: order!.id, reference, placedAt: order!.created_at.toISOString() },
    lines: [{ sku: 'E2E-MAIL-RING', name: 'Mail <i>Ring</i>', options: 'Stone: Ruby, Material: Gold', quantity: 2, unitPriceCents: 4900, lineTotalCents: 9800 }],
    currency: 'usd',
    totalCents: 9800,
  };
  await sql.begin(async (tx) => {
    await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`;
    await tx`select public.issue_document('invoice', extract(year from now())::int, ${order!.id}, null, 9800, ${tx.json(snapshot)})`;
  });
  // An invoice takes its number as its transaction commits.
  const [invoice] = await sql<{ number: string }[]>`select number from invoices where order_id = ${order!.id}`;
  return { id: order!.id, reference, email, invoice: invoice!.number };
}

test('an order’s mail: the panel shows each message, Resend sends a failed one, the mailbox shows it', async ({ page }) => {
  const order = await orderWithInvoice();
  // The confirmation failed for good (ten refused tries); the dispatch note is queued and the servers send it.
  const [failed] = await sql<{ id: string }[]>`
    insert into mail_outbox (kind, order_id, to_address, dedupe_key, status, attempts, last_error)
    values ('order_confirmation', ${order.id}, ${order.email}, ${'e2e-confirmation:' + order.id}, 'failed', 10,
            'Mail command failed: 451 4.3.2 Try again later')
    returning id`;
  await sql`
    insert into mail_outbox (kind, order_id, to_address, dedupe_key, payload)
    values ('dispatched', ${order.id}, ${order.email}, ${'e2e-dispatched:' + order.id},
            ${sql.json({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })})`;
  await expect.poll(async () => (await sql`select status from mail_outbox where dedupe_key = ${'e2e-dispatched:' + order.id}`)[0]?.status, { timeout: 15_000 }).toBe('sent');

  await page.goto('/admin/orders');
  const row = page.getByRole('row').filter({ hasText: order.reference });
  await row.getByRole('button', { name: `Details of order ${order.reference}` }).click();
  const details = page.locator(`[id="order-${order.id}"]`);
  const mail = details.locator('section').filter({ has: page.getByRole('heading', { name: 'Mail' }) });
  const confirmation = mail.getByRole('listitem').filter({ hasText: 'Order confirmation' });
  const dispatch = mail.getByRole('listitem').filter({ hasText: 'Dispatch notice' });
  await expect(confirmation.getByText('Failed', { exact: true })).toBeVisible();
  await expect(confirmation.getByText('Reason: Mail command failed: 451 4.3.2 Try again later')).toBeVisible();
  await expect(confirmation.getByText(`To ${order.email}`)).toBeVisible();
  await expect(dispatch.getByText('Sent', { exact: true })).toBeVisible();
  await expect(dispatch.getByRole('button', { name: /Resend/ })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).include('#admin-main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await confirmation.getByRole('button', { name: 'Resend order confirmation' }).click();
  await expect(page.getByText('Mail queued to send again').first()).toBeVisible();
  // The action woke this server's sender: the confirmation goes out at once, with the invoice attached.
  await expect.poll(async () => (await sql`select status from mail_outbox where id = ${failed!.id}`)[0]?.status, { timeout: 15_000 }).toBe('sent');
  await page.reload();
  await row.getByRole('button', { name: `Details of order ${order.reference}` }).click();
  await expect(confirmation.getByText('Sent', { exact: true })).toBeVisible();

  await page.goto(`${MAILBOX}?to=${encodeURIComponent(order.email)}`);
  const article = page.locator('article').filter({ hasText: `Your order ${order.reference} is confirmed` });
  await expect(article).toBeVisible();
  await expect(article.locator('p.meta')).toContainText(/From "?Aurelia Fine Jewelry"? <orders@aurelia\.test>/);
  const frame = article.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  const body = article.frameLocator('iframe');
  await expect(body.getByText('Order Confirmed!')).toBeVisible();
  await expect(body.getByText('Mail <i>Ring</i>')).toBeVisible();
  await expect(body.locator('td').filter({ hasText: 'Total paid' }).last()).toHaveText('Total paid');
  await expect(body.locator('td').filter({ hasText: /^\$98\.00$/ }).last()).toBeVisible();
  const pdf = article.getByRole('link', { name: `${order.invoice}.pdf` });
  const response = await page.request.get(new URL((await pdf.getAttribute('href'))!, MAILBOX).toString());
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await article.getByText('Plain text').click();
  await expect(article.locator('pre')).toContainText('Ada <b>Mail</b>');
  await expect(page.locator('article').filter({ hasText: `Your order ${order.reference} is on its way` })).toBeVisible();
});
