// A large generated catalog for benchmarks: N products spread over the five tables with set-based SQL
// (insert … select … from generate_series), each with two images from a small pool uploaded once.
import { join } from 'node:path';
import postgres from 'postgres';
import { CATEGORY_INFO, type Category, MATERIALS } from '../../lib/catalog/categories';
import { type ArtSpec, visualKey } from './art';
import { CATEGORY_ORDER, SKU_PREFIX, generateCatalog } from './catalog';
import { serviceClient } from './client';
import { COLLECTIONS } from './data';
import { mapLimit, publicUrl, renderAll, uploadAll } from './images';
import { vacuumAllVisible } from './vacuum';

export interface ScaleOptions {
  databaseUrl: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  products: number;
  cacheDir?: string;
  log?: (line: string) => void;
}

const NOUNS: Record<Category, string[]> = {
  rings: ['Solitaire Ring', 'Halo Ring', 'Eternity Band', 'Signet Ring', 'Stacking Ring', 'Cocktail Ring', 'Wedding Band'],
  necklaces: ['Solitaire Pendant', 'Halo Pendant', 'Teardrop Pendant', 'Figaro Link Chain', 'Rope Chain', 'Curb Chain', 'Paperclip Chain'],
  bracelets: ['Tennis Bracelet', 'Polished Bangle', 'Open Cuff Bracelet', 'Curb Link Bracelet', 'Figaro Bracelet', 'Station Bracelet'],
  earrings: ['Stud Earrings', 'Hoop Earrings', 'Huggie Hoops', 'Teardrop Earrings', 'Drop Earrings', 'Climber Earrings'],
  body_jewelry: ['Belly Ring', 'Labret Stud', 'Industrial Barbell', 'Captive Bead Ring', 'Septum Ring', 'Nose Stud'],
};

const STONE_NAMES = ['Diamond', 'Sapphire', 'Ruby', 'Emerald', 'Amethyst', 'Topaz', 'Morganite', 'Citrine', 'Garnet', 'Peridot', 'Aquamarine', 'Cubic Zirconia'];

const LENGTHS = ['16', '18', '20', '22', '24', '26', '28', '30'];
const SIZES = ['6', '6_5', '7', '7_5', '8', '8_5'];

/** Category columns and their SQL, in terms of i (the row number), h (a hash of it) and base (a price). */
function extraColumns(category: Category): Array<[string, string]> {
  const stone2 = `case when i % 4 = 0 then round(base * 1.35, 2) end`;
  const family = (kind: 'n' | 'b', cond: string) => {
    const keys = kind === 'n' ? LENGTHS : SIZES;
    return keys.flatMap<[string, string]>((k, idx) => {
      // A few sizes have no price, as in the real catalog.
      const gap = `(h / 7 + ${idx}) % 13 = 0`;
      const price = `round(base + ${idx} * (2.5 + (h % 9)), 2)`;
      return [
        [`${kind}_price_${k}_stone1`, `case when ${cond} and not ${gap} then ${price} end`],
        [`${kind}_price_${k}_stone2`, `case when ${cond} and i % 4 = 0 and not ${gap} then round(${price} * 1.35, 2) end`],
      ];
    });
  };
  switch (category) {
    case 'rings':
      return [
        ['is_adjustable', 'i % 9 = 0'],
        ['sizes', `case when i % 9 = 0 then '{}'::text[] else '{5,5.5,6,6.5,7,7.5,8,8.5,9}'::text[] end`],
        ['price_stone1', 'base'],
        ['price_stone2', stone2],
      ];
    case 'necklaces':
      return [
        ['necklace_type', `case when i % 3 = 0 then 'Chain' else 'Pendant' end`],
        ['chain_length', `'18"'`],
        ['clasp_type', `'Lobster Clasp'`],
        ['is_adjustable', 'i % 11 = 0'],
        ['is_bracelet', 'i % 6 = 0'],
        ...family('n', 'true'),
        ...family('b', 'i % 6 = 0'),
      ];
    case 'bracelets':
      return [
        ['clasp_type', `case when i % 2 = 0 then 'Lobster Clasp' else 'Box Clasp' end`],
        ['is_adjustable', 'i % 10 = 0'],
        ['is_necklace', 'i % 7 = 0'],
        ...family('b', 'true'),
        ...family('n', 'i % 7 = 0'),
      ];
    case 'earrings':
      return [
        ['earring_type', `(array['Stud','Hoop','Huggie','Drop'])[1 + i % 4]`],
        ['closure_type', `(array['Push Back','Hinged Snap','Hinged Snap','French Hook'])[1 + i % 4]`],
        ['price_stone1', 'base'],
        ['price_stone2', stone2],
      ];
    case 'body_jewelry':
      return [
        ['jewelry_type', `(array['Belly Ring','Labret Stud','Industrial Barbell','Captive Bead Ring','Septum Ring','Nose Stud'])[1 + i % 6]`],
        ['size', `(array['6mm','8mm','10mm','12mm','38mm'])[1 + i % 5]`],
        ['gauge', `(array['14G','16G','18G','20G'])[1 + i % 4]`],
        ['price_stone1', 'base'],
        ['price_stone2', stone2],
      ];
  }
}

