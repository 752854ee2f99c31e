// The Storefront screen end to end on the real database, as real sessions from the Auth stand-in: saving the hero,
// tiles and featured products (one transaction, the catalog tag revalidated), reading them on the home page with
// today's choice as the fallback, the 'Featured' listing sort, the refusals (13 products, an unknown product, a link
// off the shop, an image outside the bucket, a file that is no image) and visitors and customers refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { POST as uploadPOST } from '@/app/api/admin/storefront-images/route';
import { updateStorefront } from '@/lib/admin/storefront/actions';
import { STOREFRONT_TEXT } from '@/lib/admin/storefront/rules';
import { loadStorefrontScreen } from '@/lib/admin/storefront/screen';
import { loadHome } from '@/lib/catalog/home';
import { HOME_DEFAULTS } from '@/lib/catalog/home-rules';
import { loadHomeShowcase, loadListing } from '@/lib/catalog/listing';
import { PAGE_SIZE } from '@/lib/catalog/categories';
import { CATALOG_TAG } from '@/lib/core/cache/tags';
import { db } from '@/lib/core/db';
import { env } from '@/lib/core/env';
import { NOT_AN_IMAGE, publicImagePrefix } from '@/lib/storage/image-rules';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { imageBytes } from './catalog-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

const TAG = `SFTEST${Date.now().toString(36).toUpperCase()}`;
let who: Callers;
let saved: { settings: Record<string, unknown>; featured: { position: number; category: string; product_id: string }[] };
const p: Record<'ringA' | 'ringB' | 'ringDraft' | 'necklace' | 'doomed', string> = { ringA: '', ringB: '', ringDraft: '', necklace: '', doomed: '' };
const bucket = (name: string) => `${publicImagePrefix(env().NEXT_PUBLIC_SUPABASE_URL)}storefront/${name}`;

const input = (over: Record<string, unknown> = {}) => ({
  heroImageUrl: bucket('hero.png'),
  heroAlt: 'A gold pendant on linen',
  heroHeading: 'The autumn collection',
  heroLink: '/category/rings',
  heroLinkLabel: 'See the rings',
  tileImages: { rings: bucket('rings.png'), necklaces: null, bracelets: null, earrings: null, body_jewelry: null },
  featured: [
    { category: 'rings', id: p.ringB },
    { category: 'necklaces', id: p.necklace },
    { category: 'rings', id: p.ringDraft },
    { category: 'rings', id: p.ringA },
  ],
  ...over,
});

const state = async () => {
  const [row] = await sql<{ fp: string }[]>`
    select md5(concat_ws('|', (select row_to_json(s)::text from storefront_settings s),
      (select string_agg(position || category || product_id, ',' order by position) from featured_products))) as fp`;
  return row!.fp;
};

