// Seeds a local stack: catalog with generated product images, content pages, the shop's settings, demo people and
// ninety days of orders.
//   isSeeded(databaseUrl)   whether the database already holds shop content
//   seedAll({...})          everything, once (a second call changes nothing)
//   seedScale({...})        adds a large generated catalog for benchmarks
import { join } from 'node:path';
import postgres from 'postgres';
import { type ArtSpec, visualKey } from './art';
import { artFor, generateCatalog } from './catalog';
import { serviceClient } from './client';
import { publicUrl, renderAll, uploadAll, type Upload } from './images';
import { generateOrders } from './orders';
import { PAGES } from './pages';
import { DEMO_CUSTOMER_ADDRESSES, DEMO_USERS, ensureUser } from './people';
import { insertCatalog, insertOrders, insertPages, insertPeople } from './write';
import { insertShippingAndTax, insertShopSettings } from './shop-settings';
import { insertPriceGroups } from './price-groups';

export { serviceClient } from './client';
export { DEMO_USERS } from './people';
export { seedScale, type ScaleOptions } from './scale';

/** The seed's fixed random seed: every run generates the same catalog and history. */
export const SEED = 2003;

const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
export const DEFAULT_CACHE_DIR = join(PROJECT_ROOT, '.data', 'seed-cache');

export interface SeedOptions {
  databaseUrl: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Where rendered WebP images are kept between runs (default `.data/seed-cache`). */
  cacheDir?: string;
  log?: (line: string) => void;
  /** Fixes "now" for the generated dates (tests); defaults to the current time. */
  now?: Date;
}

export interface SeedSummary {
  /** True when the database was already seeded and nothing was written. */
  skipped: boolean;
  products: number;
  images: number;
  pages: number;
  orders: number;
  orderItems: number;
  renders: { distinct: number; rendered: number; cached: number; ms: number };
  uploadMs: number;
  sqlMs: number;
  ms: number;
  adminId: string;
  customerId: string;
}

function connect(databaseUrl: string, max = 2): postgres.Sql {
  return postgres(databaseUrl, { max, onnotice: () => {}, idle_timeout: 5 });
}

async function hasContent(sql: postgres.Sql): Promise<boolean> {
  const [row] = await sql<{ seeded: boolean }[]>`
    select exists (select 1 from public.rings) or exists (select 1 from public.necklaces)
        or exists (select 1 from public.bracelets) or exists (select 1 from public.earrings)
        or exists (select 1 from public.body_jewelry) or exists (select 1 from public.page_content) as seeded`;
  return Boolean(row?.seeded);
}

/** True when the database already holds products or content pages (seeded, or filled by hand). */
export async function isSeeded(databaseUrl: string): Promise<boolean> {
  const sql = connect(databaseUrl, 1);
  try {
    return await hasContent(sql);
  } finally {
    await sql.end();
  }
}

export async function seedAll(opts: SeedOptions): Promise<SeedSummary> {
  const t0 = Date.now();
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const cacheDir = opts.cacheDir ?? DEFAULT_CACHE_DIR;
  const sql = connect(opts.databaseUrl);
  const client = serviceClient(opts.supabaseUrl, opts.serviceRoleKey);
  try {
    const adminId = await ensureUser(client, sql, DEMO_USERS.admin);
    const customerId = await ensureUser(client, sql, DEMO_USERS.customer);
    const summary: SeedSummary = {
      skipped: false,
      products: 0,
      images: 0,
      pages: 0,
      orders: 0,
      orderItems: 0,
      renders: { distinct: 0, rendered: 0, cached: 0, ms: 0 },
      uploadMs: 0,
      sqlMs: 0,
      ms: 0,
      adminId,
      customerId,
    };
    if (await hasContent(sql)) {
      // Already seeded: only make sure the demo admin is still an admin.
      await sql`insert into public.admin_users (user_id) values (${adminId}) on conflict (user_id) do nothing`;
      log('seed: database already has content, nothing to do');
      return { ...summary, skipped: true, ms: Date.now() - t0 };
    }

    const catalog = generateCatalog({ seed: SEED, now });
    const specs: ArtSpec[] = catalog.products.flatMap((p) => p.views.map((v) => artFor(p, v)));
    const renders = await renderAll(specs, cacheDir);
    summary.renders = { distinct: renders.images.size, rendered: renders.rendered, cached: renders.cached, ms: renders.ms };
    log(`seed: ${renders.images.size} distinct images (${renders.rendered} rendered, ${renders.cached} from cache) in ${(renders.ms / 1000).toFixed(1)} s`);

    const uploads: Upload[] = [];
    const imageUrls = new Map<string, string[]>();
    for (const p of catalog.products) {
      const urls: string[] = [];
      p.views.forEach((view, n) => {
        const path = `${p.category}/${p.id}/${n}.webp`;
        uploads.push({ path, bytes: renders.images.get(visualKey(artFor(p, view)))! });
        urls.push(publicUrl(client, path));
      });
      imageUrls.set(p.id, urls);
    }
    const tUpload = Date.now();
    await uploadAll(client, uploads, 8);
    summary.uploadMs = Date.now() - tUpload;
    log(`seed: uploaded ${uploads.length} images in ${(summary.uploadMs / 1000).toFixed(1)} s`);

    const history = generateOrders(catalog.products, { seed: SEED, now, customerId });
    const tSql = Date.now();
    await sql.begin(async (tx) => {
      // The seeded catalog starts without history (see the product_status_history migration).
      await tx`set local app.product_history = 'off'`;
      summary.images = await insertCatalog(tx, catalog.products, imageUrls);
      await insertPages(tx, PAGES);
      await insertShopSettings(tx);
      await insertShippingAndTax(tx);
      await insertPriceGroups(tx);
      await insertPeople(tx, {
        adminId,
        customerId,
        fullName: DEMO_USERS.customer.fullName,
        phone: DEMO_USERS.customer.phone,
        addresses: DEMO_CUSTOMER_ADDRESSES,
      });
      await insertOrders(tx, history);
    });
    summary.sqlMs = Date.now() - tSql;
    summary.products = catalog.products.length;
    summary.pages = PAGES.length;
    summary.orders = history.orders.length;
    summary.orderItems = history.items.length;
    summary.ms = Date.now() - t0;
    log(
      `seed: ${summary.products} products, ${summary.images} images, ${summary.pages} pages, ${summary.orders} orders ` +
        `(${summary.orderItems} items) written in ${(summary.sqlMs / 1000).toFixed(1)} s; total ${(summary.ms / 1000).toFixed(1)} s`,
    );
    return summary;
  } finally {
    await sql.end();
  }
}
