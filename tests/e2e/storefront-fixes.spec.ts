// What a shopper saw go wrong (issue 13), on the seeded catalog at phone and desktop widths: every search result
// reachable, toasts clear of the header, 404s inside the shop frame, one wording for options, composed accents,
// the filter drawer's result count, the cart's bottom bar, FAQ questions as headings, and aligned card prices.
import { expect, test, type Locator, type Page } from '@playwright/test';
import postgres from 'postgres';
import { databaseUrl, testConfig } from '../../local-stack/config';
import { buildPrefixTsQuery } from '../../lib/catalog/search-query';
import { defaultRingSize } from '../../lib/catalog/ring-sizes';

// Closed by its idle timeout: with fullyParallel a worker may come back to this file after another hook.
const sql = postgres(process.env.DATABASE_URL ?? databaseUrl(testConfig()), { max: 1, idle_timeout: 1, onnotice: () => {} });

/** A picture of the page beside the test's results (test-results/), to look at the layout at each width. */
const snap = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

async function matchCount(word: string) {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from catalog_products where search_vector @@ to_tsquery('english', ${buildPrefixTsQuery(word)!})`;
  return row!.n;
}

test.describe('1. search lists every result', () => {
  test("the overlay leads to 'See all {n} results', a server-rendered page of 20 with pages, filter and sort", async ({ page }) => {
    const total = await matchCount('gold');
    expect(total, 'the seed has more than 20 gold pieces').toBeGreaterThan(20);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Products' });
    await dialog.getByPlaceholder('Search for products...').fill('gold');
    await expect(dialog.getByText(`Found ${total} results`)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(20);
    await dialog.getByRole('link', { name: `See all ${total} results` }).click();

    await expect(page).toHaveURL(/\/search\?q=gold$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(page.getByText(`Showing 1-20 of ${total} results`)).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(20);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/search\?q=gold&page=2$/);
    await expect(page.getByText(`Showing 21-${Math.min(40, total)} of ${total} results`)).toBeVisible();
    await snap(page, 'search-page-2');
  });

  test('answers 200 on a direct visit, ranks name and SKU matches first, and tolerates a typo', async ({ page }) => {
    const [sku] = await sql<{ sku: string; name: string }[]>`select sku, name from catalog_products where sku is not null order by created_at limit 1`;
    const res = await page.goto(`/search?q=${encodeURIComponent(sku!.sku)}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('main').getByRole('article').first()).toContainText(sku!.name);

    const total = await matchCount('pendant');
    expect(total).toBeGreaterThan(0);
    await page.goto('/search?q=pednant');
    await expect(page.getByText(new RegExp(`of ${total} results$`))).toBeVisible();
    // Prefix while typing: 'gol' finds what 'gold' finds.
    await page.goto('/search?q=gol');
    await expect(page.getByText(new RegExp(`of ${await matchCount('gol')} results$`))).toBeVisible();
  });

  test('filters by material on the search page', async ({ page }) => {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from catalog_products
       where search_vector @@ to_tsquery('english', ${buildPrefixTsQuery('ring')!}) and material = 'silver'`;
    await page.goto('/search?q=ring&material=silver');
    await expect(page.getByText(new RegExp(`of ${row!.n} results$`))).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });
});

test.describe('2. toasts', () => {
  test('cover neither the header nor its cart, in the shop palette and type', async ({ page }) => {
    const [ring] = await sql<{ id: string; name: string }[]>`
      select id, name from rings where price_stone1 > 0 order by created_at limit 1`;
    await page.goto(`/rings/${ring!.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added to cart' });
    await expect(toast).toBeVisible();
    // A pointer on the toast holds it (sonner pauses its 2 s timer), so a slow machine still measures it.
    await toast.hover();
    await page.waitForTimeout(450); // the toast's slide-in
    await snap(page, 'toast');
    const toastBox = await box(toast);
    const header = page.getByRole('banner');
    expect(overlaps(toastBox, await box(header)), 'toast overlaps the header').toBe(false);
    if (!isPhone(page)) expect(overlaps(toastBox, await box(page.getByRole('button', { name: 'Add to Cart' }))), 'toast overlaps Add to Cart').toBe(false);
    const style = await toast.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, font: s.fontFamily, bodyFont: getComputedStyle(document.body).fontFamily };
    });
    expect(style.background).toBe('rgb(250, 248, 245)');
    expect(style.font).toBe(style.bodyFont);
  });
});

