// Product lookups for the detail pages and the checkout, on the real schema and RLS (queries run as anon).
// The test adds its own products (SKUs prefixed per run) so it knows their prices and image order, and removes them.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import {
  findProductCategory,
  getProduct,
  getProductsByIds,
  isProductId,
  resolveProductRoute,
} from '@/lib/catalog/product';
import { unitPrice } from '@/lib/purchase/pricing';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const TAG = `ITP-${Date.now().toString(36)}`;
const ids = {} as Record<'ring' | 'necklace' | 'bracelet' | 'earring' | 'body', string>;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  const [ring] = await sql<{ id: string }[]>`
    insert into rings (name, sku, material, stone_details, moq, price_stone1, price_stone2, weight, description)
    values ('Probe Ring', ${TAG + '-R'}, 'rose-gold', ${sql.json({ Stone1: 'Ruby', Stone2: 'Sapphire' })}, 12,
            24.50, 31.00, 3.25, 'A probe ring.')
    returning id`;
  const [necklace] = await sql<{ id: string }[]>`
    insert into necklaces (name, sku, material, is_bracelet, is_adjustable, n_price_16_stone1, n_price_18_stone1, b_price_7_stone1)
    values ('Probe Chain', ${TAG + '-N'}, 'gold', true, false, 40, 45.5, 30)
    returning id`;
  const [bracelet] = await sql<{ id: string }[]>`
    insert into bracelets (name, sku, is_necklace, b_price_7_stone1, n_price_18_stone1)
    values ('Probe Bangle', ${TAG + '-B'}, true, 19.99, 55) returning id`;
  const [earring] = await sql<{ id: string }[]>`
    insert into earrings (name, sku, earring_type, price_stone1) values ('Probe Stud', ${TAG + '-E'}, 'Stud', 9) returning id`;
  const [body] = await sql<{ id: string }[]>`
    insert into body_jewelry (name, sku, size, gauge, price_stone1)
    values ('Probe Barbell', ${TAG + '-J'}, '5/8"', '14', 7.5) returning id`;
  Object.assign(ids, { ring: ring!.id, necklace: necklace!.id, bracelet: bracelet!.id, earring: earring!.id, body: body!.id });

  // Inserted out of order: the read must sort primary first, then display_order.
  await sql`
    insert into product_images (image_url, ring_id, is_primary, display_order) values
      ('https://img.test/r-3.webp', ${ids.ring}, false, 3),
      ('https://img.test/r-1.webp', ${ids.ring}, false, 1),
      ('https://img.test/r-primary.webp', ${ids.ring}, true, 5),
      ('https://img.test/r-2.webp', ${ids.ring}, false, 2)`;
  await sql`insert into product_images (image_url, necklace_id, display_order) values ('https://img.test/n.webp', ${ids.necklace}, 0)`;
});

afterAll(async () => {
  for (const table of ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry']) {
    await sql`delete from ${sql(table)} where sku like ${TAG + '%'}`;
  }
  await sql.end();
  await db().end();
});

describe('getProduct', () => {
  it('reads a product of its category with numbers as numbers', async () => {
    const detail = await getProduct('rings', ids.ring);
    expect(detail).not.toBeNull();
    const p = detail!.product;
    expect(p).toMatchObject({
      id: ids.ring,
      category: 'rings',
      name: 'Probe Ring',
      sku: `${TAG}-R`,
      material: 'rose-gold',
      stone_details: { Stone1: 'Ruby', Stone2: 'Sapphire' },
      moq: 12,
      price_stone1: 24.5,
      price_stone2: 31,
      weight: 3.25,
      price_from: 24.5,
      is_adjustable: false,
    });
    expect(p).not.toHaveProperty('search_vector');
    expect(unitPrice(p, { stoneType: 'stone2' })).toBe(31);
  });

  it('orders images primary first, then by display_order', async () => {
    const detail = await getProduct('rings', ids.ring);
    expect(detail!.images.map((i) => i.image_url)).toEqual([
      'https://img.test/r-primary.webp',
      'https://img.test/r-1.webp',
      'https://img.test/r-2.webp',
      'https://img.test/r-3.webp',
    ]);
    expect(detail!.images[0]).toMatchObject({ is_primary: true, display_order: 5 });
    expect(detail!.product.image_url).toBe('https://img.test/r-primary.webp');
  });

  it('reads each category’s own columns', async () => {
    const n = (await getProduct('necklaces', ids.necklace))!.product;
    expect(n).toMatchObject({ category: 'necklaces', is_bracelet: true, n_price_18_stone1: 45.5, b_price_7_stone1: 30 });
    expect(unitPrice(n, { stoneType: 'stone1', style: 'bracelet', size: '7' })).toBe(30);
    const b = (await getProduct('body_jewelry', ids.body))!;
    expect(b.product).toMatchObject({ size: '5/8"', gauge: '14', price_stone1: 7.5 });
    expect(b.images).toEqual([]);
  });

  it('does not find a product under another category', async () => {
    expect(await getProduct('necklaces', ids.ring)).toBeNull();
    expect(await getProduct('bracelets', ids.necklace)).toBeNull();
  });

  it('treats unknown and malformed ids as not found', async () => {
    expect(await getProduct('rings', MISSING)).toBeNull();
    expect(await getProduct('rings', 'not-a-uuid')).toBeNull();
    expect(await getProduct('rings', "1' or '1'='1")).toBeNull();
    expect(await getProduct('hats' as never, ids.ring)).toBeNull();
  });
});

