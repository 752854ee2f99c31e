import 'server-only';
// Writes the checked rows of an import inside the caller's one transaction, a batch at a time: each batch is one upsert by
// SKU (a file imported twice updates its products instead of adding them again) and, for rows with an image_url, a
// few set-based statements that make that image the product's primary one. A failure anywhere rolls back every batch.
import type { Category } from '../../catalog/categories';
import type { Tx } from '../../core/db';
import { writeColumns } from './fields';
import type { ImportRow } from './import-rows';
import { ownerKey, table } from './products';
import { nameProductChange } from './history';

/** What the products' history says caused an import's changes. */
export const IMPORT_CHANGE_NOTE = 'CSV import';

/** Batches of at least 50 rows; larger ones cost fewer round trips. */
export const IMPORT_BATCH_SIZE = 500;

export interface ImportCounts {
  created: number;
  updated: number;
  /** Rows whose product already had exactly these values: nothing is written for them. */
  unchanged: number;
}

/**
 * One upsert by SKU; a row equal to the stored product is not written again (so a re-import costs little). A row
 * naming an image also sets the product's image_url to it, which is what the images' trigger would set once that
 * image is made the primary one (attachPrimaryImages): each product is written once, not once more by the trigger.
 */
async function upsertBatch(tx: Tx, category: Category, rows: readonly ImportRow[]) {
  const columns = writeColumns(category);
  const quoted = columns.map((c) => `"${c}"`);
  const assignments = tx.unsafe(
    [...quoted.filter((c) => c !== '"sku"').map((c) => `${c} = excluded.${c}`), 'image_url = coalesce(excluded.image_url, t.image_url)'].join(', '),
  );
  const changed = tx.unsafe(
    `(${quoted.map((c) => `t.${c}`).join(', ')}) is distinct from (${quoted.map((c) => `excluded.${c}`).join(', ')})` +
      ' or coalesce(excluded.image_url, t.image_url) is distinct from t.image_url',
  );
  const values = rows.map((r) => (r.imageUrl ? { ...r.product, image_url: r.imageUrl } : r.product));
  return tx<{ id: string; sku: string; inserted: boolean }[]>`
    insert into ${table(tx, category)} as t (${tx([...columns, 'image_url'])})
    select ${tx([...columns, 'image_url'])} from jsonb_populate_recordset(null::${table(tx, category)}, ${tx.json(values)})
    on conflict (sku) do update set ${assignments} where ${changed}
    returning t.id, t.sku, (t.xmax = 0) as inserted`;
}

/**
 * The named image becomes each product's primary one: an image of the product with that URL is promoted; otherwise a
 * new image row goes in first and the others move down one place.
 */
async function attachPrimaryImages(tx: Tx, category: Category, pairs: { id: string; url: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  const owner = ownerKey(tx, category);
  const ids = pairs.map((p) => p.id);
  const urls = pairs.map((p) => p.url);
  const missing = await tx<{ id: string; url: string }[]>`
    select w.id, w.url from unnest(${ids}::uuid[], ${urls}::text[]) as w(id, url)
     where not exists (select 1 from public.product_images i where i.${owner} = w.id and i.image_url = w.url)`;
  if (missing.length > 0) {
    await tx`
      update public.product_images i set display_order = i.display_order + 1
       where i.${owner} = any(${missing.map((m) => m.id)}::uuid[])`;
    await tx`
      insert into public.product_images (${owner}, image_url, is_primary, display_order)
      select w.id, w.url, true, 0 from unnest(${missing.map((m) => m.id)}::uuid[], ${missing.map((m) => m.url)}::text[]) as w(id, url)`;
  }
  // Exactly one primary image per product: the named one.
  await tx`
    update public.product_images i set is_primary = (i.image_url = w.url)
      from unnest(${ids}::uuid[], ${urls}::text[]) as w(id, url)
     where i.${owner} = w.id and i.is_primary is distinct from (i.image_url = w.url)`;
}

/** Names what the products' history gets for the import's changes: once, before its first batch. */
export const beginImport = (tx: Tx) => nameProductChange(tx, IMPORT_CHANGE_NOTE);

/** Writes one batch of checked rows (at most IMPORT_BATCH_SIZE) and adds what it did to `counts`. */
export async function writeImportBatch(tx: Tx, category: Category, batch: readonly ImportRow[], counts: ImportCounts): Promise<void> {
  const written = await upsertBatch(tx, category, batch);
  for (const w of written) counts[w.inserted ? 'created' : 'updated']++;
  counts.unchanged += batch.length - written.length;
  const idBySku = new Map(written.map((w) => [w.sku, w.id]));
  const unwrittenSkus = batch.filter((r) => r.imageUrl && !idBySku.has(String(r.product.sku))).map((r) => String(r.product.sku));
  if (unwrittenSkus.length > 0) {
    const found = await tx<{ id: string; sku: string }[]>`select id, sku from ${table(tx, category)} where sku = any(${unwrittenSkus})`;
    for (const f of found) idBySku.set(f.sku, f.id);
  }
  await attachPrimaryImages(
    tx,
    category,
    batch.flatMap((r) => {
      const id = idBySku.get(String(r.product.sku));
      return r.imageUrl && id ? [{ id, url: r.imageUrl }] : [];
    }),
  );
}
