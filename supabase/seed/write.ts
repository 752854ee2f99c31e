// Multi-row inserts of the generated data, inside the caller's transaction.
import type postgres from 'postgres';
import { CATEGORY_INFO, type Category } from '../../lib/catalog/categories';
import type { Row, SeedProduct } from './catalog';
import type { OrderHistory } from './orders';
import type { SeedPage } from './pages';
import type { SeedAddress } from './people';

type Tx = postgres.TransactionSql;
type Value = postgres.ParameterOrJSON<never>;

/** Inserts rows in chunks, every row with the same column list (missing values become null). */
export async function insertRows(tx: Tx, table: string, rows: readonly Record<string, unknown>[], chunk = 500): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (let i = 0; i < rows.length; i += chunk) {
    const batch = rows.slice(i, i + chunk).map((r) => {
      const out: Record<string, Value> = {};
      for (const c of columns) out[c] = toValue(r[c]);
      return out;
    });
    await tx`insert into ${tx(table)} ${tx(batch, columns)}`;
  }
}

// Objects go to jsonb columns as they are: postgres.js serialises them by the column type the server reports.
function toValue(v: unknown): Value {
  return (v === undefined ? null : v) as Value;
}

export interface ProductImageUrls {
  /** Public URLs in display order; the first is the primary image. */
  urls: string[];
}

/**
 * Products go in with image_url already set to their primary image, then their images: the image trigger finds
 * the column already right and has nothing to update.
 */
export async function insertCatalog(tx: Tx, products: readonly SeedProduct[], images: ReadonlyMap<string, string[]>): Promise<number> {
  const byTable = new Map<Category, Row[]>();
  const imageRows: Record<string, unknown>[] = [];
  for (const p of products) {
    const urls = images.get(p.id) ?? [];
    const list = byTable.get(p.category) ?? [];
    list.push({ ...p.row, image_url: urls[0] ?? null });
    byTable.set(p.category, list);
    const owner = CATEGORY_INFO[p.category].imageOwnerKey;
    urls.forEach((url, i) => {
      imageRows.push({ image_url: url, is_primary: i === 0, display_order: i, [owner]: p.id, created_at: p.row.created_at });
    });
  }
  for (const [table, rows] of byTable) await insertRows(tx, table, rows);
  // Every image row names exactly one owner; fill the other four keys with null so one column list fits all.
  const owners = Object.values(CATEGORY_INFO).map((c) => c.imageOwnerKey);
  await insertRows(
    tx,
    'product_images',
    imageRows.map((r) => Object.fromEntries([...Object.entries(r), ...owners.filter((k) => !(k in r)).map((k) => [k, null])])),
  );
  return imageRows.length;
}

export async function insertPages(tx: Tx, pages: readonly SeedPage[]): Promise<void> {
  for (const p of pages) {
    await tx`insert into public.page_content (page_slug, page_title, content)
             values (${p.slug}, ${p.title}, ${p.content})
             on conflict (page_slug) do nothing`;
  }
}

export async function insertPeople(
  tx: Tx,
  people: { adminId: string; customerId: string; fullName: string; phone: string; addresses: readonly SeedAddress[] },
): Promise<void> {
  await tx`insert into public.admin_users (user_id) values (${people.adminId}) on conflict (user_id) do nothing`;
  await tx`insert into public.user_profiles (user_id, full_name, phone_number)
           values (${people.customerId}, ${people.fullName}, ${people.phone})
           on conflict (user_id) do update set full_name = excluded.full_name, phone_number = excluded.phone_number`;
  const [existing] = await tx<{ n: number }[]>`select count(*)::int as n from public.user_addresses where user_id = ${people.customerId}`;
  if (!existing?.n) {
    await insertRows(
      tx,
      'user_addresses',
      people.addresses.map((a) => ({ ...a, user_id: people.customerId })),
    );
  }
}

/**
 * The history's orders get their references from the sequence live orders take theirs from (lib/orders/fulfilment.ts),
 * in the order they were placed: one format, AFJ-100001 on, in the account and the back office alike.
 */
export async function insertOrders(tx: Tx, history: OrderHistory): Promise<void> {
  const numbers = await tx<{ n: string }[]>`
    select nextval('public.order_reference_seq')::text as n from generate_series(1, ${history.orders.length}::int)`;
  const placed = [...history.orders].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ascending = numbers.map((r) => BigInt(r.n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  placed.forEach((order, i) => {
    order.order_reference = `AFJ-${ascending[i]}`;
  });
  await insertRows(tx, 'orders', history.orders as unknown as Record<string, unknown>[]);
  await insertRows(tx, 'order_items', history.items as unknown as Record<string, unknown>[]);
  await insertRows(tx, 'transactions', history.transactions as unknown as Record<string, unknown>[]);
}