test.describe('3. not-found pages', () => {
  for (const path of ['/no/such/route/here', '/no-such-page', '/rings/not-a-product', '/category/rings/7.bogus.all']) {
    test(`${path} answers 404 inside the shop's header and footer`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('heading', { name: /Not Found/ })).toBeVisible();
      if (path === '/no/such/route/here') await snap(page, 'deep-404');
    });
  }
});

test.describe('4. option wording', () => {
  test('a card quick add, the cart and the checkout name the stone alike', async ({ page }) => {
    const [ring] = await sql<{ id: string; name: string; stone: string; sizes: string[] }[]>`
      select id, name, coalesce(stone_details->>'Stone1', stone) as stone, sizes from rings
       where price_stone1 > 0 and coalesce(stone_details->>'Stone1', stone) is not null order by created_at desc limit 1`;
    const size = defaultRingSize(ring!.sizes);
    await page.goto(`/search?q=${encodeURIComponent(ring!.name)}`);
    await page.getByRole('button', { name: `Add ${ring!.name} to cart` }).first().click();
    await expect(page.getByRole('button', { name: `${ring!.name} is in your cart. Add more` }).first()).toBeVisible();
    // The toast names the choice made for the buyer.
    await expect(page.getByText(` × ${ring!.name} (Stone: ${ring!.stone}${size ? `, Ring Size: ${size}` : ''})`, { exact: false })).toBeVisible();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: ring!.name });
    await expect(line.getByText('Stone:')).toBeVisible();
    await expect(line.getByText(ring!.stone, { exact: true })).toBeVisible();
    await expect(line).not.toContainText('Stone 1');
    await page.goto('/checkout');
    await expect(page.getByText(new RegExp(`Stone: ${ring!.stone}`)).first()).toBeVisible();
  });

  test('a piece without a stone shows no stone picker; a ring offers its own sizes and no description promises others', async ({ page }) => {
    const [band] = await sql<{ id: string; description: string; sizes: string[] }[]>`
      select id, description, sizes from rings
       where stone is null and stone_details is null and price_stone1 > 0 and cardinality(sizes) > 0 and status = 'active'
       order by created_at limit 1`;
    expect(band, 'the seed has a plain band sold by size').toBeTruthy();
    await page.goto(`/rings/${band!.id}`);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Stone' })).toHaveCount(0);
    await expect(page.getByText('Stone 2')).toHaveCount(0);
    await expect(page.getByTestId('selection-summary')).not.toContainText('Stone');
    // Its sizes, opening on 7, named in the selection and the details.
    const sizes = page.getByRole('group', { name: 'Ring Size' });
    await expect(sizes.getByRole('radio')).toHaveCount(band!.sizes.length);
    await expect(page.getByTestId('selection-summary')).toContainText('Ring Size: 7');
    await expect(page.getByTestId('product-details')).toContainText('Ring Size7');
    // Only sized rings may speak of sizes; the seeded texts speak of none.
    const [promises] = await sql<{ n: number }[]>`
      select count(*)::int as n from rings where description ~* 'sizes? \\d|half sizes'`;
    expect(promises!.n).toBe(0);
  });
});

test.describe('5. accents', () => {
  test('names are stored and shown composed, and the serif draws its own accented letters', async ({ page }) => {
    const [product] = await sql<{ id: string; category: string; name: string }[]>`
      select id, category, name from catalog_products where name ~ '[àâçèéêëîïôùûüÀ-ÿ]' order by created_at limit 1`;
    expect(product, 'the seed has an accented product name').toBeTruthy();
    const [nfd] = await sql<{ n: number }[]>`select count(*)::int as n from catalog_products where not name is nfc normalized`;
    expect(nfd!.n).toBe(0);
    const route = product!.category === 'body_jewelry' ? 'body-jewelry' : product!.category;
    await page.goto(`/${route}/${product!.id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(product!.name);
    const check = await heading.evaluate(async (el) => {
      await document.fonts.ready;
      const text = el.textContent ?? '';
      const font = getComputedStyle(el).font;
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = font;
      // An accented letter drawn by the font itself is as wide as its base letter.
      const pairs = [...'àâçèéêëîïôùûü'].filter((c) => text.includes(c)).map((c) => [c, c.normalize('NFD')[0]!] as const);
      return {
        nfc: text === text.normalize('NFC'),
        pairs: pairs.map(([c, base]) => Math.abs(ctx.measureText(c).width - ctx.measureText(base).width) < 0.5),
      };
    });
    expect(check.nfc).toBe(true);
    expect(check.pairs.length).toBeGreaterThan(0);
    expect(check.pairs.every(Boolean)).toBe(true);
  });
});

test.describe('6. mobile filters', () => {
  test("the drawer shows 'Show {n} results' and closes with it @mobile-only", async ({ page }) => {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from rings where material = 'gold'`;
    await page.goto('/category/rings');
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByLabel('Gold', { exact: true }).check();
    await expect(page).toHaveURL(/material=gold/);
    const show = page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: `Show ${row!.n} results` });
    await expect(show).toBeVisible();
    await snap(page, 'filters-drawer');
    await show.click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
    await expect(page.getByText(new RegExp(`of ${row!.n} results$`))).toBeVisible();
  });
});