/** One material × view image pool per category, rendered from the regular catalog's looks and uploaded once. */
async function imagePool(opts: ScaleOptions): Promise<Record<Category, string[][]>> {
  const client = serviceClient(opts.supabaseUrl, opts.serviceRoleKey);
  const catalog = generateCatalog({ perCategory: 40 });
  const picks: Array<{ category: Category; material: number; view: number; spec: ArtSpec }> = [];
  for (const category of CATEGORY_ORDER) {
    MATERIALS.forEach((material, mi) => {
      const product = catalog.byCategory[category].find((p) => p.look.material === material) ?? catalog.byCategory[category][0]!;
      for (const view of [0, 1]) {
        picks.push({ category, material: mi, view, spec: { ...product.look.art, material, hue: product.look.hue, view } as ArtSpec });
      }
    });
  }
  const cacheDir = opts.cacheDir ?? join(import.meta.dirname, '..', '..', '.data', 'seed-cache');
  const renders = await renderAll(
    picks.map((p) => p.spec),
    cacheDir,
  );
  const uploads = picks.map((p) => ({ path: `${p.category}/pool/${visualKey(p.spec)}.webp`, bytes: renders.images.get(visualKey(p.spec))! }));
  await uploadAll(client, uploads, 8);
  const pool = {} as Record<Category, string[][]>;
  for (const p of picks) {
    pool[p.category] ??= MATERIALS.map(() => []);
    pool[p.category][p.material]![p.view] = publicUrl(client, `${p.category}/pool/${visualKey(p.spec)}.webp`);
  }
  return pool;
}

export async function seedScale(opts: ScaleOptions): Promise<{ products: number; ms: number }> {
  const t0 = Date.now();
  const log = opts.log ?? (() => {});
  const total = Math.max(0, Math.floor(opts.products));
  if (total === 0) return { products: 0, ms: 0 };
  const pool = await imagePool(opts);
  log(`scale: image pool ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const sql = postgres(opts.databaseUrl, { max: 2, onnotice: () => {}, idle_timeout: 5 });
  try {
    const per = Math.floor(total / CATEGORY_ORDER.length);
    const counts = CATEGORY_ORDER.map((_, i) => per + (i < total % CATEGORY_ORDER.length ? 1 : 0));
    // Tables are independent: fill them side by side, each in its own transaction.
    await mapLimit(CATEGORY_ORDER, 2, async (category, ci) => {
      const count = counts[ci]!;
      if (count === 0) return;
      const t = Date.now();
      await sql.begin(async (tx) => {
        // Generated products have no history to keep (see the product_status_history migration).
        await tx`set local app.product_history = 'off'`;
        await fillTable(tx, category, count, pool[category], ci, log);
      });
      log(`scale: ${count} ${category} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    });
    // VACUUM as well as ANALYZE: it marks the new pages all-visible, so the listings' index-only scans read no table
    // rows. Autovacuum would in time, but a run of it during the load (tables are filled two at a time) cannot mark
    // rows that another table's open transaction may still not see, and then waits for a fifth of the table again.
    await vacuumAllVisible(sql, [...CATEGORY_ORDER, 'product_images'], log);
  } finally {
    await sql.end();
  }
  const ms = Date.now() - t0;
  log(`scale: added ${total} products in ${(ms / 1000).toFixed(1)} s`);
  return { products: total, ms };
}

