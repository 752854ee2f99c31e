// Readiness before going active, as the demo admin under RLS: the modal's save refuses (409, what is missing, nothing
// written) to make a product active that lacks something unless publishAnyway says so; a bulk publish refuses when any
// product is not ready, publishes them all with publishAnyway and only the ready ones with onlyReady; the staff
// preview reads a draft as the admin while the shop's read still answers nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bulkSetProductStatus, countUnreadyProducts, createProduct, updateProduct } from '@/lib/admin/catalog/actions';
import { emptyFormValues } from '@/lib/admin/catalog/form-values';
import { loadCategoryScreen } from '@/lib/admin/catalog/products';
import { bulkNotReadyRefusal, publishedReadyOnly, READINESS_FIELD } from '@/lib/admin/catalog/readiness';
import { getProduct, resolveProductRoute } from '@/lib/catalog/product';
import { getProductPreview } from '@/lib/catalog/preview';
import { GET as previewRoute } from '@/app/api/admin/product-preview/route';
import { as } from './admin-request';
import { callers, closeSupport, type Callers } from './admin-support';
import { uniqueTag } from './catalog-support';
import { sql } from './checkout-support';

vi.mock('next/headers', async () => {
  const r = await import('./admin-request');
  return { cookies: async () => r.cookieStore(), headers: async () => r.requestHeaders() };
});

let who: Callers;
let adminId: string;
const tag = uniqueTag('IT-READY');

beforeAll(async () => {
  who = await callers();
  [{ user_id: adminId }] = (await sql`select user_id from admin_users limit 1`) as unknown as [{ user_id: string }];
});
afterAll(async () => {
  await sql`delete from rings where sku like ${tag + '%'}`;
  await closeSupport();
});

const admin = <T>(fn: () => Promise<T>) => as(who.admin, fn);
const values = (sku: string, more: Record<string, unknown> = {}) => ({
  ...emptyFormValues('rings'), name: `${tag} ring`, sku: `${tag}-${sku}`, price_stone1: '25.00', description: 'Hand set.', ...more,
});
const statusOf = async (id: string) => (await sql<{ status: string }[]>`select status from rings where id = ${id}`)[0]?.status;

