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
 * One statement by SKU: the rows whose product exists and differs are updated, the rows without a product inserted,
 * and a row equal to its stored product is not touched at all (so a re-import costs little). Not one
 * `insert … on conflict do update`: that runs the table's before-insert trigger (the search vectors) on every row it
 * is given and locks every existing row, changed or not; here the triggers run only for the rows written. The insert
 * keeps `on conflict` for a product another transaction adds meanwhile. A row naming an image also sets the product's
 * image_url to it, which is what the images' trigger would set once that image is made the primary one
 * (attachPrimaryImages): each product is written once, not once more by the trigger.
 */
async function upsertBatch(tx: Tx, category: Category, rows: readonly ImportRow[]) {
  const columns = writeColumns(category);
  const quoted = columns.map((c) => `"${c}"`);
  const differs = (from: string) =>
    tx.unsafe(
      `(${quoted.map((c) => `t.${c}`).join(', ')}) is distinct from (${quoted.map((c) => `${from}.${c}`).join(', ')})` +
        ` or coalesce(${from}.image_url, t.image_url) is distinct from t.image_url`,
    );
  const assign = (from: string) =>
    tx.unsafe([...quoted.filter((c) => c !== '"sku"').map((c) => `${c} = ${from}.${c}`), `image_url = coalesce(${from}.image_url, t.image_url)`].join(', '));
  const values = rows.map((r) => (r.imageUrl ? { ...r.product, image_url: r.imageUrl } : r.product));
  const target = table(tx, category);
  const all = [...columns, 'image_url'];
  return tx<{ id: string; sku: string; inserted: boolean }[]>`
    with given as materialized (
      select ${tx(all)} from jsonb_populate_recordset(null::${target}, ${tx.json(values)})
    ), updated as (
      update ${target} as t set ${assign('g')} from given g
       where t.sku = g.sku and (${differs('g')})
      returning t.id, t.sku, false as inserted
    ), inserted as (
      insert into ${target} as t (${tx(all)})
      select ${tx(all)} from given g where not exists (select 1 from ${target} e where e.sku = g.sku)
      on conflict (sku) do update set ${assign('excluded')} where ${differs('excluded')}
      returning t.id, t.sku, (t.xmax = 0) as inserted
    )
    select * from updated union all select * from inserted`;
}

/**
 * The named image becomes each product's primary one: an image of the product with that URL is promoted; otherwise a
 * new image row goes in first and the others move down one place. Keyed by SKU, so that these statements need no
 * answer of the upsert's and go to the database with it, in one round trip (writeImportBatch). Run in this order:
 * the images that are missing move the others down, go in, then exactly one of each product's images is primary.
 */
function attachPrimaryImages(tx: Tx, category: Category, rows: readonly ImportRow[]) {
  const named = rows.filter((r) => r.imageUrl);
  if (named.length === 0) return [];
  const owner = ownerKey(tx, category);
  const given = tx`
    select p.id, w.url
      from unnest(${named.map((r) => r.sku)}::text[], ${named.map((r) => r.imageUrl!)}::text[]) as w(sku, url)
      join ${table(tx, category)} p on p.sku = w.sku`;
  const missing = tx`
    select g.id, g.url from (${given}) g
     where not exists (select 1 from public.product_images i where i.${owner} = g.id and i.image_url = g.url)`;
  return [
    tx`update public.product_images i set display_order = i.display_order + 1 from (${missing}) m where i.${owner} = m.id`,
    tx`insert into public.product_images (${owner}, image_url, is_primary, display_order) select m.id, m.url, true, 0 from (${missing}) m`,
    tx`update public.product_images i set is_primary = (i.image_url = g.url)
         from (${given}) g
        where i.${owner} = g.id and i.is_primary is distinct from (i.image_url = g.url)`,
  ];
}

/** Names what the products' history gets for the import's changes: once, before its first batch. */
export const beginImport = (tx: Tx) => nameProductChange(tx, IMPORT_CHANGE_NOTE);

/**
 * Writes one batch of checked rows (at most IMPORT_BATCH_SIZE) and adds what it did to `counts`. Its statements are
 * sent together and run in order: the database does not wait on the server between them, which meanwhile checks
 * the next batch.
 */
export async function writeImportBatch(tx: Tx, category: Category, batch: readonly ImportRow[], counts: ImportCounts): Promise<void> {
  const [written] = await Promise.all([upsertBatch(tx, category, batch), ...attachPrimaryImages(tx, category, batch)]);
  for (const w of written) counts[w.inserted ? 'created' : 'updated']++;
  counts.unchanged += batch.length - written.length;
}
