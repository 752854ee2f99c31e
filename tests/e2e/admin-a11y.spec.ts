// The back office with work waiting (an open quote, a pending trade account, orders), at desktop and 390 px: axe finds
// nothing on the dashboard, orders, quotes and trade accounts screens (the menu's counts included), no screen is wider
// than a phone, the quotes screen hydrates cleanly, and a category's import panel folds away on a phone.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { adminTest as test } from './support/admin-session';
import { hydrated } from './support/hydration';
import { ADMIN_NAV } from '../../lib/admin/nav';

// Shared per worker and never ended by a hook: it closes when idle.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 2, onnotice: () => {} });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** A quote waiting for an answer and a trade application waiting for review, so both menu counts show. */
async function waitingWork(project: string) {
  const tag = `${project}${Date.now().toString(36)}`.toLowerCase();
  const [quote] = await sql<{ id: string; reference: string }[]>`
    insert into quotes (name, email) values (${'A11y Buyer ' + tag}, ${`a11y-${tag}@quotes-e2e.test`}) returning id, reference`;
  await sql`insert into quote_lines (quote_id, position, product_id, product_category, name, quantity)
            values (${quote!.id}, 1, gen_random_uuid(), 'rings', 'A11y Ring', 5)`;
  const owner = randomUUID();
  await sql`insert into auth.users (id, email, aud, role, created_at, updated_at)
            values (${owner}, ${`a11y-${tag}@trade-e2e.test`}, 'authenticated', 'authenticated', now(), now())`;
  const [account] = await sql<{ id: string }[]>`
    insert into trade_accounts (owner_id, status, business_name, business_type, tax_id, phone, address)
    values (${owner}, 'pending', ${'A11y Boutique ' + tag}, 'Boutique', '12-3456789', '+1 555 010 0000',
            ${sql.json({ line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' })})
    returning id`;
  await sql`insert into trade_account_members (account_id, user_id, role) values (${account!.id}, ${owner}, 'owner')`;
  const [group] = await sql<{ id: string }[]>`insert into price_groups (name) values (${'A11y ' + tag}) returning id`;
  return { reference: quote!.reference, quoteId: quote!.id, accountId: account!.id, groupId: group!.id };
}

/** Every axe finding on the whole page (menu and header too), by rule and element. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's width, and the innermost elements that stick out past a phone's edge (to say what to fix). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && ![...el.children].some((c) => c.getBoundingClientRect().right > width + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}: ${el.textContent?.slice(0, 30)}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

const SCREENS = ['/admin/dashboard', '/admin/orders', '/admin/quotes', '/admin/trade-accounts'] as const;

test('the back office passes axe with a quote and a trade account waiting, and fits a phone', async ({ page }, info) => {
  test.setTimeout(120_000);
  const { reference } = await waitingWork(info.project.name);
  // Hydration errors, by the screen they happened on.
  const errors: string[] = [];
  const hydrationError = (text: string) => /hydrat|#418|#423|#425/i.test(text) && errors.push(`${new URL(page.url()).pathname}: ${text}`);
  page.on('pageerror', (e) => hydrationError(e.message));
  page.on('console', (m) => m.type() === 'error' && hydrationError(m.text()));

  for (const path of SCREENS) {
    await page.goto(path);
    await hydrated(page, '#admin-main');
    if (isMobile(page)) {
      // The counts sit in the folded menu on a phone: open it so axe sees them.
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await expect(menu.getByRole('link', { name: /^Quotes \d+ open/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Trade accounts, \d+ pending/ })).toBeVisible();
    expect(await axeFindings(page), path).toEqual([]);
    if (isMobile(page)) {
      const o = await overflow(page);
      expect(o.scrollWidth, `${path}: ${o.wide.join(' | ')}`).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '_')}.png`), fullPage: true });
  }

  // The waiting quote is listed (a card on a phone, a row on a desktop) and opens.
  await page.goto('/admin/quotes?status=requested');
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { name: `Quote ${reference}` })).toBeVisible();
  expect(errors.filter((e) => e.startsWith('/admin/quotes'))).toEqual([]);
});

/**
 * Every screen of the side menu, and one of each detail screen: the test's own quote, trade account and price group
 * (other journeys delete theirs as they end), and the newest customer and order.
 */
async function everyScreen(own: Awaited<ReturnType<typeof waitingWork>>): Promise<string[]> {
  const [customer] = await sql<{ key: string }[]>`select key from customers order by last_order_at desc nulls last limit 1`;
  const [order] = await sql<{ id: string }[]>`select id from orders order by created_at desc limit 1`;
  return [
    ...ADMIN_NAV.map((n) => n.href),
    ...(customer ? [`/admin/customers/${encodeURIComponent(customer.key)}`] : []),
    ...(order ? [`/admin/orders?order=${order.id}`] : []),
    `/admin/quotes/${own.quoteId}`,
    `/admin/trade-accounts/${own.accountId}`,
    `/admin/price-groups/${own.groupId}`,
  ];
}

test('every back-office screen passes axe, hydrates cleanly and fits a phone', async ({ page }) => {
  test.setTimeout(240_000);
  const own = await waitingWork(`all${test.info().project.name}`);
  // Each error by the address of the page it happened on.
  const errors: string[] = [];
  const at = () => page.url().replace(/^https?:\/\/[^/]+/, '');
  page.on('pageerror', (e) => errors.push(`${at()}: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text()) && errors.push(`${at()}: ${m.text()}`));
  const wide: string[] = [];
  const findings: string[] = [];
  for (const path of await everyScreen(own)) {
    await page.goto(path);
    await hydrated(page, '#admin-main');
    findings.push(...(await axeFindings(page)).map((f) => `${path}: ${f}`));
    if (isMobile(page)) {
      const o = await overflow(page);
      if (o.scrollWidth > 390) wide.push(`${path} is ${o.scrollWidth} px: ${o.wide.join(' | ')}`);
    }
  }
  expect(errors).toEqual([]);
  expect(findings).toEqual([]);
  expect(wide).toEqual([]);
});

test('a category screen fits a phone, its import panel folded until asked for @mobile-only', async ({ page }, info) => {
  await page.goto('/admin/rings');
  await hydrated(page, '#admin-main');
  const panel = page.getByRole('region', { name: 'Import Products' });
  await expect(panel.getByText('Choose a CSV file')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath('rings-folded.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Show import' }).click();
  await expect(panel.getByText('Choose a CSV file')).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath('rings-open.png'), fullPage: true });
});

test('a category screen shows its import panel open on a desktop @desktop-only', async ({ page }, info) => {
  await page.goto('/admin/rings');
  const panel = page.getByRole('region', { name: 'Import Products' });
  await expect(panel.getByText('Choose a CSV file')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Show import' })).toBeHidden();
  await page.screenshot({ path: info.outputPath('rings.png'), fullPage: true });
});