beforeAll(async () => {
  who = await callers();
  const [settings] = await sql<Record<string, unknown>[]>`select * from storefront_settings`;
  saved = { settings: settings!, featured: await sql`select position, category, product_id from featured_products` };
  // Newer than the seed, oldest first: A, B, the draft, the doomed one.
  const at = (i: number) => new Date(Date.now() + 86_400_000 + i * 1000);
  const rings = await sql<{ id: string; name: string }[]>`
    insert into rings (name, sku, price_stone1, created_at, status) values
      (${TAG + ' A'}, ${TAG + '-A'}, 10, ${at(1)}, 'active'), (${TAG + ' B'}, ${TAG + '-B'}, 20, ${at(2)}, 'active'),
      (${TAG + ' Draft'}, ${TAG + '-D'}, 30, ${at(3)}, 'draft'), (${TAG + ' Doomed'}, ${TAG + '-X'}, 40, ${at(4)}, 'active')
    returning id, name`;
  p.ringA = rings[0]!.id;
  p.ringB = rings[1]!.id;
  p.ringDraft = rings[2]!.id;
  p.doomed = rings[3]!.id;
  const [necklace] = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, n_price_18_stone1, created_at, status) values (${TAG + ' N'}, ${TAG + '-N'}, 50, ${at(5)}, 'active') returning id`;
  p.necklace = necklace!.id;
});

afterAll(async () => {
  const s = saved.settings;
  await sql`update storefront_settings set hero_image_url = ${s.hero_image_url as string | null}, hero_alt = ${s.hero_alt as string},
            hero_heading = ${s.hero_heading as string}, hero_link = ${s.hero_link as string}, hero_link_label = ${s.hero_link_label as string},
            tile_images = ${sql.json(s.tile_images as Record<string, string>)}, updated_at = ${s.updated_at as Date | null}, updated_by = ${s.updated_by as string | null}`;
  await sql`delete from featured_products`;
  for (const f of saved.featured) await sql`insert into featured_products ${sql(f)}`;
  await sql`delete from rings where sku like ${TAG + '-%'}`;
  await sql`delete from necklaces where sku like ${TAG + '-%'}`;
  await closeSupport();
  await db().end();
});

describe('saving the storefront', () => {
  it('refuses a visitor (401) and a customer (403), and writes nothing', async () => {
    const before = await state();
    expect(await as(who.anon, () => updateStorefront(input()))).toMatchObject({ ok: false, status: 401 });
    expect(await as(who.customer, () => updateStorefront(input()))).toMatchObject({ ok: false, status: 403, error: 'You do not have admin permissions' });
    expect(await state()).toBe(before);
  });

  it.each([
    ['13 featured products', { featured: Array.from({ length: 13 }, () => ({ category: 'rings', id: crypto.randomUUID() })) }, STOREFRONT_TEXT.tooMany],
    ['an unknown product', { featured: [{ category: 'rings', id: crypto.randomUUID() }] }, STOREFRONT_TEXT.unknownProduct],
    ['a product of another category', { featured: [{ category: 'earrings', id: '00000000-0000-4000-8000-000000000000' }] }, STOREFRONT_TEXT.unknownProduct],
    ['the same product twice', { featured: [{ category: 'rings', id: '11111111-1111-4111-8111-111111111111' }, { category: 'rings', id: '11111111-1111-4111-8111-111111111111' }] }, STOREFRONT_TEXT.duplicate],
    ['an external link', { heroLink: 'https://evil.test/' }, STOREFRONT_TEXT.badLink],
    ['a javascript: link', { heroLink: 'javascript:alert(1)' }, STOREFRONT_TEXT.badLink],
    ['a protocol-relative link', { heroLink: '//evil.test' }, STOREFRONT_TEXT.badLink],
    ['an image outside the bucket', { heroImageUrl: 'https://evil.test/hero.png' }, STOREFRONT_TEXT.notInBucket],
    ['a tile image that is not a URL', { tileImages: { rings: 'javascript:alert(1)' } }, STOREFRONT_TEXT.notInBucket],
  ])('refuses %s with a clear message, saving nothing', async (_name, over, message) => {
    const before = await state();
    const result = await as(who.admin, () => updateStorefront(input(over)));
    expect(result).toMatchObject({ ok: false, error: message });
    expect(await state()).toBe(before);
  });

  it('saves the hero, tiles and featured order in one go, as the admin, and revalidates the home page and listings', async () => {
    vi.mocked(revalidateTag).mockClear();
    const result = await as(who.admin, () => updateStorefront(input()));
    expect(result).toMatchObject({ ok: true, message: STOREFRONT_TEXT.saved, data: { featured: 4 } });
    expect(vi.mocked(revalidateTag).mock.calls.map((c) => c[0])).toContain(CATALOG_TAG);
    const rows = await sql<{ position: number; product_id: string }[]>`select position, product_id from featured_products order by position`;
    expect(rows).toEqual([
      { position: 1, product_id: p.ringB },
      { position: 2, product_id: p.necklace },
      { position: 3, product_id: p.ringDraft },
      { position: 4, product_id: p.ringA },
    ]);
    const [settings] = await sql<{ hero_heading: string; tile_images: object; updated_by: string | null }[]>`select * from storefront_settings`;
    expect(settings).toMatchObject({ hero_heading: 'The autumn collection', tile_images: { rings: bucket('rings.png') } });
    expect(settings!.updated_by).not.toBeNull();
  });

  it('shows staff the featured list with each product status; shoppers get only active ones', async () => {
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${DEMO_USERS.admin.email}`;
    const screen = await loadStorefrontScreen({ role: 'authenticated', userId: admin!.id });
    expect(screen.featured.map((f) => [f.id, f.status])).toEqual([
      [p.ringB, 'active'],
      [p.necklace, 'active'],
      [p.ringDraft, 'draft'],
      [p.ringA, 'active'],
    ]);
  });
});

describe('the home page', () => {
  it('reads the hero, the tiles and the active featured products in their order', async () => {
    const home = await loadHome();
    expect(home.hero).toMatchObject({
      imageUrl: bucket('hero.png'),
      alt: 'A gold pendant on linen',
      heading: 'The autumn collection',
      link: '/category/rings',
      linkLabel: 'See the rings',
    });
    expect(home.tiles.rings).toBe(bucket('rings.png'));
    const showcase = await loadHomeShowcase();
    // Tiles not chosen keep the newest image.
    expect(home.tiles.necklaces).toBe(showcase.covers.necklaces);
    expect(home.featured.map((f) => f.id)).toEqual([p.ringB, p.necklace, p.ringA]);
  });

  it('drops a deleted product from the list', async () => {
    await as(who.admin, () => updateStorefront(input({ featured: [{ category: 'rings', id: p.doomed }, { category: 'rings', id: p.ringA }] })));
    await sql`delete from rings where id = ${p.doomed}`;
    expect(await sql`select 1 from featured_products where product_id = ${p.doomed}`).toHaveLength(0);
    expect((await loadHome()).featured.map((f) => f.id)).toEqual([p.ringA]);
  });

  it("falls back to today's choice (the newest images, the default words) when nothing is set", async () => {
    const empty = { heroImageUrl: null, heroAlt: '', heroHeading: '', heroLink: '', heroLinkLabel: '', tileImages: {}, featured: [] };
    expect(await as(who.admin, () => updateStorefront(empty))).toMatchObject({ ok: true });
    const [home, showcase] = await Promise.all([loadHome(), loadHomeShowcase()]);
    expect(home.hero).toMatchObject({
      imageUrl: showcase.covers.necklaces ?? showcase.covers.rings ?? null,
      heading: HOME_DEFAULTS.heroHeading,
      link: HOME_DEFAULTS.heroLink,
      linkLabel: HOME_DEFAULTS.heroLinkLabel,
      alt: HOME_DEFAULTS.heroAlt,
    });
    expect(home.tiles).toEqual(showcase.covers);
    expect(home.featured).toEqual([]);
  });
});

