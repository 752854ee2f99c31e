// Over 300 lines: one suite for the back office's products and images, sharing one admin, one product factory and one upload helper.
// Products and their images from the category screens, as the demo admin under RLS, with files stored through the
// Storage stand-in: the modal's saves (duplicate SKU as a field error), the screen's page of cards, deletes that take
// the stored files along, uploads checked by content and size, and image order.
import { revalidateTag } from 'next/cache';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct, deleteProduct, deleteProductImages, reorderProductImages, updateProduct } from '@/lib/admin/catalog/actions';
import { emptyFormValues } from '@/lib/admin/catalog/form-values';
import { loadCategoryScreen } from '@/lib/admin/catalog/products';
import { POST as upload } from '@/app/api/admin/product-images/route';
import { getProduct } from '@/lib/catalog/product';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { imageBytes, storedFileExists, storedObjects, uniqueTag, uploadRequest } from './catalog-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let adminId: string;
const tag = uniqueTag('IT-CAT');
const created: { category: string; id: string }[] = [];

beforeAll(async () => {
  who = await callers();
  [{ user_id: adminId }] = (await sql`select user_id from admin_users limit 1`) as unknown as [{ user_id: string }];
});
beforeEach(() => vi.mocked(revalidateTag).mockClear());
afterAll(async () => {
  for (const { category, id } of created) await sql`delete from ${sql('public.' + category)} where id = ${id}`;
  await closeSupport();
});

const admin = <T>(fn: () => Promise<T>) => as(who.admin, fn);

async function newRing(values: Record<string, unknown> = {}): Promise<string> {
  const result = await admin(() =>
    createProduct({ category: 'rings', values: { ...emptyFormValues('rings'), status: 'active', name: 'Catalog Test Ring', sku: `${tag}-${created.length}`, price_stone1: '100.00', ...values }, publishAnyway: true }),
  );
  if (!result.ok) throw new Error(JSON.stringify(result));
  created.push({ category: 'rings', id: result.data.id });
  return result.data.id;
}

async function uploadTo(productId: string, bytes?: Uint8Array) {
  const response = await admin(() => upload(uploadRequest('rings', productId, bytes ?? new Uint8Array())));
  return { status: response.status, body: (await response.json()) as { image?: { id: string; image_url: string; is_primary: boolean; display_order: number }; error?: string } };
}

describe('the product modal', () => {
  it('adds a product with every column and drops the storefront cache', async () => {
    const id = await newRing({
      description: 'Two lines\nof text', material: 'Rose Gold', stone: 'Ruby', stone1: 'Ruby', has_stone2: true, stone2: 'Onyx', weight: '4.5', moq: '6',
      is_new_arrival: true, is_adjustable: true, sizes: '', price_stone2: '120.5',
    });
    expect(revalidateTag).toHaveBeenCalledWith('catalog');
    const [row] = await sql`select * from rings where id = ${id}`;
    expect(row).toMatchObject({
      name: 'Catalog Test Ring', description: 'Two lines\nof text', material: 'rose-gold', stone: 'Ruby',
      stone_details: { Stone1: 'Ruby', Stone2: 'Onyx' }, weight: '4.50', moq: 6, is_new_arrival: true, is_mens_jewelry: false,
      is_adjustable: true, sizes: [], size_surcharge: null, size_surcharge_from: null, price_stone1: '100.00', price_stone2: '120.50', price_from: '100.00',
    });
  });

  it('edits a product: the new price is what the storefront reads', async () => {
    const id = await newRing();
    const result = await admin(() => updateProduct({ category: 'rings', id, values: { ...emptyFormValues('rings'), status: 'active', name: 'Renamed Ring', sku: `${tag}-E`, price_stone1: '88.80' } }));
    expect(result).toMatchObject({ ok: true, message: 'Product updated successfully' });
    expect(revalidateTag).toHaveBeenCalledWith('catalog');
    const detail = await getProduct('rings', id);
    expect(detail?.product).toMatchObject({ name: 'Renamed Ring', price_stone1: 88.8 });
  });

  it('a duplicate SKU is a field error, and nothing is written', async () => {
    const id = await newRing();
    const [{ sku }] = (await sql`select sku from rings where id = ${id}`) as unknown as [{ sku: string }];
    const before = await sql`select count(*)::int as n from rings`;
    const result = await admin(() => createProduct({ category: 'rings', values: { ...emptyFormValues('rings'), name: 'Copy', sku } }));
    expect(result).toEqual({ ok: false, status: 409, error: 'This SKU is already used by another product', fieldErrors: { sku: 'This SKU is already used by another product' } });
    expect(await sql`select count(*)::int as n from rings`).toEqual(before);
    const other = await newRing();
    const edit = await admin(() => updateProduct({ category: 'rings', id: other, values: { ...emptyFormValues('rings'), name: 'X', sku } }));
    expect(edit).toMatchObject({ ok: false, status: 409, fieldErrors: { sku: 'This SKU is already used by another product' } });
  });

  it('bad input comes back field by field in the schema\'s words', async () => {
    const result = await admin(() => createProduct({ category: 'necklaces', values: { name: '', n_price_16_stone1: '1.234', necklace_type: 'Rope' } }));
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        name: 'Name is required',
        n_price_16_stone1: 'Price 16" can have at most 2 decimals (steps of 0.01)',
        necklace_type: 'Necklace type must be Chain or Pendant',
      },
    });
    expect(await admin(() => updateProduct({ category: 'rings', id: '00000000-0000-4000-8000-000000000000', values: { name: 'Gone' } }))).toMatchObject({
      ok: false, status: 404, error: 'That product no longer exists.',
    });
  });
});

