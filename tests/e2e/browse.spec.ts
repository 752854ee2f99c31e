// Browsing the storefront: header and footer, home, a category listing with filter, sort and pages, product cards,
// the error and empty states, and axe on home and a listing. Expected numbers come from SQL on the seeded catalog.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';

// Closed by its idle timeout: with fullyParallel a worker may come back to this file after an afterAll hook.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 1, onnotice: () => {} });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

async function count(where: postgres.PendingQuery<postgres.Row[]>) {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from catalog_products where ${where}`;
  return row!.n;
}

async function expectNoSeriousAxeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('home', () => {
  test('tells the story, shows three five-star testimonials and links into the catalog', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Making jewelry since 2003' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Custom design' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quality assurance' })).toBeVisible();
    const testimonials = page.getByRole('region', { name: 'What Our Clients Say' }).getByRole('figure');
    await expect(testimonials).toHaveCount(3);
    await expect(page.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toHaveCount(3);
    const main = page.getByRole('main');
    for (const href of ['/category/rings', '/category/necklaces', '/category/bracelets', '/category/earrings', '/category/body-jewelry', '/mens-jewelry', '/new-arrivals']) {
      await expect(main.locator(`a[href="${href}"]`).first()).toBeAttached();
    }
  });

  test('has no serious or critical axe findings', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousAxeFindings(page);
  });
});

test.describe('header and footer', () => {
  test('show the header and footer links; the account icon goes to /login for a guest; no cart badge at 0', async ({ page }) => {
    await page.goto('/products');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Aurelia Fine Jewelry, home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Cart', exact: true })).toHaveAttribute('href', '/cart');
    const footer = page.getByRole('contentinfo');
    for (const href of ['/faqs', '/shipping-returns', '/care-guide', '/our-story', '/privacy-policy', '/terms-of-service', '/cookie-policy']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(3);
  });

  test("the Women's Jewelry dropdown opens on hover, closes after the pointer leaves, and works by keyboard @desktop-only", async ({ page }) => {
    await page.goto('/products');
    const button = page.getByRole('button', { name: "Women's Jewelry" });
    const pendants = page.getByRole('link', { name: 'Pendants' });
    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(pendants).toHaveAttribute('href', '/category/pendants');
    await expect(page.getByRole('link', { name: 'Chains' })).toHaveAttribute('href', '/category/chains');
    await page.mouse.move(5, 600);
    await expect(pendants).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Rings', exact: true }).first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the mobile menu shows the same links, traps focus, closes on Escape and gives focus back @mobile-only', async ({ page }) => {
    await page.goto('/products');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Shop All', 'New Arrivals', 'Rings', 'Necklaces', 'Pendants', 'Chains', 'Bracelets', 'Earrings', 'Body Jewelry', "Men's Jewelry"]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Earrings' }).click();
    await expect(page).toHaveURL(/\/category\/earrings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Earrings Collection' })).toBeVisible();
  });
});

test.describe('category listing', () => {
  test('filters by material, pages with ?page= and sorts by price, all in the URL', async ({ page }) => {
    const total = await count(sql`category = 'rings'`);
    const gold = await count(sql`category = 'rings' and material = 'gold'`);
    const goldOrSilver = await count(sql`category = 'rings' and material in ('gold', 'silver')`);
    expect(goldOrSilver, 'needs more than one page of gold and silver rings').toBeGreaterThan(20);

    await page.goto('/category/rings');
    await expect(page.getByRole('heading', { level: 1, name: 'Rings Collection' })).toBeVisible();
    await expect(page.getByText('Discover our exquisite collection of rings pieces')).toBeVisible();
    await expect(page.getByText(`Showing 1-20 of ${total} results`)).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(20);

    // Each change re-renders the listing; the box just ticked keeps focus, and the mobile drawer stays open.
    const check = async (material: 'Gold' | 'Silver', url: RegExp) => {
      if (isMobile(page)) {
        const button = page.getByRole('button', { name: /Filters/ });
        await button.click();
        const drawer = page.getByRole('dialog', { name: 'Filters' });
        const box = drawer.getByRole('checkbox', { name: material, exact: true });
        await box.check();
        await expect(page).toHaveURL(url);
        await expect(drawer).toBeVisible();
        await expect(box).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(button).toBeFocused();
      } else {
        const box = page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: material, exact: true });
        await box.check();
        await expect(page).toHaveURL(url);
        await expect(box).toBeFocused();
      }
    };
    await check('Gold', /\/category\/rings\?material=gold$/);
    await expect(page.getByText(`Showing 1-${Math.min(20, gold)} of ${gold} results`)).toBeVisible();
    await check('Silver', /\/category\/rings\?material=silver&material=gold$/);
    await expect(page.getByText(`Showing 1-20 of ${goldOrSilver} results`)).toBeVisible();

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/category\/rings\?material=silver&material=gold&page=2$/);
    await expect(page.getByText(`Showing 21-${Math.min(40, goldOrSilver)} of ${goldOrSilver} results`)).toBeVisible();
    await expect(pager.locator('[aria-current="page"]')).toContainText('2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await pager.getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/category\/rings\?material=silver&material=gold$/);

    // Changing the sort drops the page and keeps the filter.
    await page.goto('/category/rings?material=silver&material=gold&page=2');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\/category\/rings\?material=silver&material=gold&sort=price-asc$/);
    await expect(page.getByLabel('Sort by')).toBeFocused();
    const [cheapest] = await sql<{ price: string }[]>`
      select price_from::text as price from rings where material in ('gold', 'silver') order by price_from asc nulls last, id limit 1`;
    await expect(page.getByRole('article').first()).toContainText(`From $${Number(cheapest!.price).toFixed(2)}`);
  });

  test('treats a non-numeric or too small page as page 1', async ({ page }) => {
    for (const bad of ['abc', '0', '-3']) {
      await page.goto(`/new-arrivals?page=${bad}`);
      await expect(page.getByRole('heading', { level: 1, name: 'New Arrivals' })).toBeVisible();
      await expect(page.getByText(/^Showing 1-\d+ of \d+ results$/)).toBeVisible();
    }
  });

  test("shows 'No products found' past the last page and the error message for an unknown category", async ({ page }) => {
    await page.goto('/category/rings?page=99999');
    await expect(page.getByText('No products found')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or search criteria.')).toBeVisible();
    await page.goto('/category/watches');
    await expect(page.getByText('Error loading products')).toBeVisible();
    await expect(page.getByText('Invalid table watches for category watches')).toBeVisible();
  });

  test("a view's title, canonical link and controls all name the view the URL asks for", async ({ page }) => {
    // The page and its metadata read the same parsed view: page 2 of gold and silver rings, highest price first.
    const res = await page.goto('/category/rings?material=gold&material=silver&sort=price-desc&page=2');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Rings Collection – Page 2\b/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/category\/rings\?page=2$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
    await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current="page"]')).toContainText('2');
    const filters = isMobile(page) ? page.getByRole('button', { name: /Filters/ }) : page.getByRole('complementary', { name: 'Filters' });
    if (isMobile(page)) await expect(filters).toContainText('2');
    else {
      await expect(filters.getByRole('checkbox', { name: 'Gold', exact: true })).toBeChecked();
      await expect(filters.getByRole('checkbox', { name: 'Rose Gold', exact: true })).not.toBeChecked();
    }
    // A link built from that view keeps it and is spelt as a visitor would type it.
    await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/category/rings?material=silver&material=gold&sort=price-desc',
    );

    // An unknown category keeps its own heading over its message, and is not a page.
    const unknown = await page.goto('/category/watches');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Watches Collection' })).toBeVisible();
  });

  test("lists Men's Collection and a card's SKU, MOQ, price and detail link", async ({ page }) => {
    // The first page, newest first as the listing sorts it.
    const shown = await sql<{ id: string; category: string; name: string; sku: string | null; moq: number; price: string | null }[]>`
      select id, category, name, sku, moq, price_from::text as price from catalog_products
       where is_mens_jewelry and status = 'active' order by created_at desc, id desc limit 20`;
    // A card with a price, so the price is checked.
    const priced = shown.find((p) => Number(p.price) > 0);
    expect(priced, "the seed has no priced men's product on the first page").toBeTruthy();
    const { id, category, name, sku, moq, price } = priced!;
    await page.goto('/mens-jewelry');
    await expect(page.getByRole('heading', { level: 1, name: "Men's Collection" })).toBeVisible();
    await expect(page.getByRole('article').first().getByRole('heading', { name: shown[0]!.name })).toBeVisible();
    const route = category === 'body_jewelry' ? 'body-jewelry' : category;
    const card = page.getByRole('article').filter({ has: page.locator(`a[href="/${route}/${id}"]`) });
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card).toContainText(`SKU: ${sku ?? 'N/A'}`);
    await expect(card).toContainText(`MOQ: ${moq}`);
    await expect(card).toContainText(`From $${Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(card.getByRole('link').first()).toHaveAttribute('href', `/${route}/${id}`);
  });

  test('the corner button adds the MOQ to the cart and shows the in-cart state', async ({ page }) => {
    await page.goto('/category/earrings');
    const addable = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Add .* to cart$/ }) }).first();
    const name = (await addable.getByRole('heading').textContent())!;
    // Located by name: the button's label changes once the product is in the cart.
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) }).first();
    const moq = Number((await card.getByText(/^MOQ: \d+$/).textContent())!.replace('MOQ: ', ''));
    const button = card.getByRole('button', { name: /to cart|in your cart/ });
    await expect(button).toBeEnabled();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await button.click();
    await expect(button).toHaveAttribute('data-in-cart', 'true');
    await expect(page.getByTestId('cart-count')).toHaveText(String(moq));
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText(String(moq));
    await expect(card.getByRole('button', { name: /is in your cart/ })).toBeVisible();
  });

  test('has no serious or critical axe findings', async ({ page }) => {
    await page.goto('/category/necklaces');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousAxeFindings(page);
  });
});