describe('findProductCategory', () => {
  it('finds the table that holds an id', async () => {
    expect(await findProductCategory(ids.ring)).toBe('rings');
    expect(await findProductCategory(ids.necklace)).toBe('necklaces');
    expect(await findProductCategory(ids.bracelet)).toBe('bracelets');
    expect(await findProductCategory(ids.earring)).toBe('earrings');
    expect(await findProductCategory(ids.body)).toBe('body_jewelry');
    expect(await findProductCategory(MISSING)).toBeNull();
    expect(await findProductCategory('nope')).toBeNull();
  });
});

describe('resolveProductRoute', () => {
  it('shows the product on its own route', async () => {
    const route = await resolveProductRoute('earrings', ids.earring);
    expect(route.kind).toBe('found');
  });

  it('redirects a wrong category to the right one', async () => {
    expect(await resolveProductRoute('rings', ids.necklace)).toEqual({ kind: 'redirect', to: `/necklaces/${ids.necklace}` });
    expect(await resolveProductRoute('bracelets', ids.necklace)).toEqual({ kind: 'redirect', to: `/necklaces/${ids.necklace}` });
    expect(await resolveProductRoute('necklaces', ids.body)).toEqual({ kind: 'redirect', to: `/body-jewelry/${ids.body}` });
  });

  it('redirects the /product fallback to the canonical route', async () => {
    expect(await resolveProductRoute(null, ids.bracelet)).toEqual({ kind: 'redirect', to: `/bracelets/${ids.bracelet}` });
    expect(await resolveProductRoute(null, ids.ring.toUpperCase())).toEqual({ kind: 'redirect', to: `/rings/${ids.ring}` });
  });

  it('is not found for unknown or malformed ids', async () => {
    expect(await resolveProductRoute('rings', MISSING)).toEqual({ kind: 'not-found' });
    expect(await resolveProductRoute(null, MISSING)).toEqual({ kind: 'not-found' });
    expect(await resolveProductRoute('rings', 'abc')).toEqual({ kind: 'not-found' });
  });
});

describe('getProductsByIds', () => {
  it('reads products across tables in the order asked, each once', async () => {
    const products = await getProductsByIds([ids.body, ids.ring, MISSING, 'junk', ids.necklace, ids.ring.toUpperCase()]);
    expect(products.map((p) => [p.category, p.id])).toEqual([
      ['body_jewelry', ids.body],
      ['rings', ids.ring],
      ['necklaces', ids.necklace],
    ]);
    expect(products[1]).toMatchObject({ price_stone1: 24.5, moq: 12 });
  });

  it('returns nothing for nothing', async () => {
    expect(await getProductsByIds([])).toEqual([]);
    expect(await getProductsByIds(['junk'])).toEqual([]);
  });
});

describe('seeded catalog', () => {
  it('resolves every seeded cross-flagged necklace on its own route', async () => {
    const rows = await sql<{ id: string }[]>`
      select id from necklaces where is_bracelet and status = 'active' and sku not like ${TAG + '%'} limit 3`;
    expect(rows.length, 'the seed has no active necklace flagged is_bracelet').toBeGreaterThan(0);
    for (const { id } of rows) {
      const route = await resolveProductRoute('bracelets', id);
      expect(route).toEqual({ kind: 'redirect', to: `/necklaces/${id}` });
    }
  });
});

describe('ids', () => {
  it('accept any 8-4-4-4-12 hex id', () => {
    expect(isProductId(MISSING)).toBe(true);
    expect(isProductId('AAAAAAAA-AAAA-AAAA-AAAA-AAAAAAAAAAAA')).toBe(true);
    expect(isProductId('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa')).toBe(false);
    expect(isProductId(42)).toBe(false);
  });
});