async function draftRing(sku: string, more: { image?: boolean; description?: string | null; price?: number | null } = {}): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into rings (name, sku, price_stone1, description, status)
    values (${`${tag} ring`}, ${`${tag}-${sku}`}, ${more.price === undefined ? 30 : more.price}, ${more.description === undefined ? 'Hand set.' : more.description}, 'draft')
    returning id`;
  if (more.image !== false) await sql`insert into product_images (ring_id, image_url, is_primary, display_order) values (${row!.id}, ${`https://img.test/${tag}-${sku}.png`}, true, 0)`;
  return row!.id;
}

describe('the product modal', () => {
  it('refuses to make a product active without what it lacks, writes nothing, and names what is missing', async () => {
    const id = await draftRing('M1', { image: false, description: '' });
    const refused = await admin(() => updateProduct({ category: 'rings', id, values: values('M1', { status: 'active', description: '', name: 'Renamed' }) }));
    expect(refused).toMatchObject({ ok: false, status: 409, error: 'Missing: an image, a description', fieldErrors: { [READINESS_FIELD]: 'Missing: an image, a description' } });
    expect(await statusOf(id)).toBe('draft');
    expect((await sql`select name from rings where id = ${id}`)[0]!.name).toBe(`${tag} ring`);

    const published = await admin(() => updateProduct({ category: 'rings', id, values: values('M1', { status: 'active', description: '' }), publishAnyway: true }));
    expect(published).toMatchObject({ ok: true });
    expect(await statusOf(id)).toBe('active');
    // Already active: a later save is not asked again.
    expect(await admin(() => updateProduct({ category: 'rings', id, values: values('M1', { status: 'active', description: '' }) }))).toMatchObject({ ok: true });
  });

  it('lets a ready product go active without the flag, and a draft be saved as it is', async () => {
    const ready = await draftRing('M2');
    expect(await admin(() => updateProduct({ category: 'rings', id: ready, values: values('M2', { status: 'active' }) }))).toMatchObject({ ok: true });
    expect(await statusOf(ready)).toBe('active');

    const bare = await draftRing('M3', { image: false, description: null, price: null });
    expect(await admin(() => updateProduct({ category: 'rings', id: bare, values: values('M3', { status: 'draft', description: '', price_stone1: '' }) }))).toMatchObject({ ok: true });
    const refused = await admin(() => updateProduct({ category: 'rings', id: bare, values: values('M3', { status: 'active', description: '', price_stone1: '0' }) }));
    expect(refused).toMatchObject({ ok: false, status: 409, error: 'Missing: a price, an image, a description' });
  });

  it('refuses a new product added as active (it has no image yet) unless published anyway', async () => {
    const refused = await admin(() => createProduct({ category: 'rings', values: values('NEW', { status: 'active' }) }));
    expect(refused).toMatchObject({ ok: false, status: 409, error: 'Missing: an image' });
    expect(await sql`select 1 from rings where sku = ${`${tag}-NEW`}`).toHaveLength(0);
    const added = await admin(() => createProduct({ category: 'rings', values: values('NEW', { status: 'active' }), publishAnyway: true }));
    expect(added).toMatchObject({ ok: true });
    expect(await sql`select status from rings where sku = ${`${tag}-NEW`}`).toEqual([{ status: 'active' }]);
  });

  it('refuses a flag that is not true or false', async () => {
    const id = await draftRing('M4');
    const bad = await admin(() => updateProduct({ category: 'rings', id, values: values('M4', { status: 'active' }), publishAnyway: 'yes' as unknown as boolean }));
    expect(bad).toMatchObject({ ok: false, status: 400, error: 'Publish anyway must be true or false.' });
  });
});

describe('the category screen', () => {
  it('marks drafts that lack something as not ready, and no ready draft or active product', async () => {
    const ready = await draftRing('G1');
    const bare = await draftRing('G2', { image: false });
    const live = await draftRing('G3', { description: '' });
    await sql`update rings set status = 'active' where id = ${live}`;
    const screen = await loadCategoryScreen({ role: 'authenticated', userId: adminId }, 'rings', 1, null, undefined, 'UTC');
    const hint = (id: string) => screen.items.find((i) => i.id === id)?.notReady;
    expect([hint(ready), hint(bare), hint(live)]).toEqual([false, true, false]);
  });
});

describe('bulk publish', () => {
  it('counts the products that are not ready, refuses without a choice, then publishes only the ready ones or all', async () => {
    const ready = [await draftRing('B1'), await draftRing('B2')];
    const noImage = await draftRing('B3', { image: false });
    const noPrice = await draftRing('B4', { price: 0 });
    const all = [...ready, noImage, noPrice];
    const target = { kind: 'ids' as const, ids: all };

    expect(await admin(() => countUnreadyProducts({ category: 'rings', target }))).toMatchObject({ ok: true, data: { total: 4, notReady: 2 } });

    const refused = await admin(() => bulkSetProductStatus({ category: 'rings', target, status: 'active' }));
    expect(refused).toMatchObject({ ok: false, status: 409, error: bulkNotReadyRefusal(2) });
    for (const id of all) expect(await statusOf(id)).toBe('draft');

    const some = await admin(() => bulkSetProductStatus({ category: 'rings', target, status: 'active', onlyReady: true }));
    expect(some).toMatchObject({ ok: true, data: { count: 2, skipped: 2 }, message: publishedReadyOnly(2, 2) });
    expect(await Promise.all(all.map(statusOf))).toEqual(['active', 'active', 'draft', 'draft']);

    // Active products are not counted again; the rest go with publishAnyway.
    expect(await admin(() => countUnreadyProducts({ category: 'rings', target }))).toMatchObject({ ok: true, data: { total: 4, notReady: 2 } });
    const rest = await admin(() => bulkSetProductStatus({ category: 'rings', target, status: 'active', publishAnyway: true }));
    expect(rest).toMatchObject({ ok: true, data: { count: 4, skipped: 0 }, message: '4 products published' });
    expect(await Promise.all(all.map(statusOf))).toEqual(['active', 'active', 'active', 'active']);

    // Unpublishing asks nothing.
    expect(await admin(() => bulkSetProductStatus({ category: 'rings', target, status: 'draft' }))).toMatchObject({ ok: true, data: { count: 4 } });
  });

  it('refuses both choices at once, and a buyer', async () => {
    const id = await draftRing('B5', { image: false });
    const target = { kind: 'ids' as const, ids: [id] };
    expect(await admin(() => bulkSetProductStatus({ category: 'rings', target, status: 'active', publishAnyway: true, onlyReady: true }))).toMatchObject({ ok: false, status: 400 });
    expect(await as(who.customer, () => countUnreadyProducts({ category: 'rings', target }))).toMatchObject({ ok: false, status: 403 });
    expect(await as(who.customer, () => bulkSetProductStatus({ category: 'rings', target, status: 'active', publishAnyway: true }))).toMatchObject({ ok: false, status: 403 });
    expect(await statusOf(id)).toBe('draft');
  });
});

describe('the staff preview read', () => {
  it('reads a draft as the admin with its images, while the shop finds nothing', async () => {
    const id = await draftRing('P1');
    expect(await getProduct('rings', id)).toBeNull();
    expect((await resolveProductRoute(null, id)).kind).toBe('not-found');
    const preview = await getProductPreview({ role: 'authenticated', userId: adminId }, 'rings', id);
    expect(preview).toMatchObject({ status: 'draft', detail: { product: { id, name: `${tag} ring`, category: 'rings' } } });
    expect(preview!.detail.images.map((i) => i.image_url)).toEqual([`https://img.test/${tag}-P1.png`]);
    expect(await getProductPreview({ role: 'authenticated', userId: adminId }, 'necklaces', id)).toBeNull();
    expect(await getProductPreview({ role: 'authenticated', userId: adminId }, 'rings', 'not-an-id')).toBeNull();
  });
});