describe('the category screen', () => {
  it('shows 20 newest cards a page, the count, and the product being edited', async () => {
    const id = await newRing({ is_mens_jewelry: true });
    const actor = { role: 'authenticated' as const, userId: adminId };
    const first = await loadCategoryScreen(actor, 'rings', 1, id);
    const [{ n }] = (await sql`select count(*)::int as n from rings`) as unknown as [{ n: number }];
    expect(first.total).toBe(n);
    expect(first.items).toHaveLength(Math.min(20, n));
    expect(first.totalPages).toBe(Math.ceil(n / 20));
    expect(first.items[0]).toMatchObject({ id, isMens: true, isNew: false, isAdjustable: false });
    expect(first.editing?.row).toMatchObject({ id, name: 'Catalog Test Ring' });
    const last = await loadCategoryScreen(actor, 'rings', 99_999, null);
    expect(last.page).toBe(first.totalPages);
    expect(last.editing).toBeNull();
    expect((await loadCategoryScreen(actor, 'earrings', 1, id)).editing).toBeNull();
  });
});

/** A small PNG whose header claims `width` × `height` pixels (what a decompression bomb looks like at upload). */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]),
  );
}

describe('images', () => {
  it('uploads several images: stored at {category}/{productId}/{random}.{ext}, the first one primary', async () => {
    const id = await newRing();
    const a = await uploadTo(id, await imageBytes('png'));
    const b = await uploadTo(id, await imageBytes('jpeg'));
    const c = await uploadTo(id, await imageBytes('avif'));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(a.body.image).toMatchObject({ is_primary: true, display_order: 0 });
    expect(c.body.image).toMatchObject({ is_primary: false, display_order: 2 });
    const objects = await storedObjects(`rings/${id}/`);
    expect(objects).toHaveLength(3);
    for (const name of objects) expect(name).toMatch(new RegExp(`^rings/${id}/[0-9a-f-]{36}\\.(png|jpg|avif)$`));
    expect(a.body.image!.image_url).toMatch(/\/storage\/v1\/object\/public\/product-images\/rings\/.+\.png$/);
    const [{ image_url }] = (await sql`select image_url from rings where id = ${id}`) as unknown as [{ image_url: string }];
    expect(image_url).toBe(a.body.image!.image_url);
    const [{ owner }] = (await sql`select owner::text from storage.objects where name = ${objects[0]!}`) as unknown as [{ owner: string }];
    expect(owner).toBe(adminId);
  });

  it('refuses a renamed text file, an SVG, a 49-megapixel image and an 11 MB file, and stores nothing', async () => {
    const id = await newRing();
    const text = await uploadTo(id, new TextEncoder().encode('this is a text file renamed to photo.png'));
    expect(text).toEqual({ status: 415, body: expect.objectContaining({ error: 'The file is not a JPEG, PNG, WebP or AVIF image' }) });
    const svg = await uploadTo(id, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'));
    expect(svg.status).toBe(415);
    // A small file that unpacks to 49 megapixels.
    const huge = new Uint8Array(await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } }).png().toBuffer());
    expect(await uploadTo(id, huge)).toEqual({ status: 413, body: expect.objectContaining({ error: 'The image has more than 40 megapixels; make it smaller first' }) });
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(await imageBytes('png'));
    const large = await uploadTo(id, big);
    expect(large).toEqual({ status: 413, body: expect.objectContaining({ error: 'The image is larger than 10 MB' }) });
    expect(await storedObjects(`rings/${id}/`)).toEqual([]);
    expect(await sql`select id from product_images where ring_id = ${id}`).toHaveLength(0);
  });

  it('stores a phone photo without its metadata (GPS included), turned upright, and served with nosniff', async () => {
    const id = await newRing();
    // 32 × 16 px, EXIF orientation 6 (to be turned 90° clockwise), with a GPS position and an XMP packet.
    const photo = await sharp({ create: { width: 32, height: 16, channels: 3, background: '#b08d57' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'WorkshopPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .withMetadata({ orientation: 6 })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect([before.exif, before.xmp, before.orientation]).toEqual([expect.any(Buffer), expect.any(Buffer), 6]);
    expect(photo.includes(Buffer.from('WorkshopPhone'))).toBe(true);
    const uploaded = await uploadTo(id, new Uint8Array(photo));
    expect(uploaded.status).toBe(200);
    const served = await fetch(uploaded.body.image!.image_url);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await served.arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('WorkshopPhone'))).toBe(false);
    expect([after.width, after.height]).toEqual([16, 32]);
  });

  it('refuses a 60,000 × 60,000 px PNG as too many pixels, not as a file that is no image', async () => {
    const id = await newRing();
    const huge = pngClaiming(60_000, 60_000);
    expect(await uploadTo(id, huge)).toEqual({ status: 413, body: expect.objectContaining({ error: 'The image has more than 40 megapixels; make it smaller first' }) });
    expect(await storedObjects(`rings/${id}/`)).toEqual([]);
  });

  it('names the missing parameters and refuses an unknown product', async () => {
    const png = await imageBytes();
    for (const [category, productId] of [[null, null], ['rings', null], ['watches', '00000000-0000-4000-8000-000000000000'], ['rings', 'nope']] as const) {
      const response = await admin(() => upload(uploadRequest(category, productId, png)));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'Missing required parameters for image upload' });
    }
    const gone = await uploadTo('00000000-0000-4000-8000-000000000000', png);
    expect(gone).toEqual({ status: 404, body: expect.objectContaining({ error: 'That product no longer exists.' }) });
    expect(await storedObjects('rings/00000000-0000-4000-8000-000000000000/')).toEqual([]);
  });

  it('removes the stored file again when the image row cannot be written', async () => {
    const id = await newRing();
    await sql.unsafe(`create or replace function public.test_refuse_image() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await sql.unsafe(`create trigger test_refuse_image before insert on public.product_images for each row when (new.ring_id = '${id}') execute function public.test_refuse_image()`);
    try {
      const response = await uploadTo(id, await imageBytes());
      expect(response.status).toBe(500);
      expect(response.body.error).toMatch(/^the server could not store it \(reference [0-9a-f]+\)$/);
      expect(await storedObjects(`rings/${id}/`)).toEqual([]);
    } finally {
      await sql.unsafe('drop trigger test_refuse_image on public.product_images; drop function public.test_refuse_image()');
    }
  });

  it('reorders: display_order follows the new order, the first becomes primary and the product\'s image', async () => {
    const id = await newRing();
    const ids: string[] = [];
    for (const colour of ['#111111', '#222222', '#333333']) ids.push((await uploadTo(id, await imageBytes('webp', colour))).body.image!.id);
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const saved = await admin(() => reorderProductImages({ category: 'rings', productId: id, imageIds: order }));
    expect(saved).toMatchObject({ ok: true });
    expect(revalidateTag).toHaveBeenCalledWith('catalog');
    const rows = await sql<{ id: string; is_primary: boolean; display_order: number; image_url: string }[]>`
      select id, is_primary, display_order, image_url from product_images where ring_id = ${id} order by display_order`;
    expect(rows.map((r) => [r.id, r.display_order, r.is_primary])).toEqual([[order[0], 0, true], [order[1], 1, false], [order[2], 2, false]]);
    const detail = await getProduct('rings', id);
    expect(detail?.product.image_url).toBe(rows[0]!.image_url);
    expect(detail?.images.map((i) => i.id)).toEqual(order);

    const partial = await admin(() => reorderProductImages({ category: 'rings', productId: id, imageIds: order.slice(0, 2) }));
    expect(partial).toMatchObject({ ok: false, status: 409 });
    const foreign = await admin(() => reorderProductImages({ category: 'rings', productId: id, imageIds: [...order.slice(0, 2), '00000000-0000-4000-8000-000000000000'] }));
    expect(foreign).toMatchObject({ ok: false, status: 409 });
    expect((await sql`select id from product_images where ring_id = ${id} order by display_order`).map((r) => r.id)).toEqual(order);
  });

  it('deletes selected images with their files; the next one becomes primary', async () => {
    const id = await newRing();
    const images: { id: string }[] = [];
    for (const colour of ['#aa0000', '#00aa00', '#0000aa']) images.push((await uploadTo(id, await imageBytes('png', colour))).body.image!);
    const files = await storedObjects(`rings/${id}/`);
    const one = await admin(() => deleteProductImages({ category: 'rings', productId: id, imageIds: [images[0]!.id] }));
    expect(one).toMatchObject({ ok: true, message: 'Image deleted successfully' });
    const left = await sql<{ id: string; is_primary: boolean; display_order: number }[]>`
      select id, is_primary, display_order from product_images where ring_id = ${id} order by display_order`;
    expect(left.map((r) => [r.id, r.display_order, r.is_primary])).toEqual([[images[1]!.id, 0, true], [images[2]!.id, 1, false]]);
    expect((await storedObjects(`rings/${id}/`)).length).toBe(2);
    const two = await admin(() => deleteProductImages({ category: 'rings', productId: id, imageIds: [images[1]!.id, images[2]!.id] }));
    expect(two).toMatchObject({ ok: true, message: '2 image(s) deleted successfully' });
    expect(await storedObjects(`rings/${id}/`)).toEqual([]);
    for (const f of files) expect(storedFileExists(f)).toBe(false);
    const [{ image_url }] = (await sql`select image_url from rings where id = ${id}`) as unknown as [{ image_url: string | null }];
    expect(image_url).toBeNull();
  });

  it('a file another product still uses is kept', async () => {
    const a = await newRing();
    const b = await newRing();
    const image = (await uploadTo(a, await imageBytes())).body.image!;
    await sql`insert into product_images (ring_id, image_url, is_primary, display_order) values (${b}, ${image.image_url}, true, 0)`;
    expect(await admin(() => deleteProductImages({ category: 'rings', productId: a, imageIds: [image.id] }))).toMatchObject({ ok: true });
    expect(await storedObjects(`rings/${a}/`)).toHaveLength(1);
  });
});

describe('deleting a product', () => {
  it('removes the product, its image rows and their stored files', async () => {
    const id = await newRing();
    await uploadTo(id, await imageBytes('png'));
    await uploadTo(id, await imageBytes('webp'));
    const files = await storedObjects(`rings/${id}/`);
    expect(files).toHaveLength(2);
    const result = await admin(() => deleteProduct({ category: 'rings', id }));
    expect(result).toMatchObject({ ok: true, message: 'Product deleted successfully' });
    expect(revalidateTag).toHaveBeenCalledWith('catalog');
    expect(await sql`select id from rings where id = ${id}`).toHaveLength(0);
    expect(await sql`select id from product_images where ring_id = ${id}`).toHaveLength(0);
    expect(await storedObjects(`rings/${id}/`)).toEqual([]);
    for (const f of files) expect(storedFileExists(f)).toBe(false);
    expect(await getProduct('rings', id)).toBeNull();
    expect(await admin(() => deleteProduct({ category: 'rings', id }))).toMatchObject({ ok: false, status: 404 });
  });
});