test.describe('7. mobile cart', () => {
  test('with two lines, the total and Proceed to Checkout are on the first screen @mobile-only', async ({ page }) => {
    const rings = await sql<{ id: string }[]>`select id from rings where price_stone1 > 0 order by created_at limit 2`;
    for (const ring of rings) {
      await page.goto(`/rings/${ring.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Added to cart').first()).toBeVisible();
    }
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    const checkout = page.getByRole('link', { name: 'Proceed to Checkout' });
    await expect(checkout).toBeInViewport();
    await snap(page, 'cart-bar');
    await expect(page.getByTestId('cart-bar')).toContainText('Subtotal');
    await expect(page.getByTestId('cart-bar')).toContainText((await page.getByTestId('cart-subtotal').textContent())!);
  });
});

test.describe('8. FAQ', () => {
  test('questions are headings, answers paragraphs', async ({ page }) => {
    await page.goto('/faqs');
    const questions = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(questions.first()).toHaveText('Who can buy from Aurelia?');
    expect(await questions.count()).toBeGreaterThanOrEqual(6);
    for (const text of await questions.allTextContents()) expect(text.endsWith('?')).toBe(true);
    await snap(page, 'faq');
  });
});

test.describe('9. card alignment', () => {
  test('prices line up across a row of cards whether names take one line or two', async ({ page }) => {
    await page.goto('/category/rings');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    const rows = await cards.evaluateAll((els) =>
      els.map((el) => ({
        top: Math.round(el.getBoundingClientRect().top),
        price: Math.round(el.querySelector('.pcard-price')?.getBoundingClientRect().top ?? -1),
        nameHeight: Math.round(el.querySelector('.pcard-name')?.getBoundingClientRect().height ?? 0),
      })),
    );
    const byRow = new Map<number, typeof rows>();
    for (const r of rows) byRow.set(r.top, [...(byRow.get(r.top) ?? []), r]);
    for (const row of byRow.values()) {
      const priced = row.filter((r) => r.price >= 0);
      expect(new Set(priced.map((r) => r.price)).size, 'one price line per row').toBeLessThanOrEqual(1);
      expect(new Set(row.map((r) => r.nameHeight)).size, 'names take the same height').toBe(1);
    }
  });
});

test.describe('cached pages without the middleware', () => {
  test('every page carries one security policy, with a nonce only where rendered per request', async ({ request }) => {
    const [ring] = await sql<{ id: string }[]>`select id from rings order by created_at limit 1`;
    const cached = ['/', '/category/rings', '/category/rings?page=2&material=gold', `/rings/${ring!.id}`, '/faqs', '/cart', '/no/such/page', '/search?q=gold'];
    const perRequest = ['/login', '/checkout'];
    for (const path of [...cached, ...perRequest]) {
      const res = await request.get(path, { maxRedirects: 0 });
      const policies = res.headersArray().filter((h) => h.name.toLowerCase() === 'content-security-policy');
      expect(policies, path).toHaveLength(1);
      expect(policies[0]!.value, path).toContain("frame-ancestors 'none'");
      expect(policies[0]!.value.includes("'nonce-"), path).toBe(perRequest.includes(path));
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    }
  });

  test('a POST from another site is refused on cached pages too', async ({ request }) => {
    for (const path of ['/', '/category/rings', '/cart']) {
      const res = await request.post(path, { headers: { origin: 'https://elsewhere.example' }, data: {} });
      expect(res.status(), path).toBe(403);
    }
  });
});