async function fillTable(
  tx: postgres.TransactionSql,
  category: Category,
  count: number,
  urls: string[][],
  salt: number,
  log: (line: string) => void,
): Promise<void> {
  const table = category;
  const prefix = `${SKU_PREFIX[category]}-S`;
  // Continue numbering after earlier scale runs so SKUs stay unique.
  const [row] = await tx.unsafe<{ last: string | null }[]>(
    `select max(substring(sku from ${prefix.length + 1})::bigint) as last from public.${table} where sku like $1 and sku ~ $2`,
    [`${prefix}%`, `^${prefix}[0-9]+$`],
  );
  const from = Number(row?.last ?? 0) + 1;
  const to = from + count - 1;
  const extra = extraColumns(category);
  const owner = CATEGORY_INFO[category].imageOwnerKey;
  const materials = [...MATERIALS];
  const primary = urls.map((u) => u[0]!);
  const secondary = urls.map((u) => u[1] ?? u[0]!);
  const params = [from, to, COLLECTIONS, NOUNS[category], STONE_NAMES, materials, primary, prefix, salt * 7_919_993];
  const t0 = Date.now();
  await tx.unsafe(
    `insert into public.${table}
       (name, sku, description, material, stone, stone_details, weight, moq, is_new_arrival, is_mens_jewelry,
        created_at, image_url, ${extra.map(([c]) => c).join(', ')})
     select name, sku, description, material, stone,
            case when stone is null then null
                 when i % 4 = 0 then jsonb_build_object('Stone1', stone, 'Stone2', 'Diamond')
                 else jsonb_build_object('Stone1', stone) end,
            weight, moq, is_new, is_mens, created_at, image_url, ${extra.map(([, e]) => e).join(', ')}
       from (
         select i, h, base, material, stone,
                ($3::text[])[1 + h % cardinality($3::text[])] || ' ' || coalesce(stone || ' ', '') || ($4::text[])[1 + i % cardinality($4::text[])] as name,
                $8 || lpad(i::text, 8, '0') as sku,
                'A ' || lower(($4::text[])[1 + i % cardinality($4::text[])]) || ' in ' ||
                  case material when 'silver' then 'sterling silver' when 'gold' then '14k yellow gold' else '14k rose gold' end ||
                  coalesce(' set with ' || lower(stone), '') || '. Generated for load testing. Sold at trade prices with a minimum order quantity.' as description,
                round((1 + (h % 900) / 100.0)::numeric, 2) as weight,
                (array[1, 2, 3, 5, 6, 10, 12])[1 + h % 7] as moq,
                i % 9 = 0 as is_new,
                i % 7 = 0 as is_mens,
                now() - make_interval(days => (h % 365)::int, secs => (h % 86400)::int) as created_at,
                ($7::text[])[1 + mi] as image_url
           from (
             select i, abs(hashint4((i + $9::bigint)::int)::bigint) as h from generate_series($1::bigint, $2::bigint) as i
           ) g
           cross join lateral (
             select (h % 3)::int as mi,
                    ($6::text[])[1 + (h % 3)::int] as material,
                    case when i % 5 = 0 then null else ($5::text[])[1 + (h / 3) % cardinality($5::text[])] end as stone,
                    round((12 + (h % 60000) / 100.0)::numeric, 2) as base
           ) x
       ) s`,
    params as never[],
  );
  const t1 = Date.now();
  // Two images each; the products already carry their primary image's URL, so the sync trigger writes nothing.
  await tx.unsafe(
    `insert into public.product_images (image_url, is_primary, display_order, ${owner})
     select case when n = 0 then p.image_url else ($3::text[])[array_position($4::text[], p.material)] end, n = 0, n, p.id
       from public.${table} p
       cross join generate_series(0, 1) as n
      where p.sku >= $1 and p.sku <= $2`,
    [`${prefix}${String(from).padStart(8, '0')}`, `${prefix}${String(to).padStart(8, '0')}`, secondary, materials] as never[],
  );
  log(`scale: ${category}: products ${((t1 - t0) / 1000).toFixed(1)} s, images ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}