describe('the product page’s 404 asking for a preview', () => {
  const ask = (path: string) => previewRoute(new Request(`http://localhost/api/admin/product-preview?path=${encodeURIComponent(path)}`));

  it('answers staff the preview of a draft or archived product, by its category route or /product/{id}', async () => {
    const draft = await draftRing('R1');
    const archived = await draftRing('R2');
    await sql`update rings set status = 'archived' where id = ${archived}`;
    const active = await draftRing('R3');
    await sql`update rings set status = 'active' where id = ${active}`;
    const href = async (path: string) => {
      const res = await admin(() => ask(path));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      return ((await res.json()) as { href: string | null }).href;
    };
    expect(await href(`/rings/${draft}`)).toBe(`/admin/preview/rings/${draft}`);
    expect(await href(`/rings/${draft}/price-list`)).toBe(`/admin/preview/rings/${draft}`);
    expect(await href(`/product/${archived.toUpperCase()}`)).toBe(`/admin/preview/rings/${archived}`);
    // An active product's 404 is a real one; so is another category's route or a path that is not a product's.
    expect(await href(`/rings/${active}`)).toBeNull();
    expect(await href(`/necklaces/${draft}`)).toBeNull();
    expect(await href('/category/rings')).toBeNull();
  });

  it('refuses a buyer and a visitor, and a path that is too long, missing or holds a control character', async () => {
    const draft = await draftRing('R4');
    expect((await as(who.customer, () => ask(`/rings/${draft}`))).status).toBe(403);
    expect((await as(who.anon, () => ask(`/rings/${draft}`))).status).toBe(401);
    const refused = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: string }).error;
    };
    expect(await refused(await admin(() => ask('/' + 'a'.repeat(400))))).toBe('The path is too long (300 characters at most)');
    expect(await refused(await admin(() => ask(`/rings/${draft}\u0000`)))).toBe('The path must not contain control characters');
    expect(await refused(await admin(() => previewRoute(new Request('http://localhost/api/admin/product-preview'))))).toBe('The path must be text');
  });
});