describe("the 'Featured' listing sort", () => {
  async function expected(featured: string[]) {
    const rest = await sql<{ id: string }[]>`
      select id from rings where status = 'active' and not (id = any(${featured}::uuid[])) order by created_at desc, id desc limit ${PAGE_SIZE * 2}`;
    return [...featured, ...rest.map((r) => r.id)].slice(0, PAGE_SIZE * 2);
  }

  it('lists featured products first in their order (active ones of the category only), then the rest newest first, across pages', async () => {
    await as(who.admin, () =>
      updateStorefront(input({ featured: [{ category: 'necklaces', id: p.necklace }, { category: 'rings', id: p.ringA }, { category: 'rings', id: p.ringDraft }, { category: 'rings', id: p.ringB }] })),
    );
    const scope = { kind: 'category', slug: 'rings' } as const;
    const one = await loadListing(scope, { page: 1, sort: 'featured', materials: [] });
    const two = await loadListing(scope, { page: 2, sort: 'featured', materials: [] });
    const newest = await loadListing(scope, { page: 1, sort: 'newest', materials: [] });
    expect(one.total).toBe(newest.total);
    expect([...one.items, ...two.items].map((i) => i.id)).toEqual(await expected([p.ringA, p.ringB]));
    expect(one.items.map((i) => i.id)).not.toContain(p.ringDraft);
  });

  it('is the newest order when nothing is featured', async () => {
    await sql`delete from featured_products`;
    const scope = { kind: 'category', slug: 'rings' } as const;
    const featured = await loadListing(scope, { page: 1, sort: 'featured', materials: [] });
    const newest = await loadListing(scope, { page: 1, sort: 'newest', materials: [] });
    expect(featured.items.map((i) => i.id)).toEqual(newest.items.map((i) => i.id).filter((id) => id !== p.ringDraft));
  });

  it('reads the rest through the created_at indexes, not by sorting the table', async () => {
    await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      await tx`set local enable_bitmapscan = off`;
      await tx`set local enable_sort = off`;
      const rows = await tx.unsafe(`explain select id from catalog_products where category = 'rings' and status = 'active'
        and (category, id) not in (select category, product_id from featured_products) order by created_at desc, id desc limit 20 offset 40`);
      const plan = rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using rings_(status_)?created_idx/);
      expect(plan).not.toMatch(/^\s*->\s*Sort\b/m);
    });
  });

  it('finds the featured part from its few rows by primary key (All Products, a material filter)', async () => {
    await sql`insert into featured_products values (1, 'rings', ${p.ringA}), (2, 'necklaces', ${p.necklace})`;
    await sql`analyze rings, necklaces, bracelets, earrings, body_jewelry, featured_products`;
    await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      await tx`set local enable_bitmapscan = off`;
      const rows = await tx.unsafe(`explain select p.id from featured_products f cross join lateral (select id, category, created_at
        from catalog_products where material in ('gold', 'silver') and status = 'active' and category = f.category and id = f.product_id) p order by f.position`);
      const plan = rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Nested Loop/);
      for (const table of ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry']) {
        // By id: through an index whose condition holds the product's id (the primary key, the (status, id) index, or
        // on a small table an index-only scan of one that ends with the id: the planner's choice by the tables' sizes).
        expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${table}_\\w+[^\\n]*\\n\\s*Index Cond: [^\\n]*id = f\\.product_id`));
      }
    });
  });
});

describe('the storefront image upload', () => {
  const upload = (body: Uint8Array, type = 'image/png') =>
    uploadPOST(new Request('http://localhost/api/admin/storefront-images', { method: 'POST', headers: { 'content-type': type }, body: Buffer.from(body) }));

  it('stores an image in the bucket and answers its URL', async () => {
    const response = await as(who.admin, async () => upload(await imageBytes()));
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(bucket(''))).toBe(true);
  });

  it('refuses a file that is not an image, with the reason', async () => {
    const response = await as(who.admin, () => upload(new TextEncoder().encode('<svg onload="alert(1)"/>'), 'image/svg+xml'));
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toBe(NOT_AN_IMAGE);
  });

  it('refuses a customer', async () => {
    const response = await as(who.customer, async () => upload(await imageBytes()));
    expect(response.status).toBe(403);
  });
});
