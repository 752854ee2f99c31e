// Search words on a real Postgres: a known word with another typed after it matches whole, the last word matches as
// the start of a word, and a material filter is answered with the words inside the full-text index.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import type { SearchQuery } from '@/lib/catalog/listing-params';
import { searchListing, searchProducts } from '@/lib/catalog/search';
import { refreshSearchStats } from '@/lib/catalog/search-stats';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
// Made-up words of letters only, so the vocabulary (search_words) learns them from the fixtures alone: STONE, a
// longer word STONE starts (STONEWORK), and a second word, SHAPE.
const LETTERS = 'bcdfghjklmnpqrstvwxz';
const NONCE = Array.from({ length: 6 }, (_, i) => LETTERS[(Date.now() >> (i * 3)) % LETTERS.length]).join('');
const STONE = `zq${NONCE}`;
const STONEWORK = `${STONE}ovad`;
const SHAPE = `zv${NONCE}`;
// A word that only ever comes with digits after it, as in 'gold14k': full-text search keeps such a word whole.
const ALLOY = `zk${NONCE}ar`;
const SKU = `WW${NONCE}`;

const FIXTURES = [
  { sku: `${SKU}-1`, table: 'rings', name: `${STONE} ${SHAPE} band`, material: 'silver' },
  { sku: `${SKU}-2`, table: 'earrings', name: `${STONE} ${SHAPE} hoops`, material: 'gold' },
  { sku: `${SKU}-3`, table: 'necklaces', name: `${STONEWORK} ${SHAPE} drop`, material: 'gold' },
  { sku: `${SKU}-4`, table: 'bracelets', name: `${STONEWORK} ${SHAPE} cuff`, material: 'rose-gold' },
  { sku: `${SKU}-5`, table: 'rings', name: `Plain ${SHAPE} ring`, material: 'gold' },
  { sku: `${SKU}-6`, table: 'earrings', name: `${ALLOY}14 ${SHAPE} studs`, material: 'silver' },
] as const;

const query = (q: string, over: Partial<SearchQuery> = {}): SearchQuery => ({ q, page: 1, sort: 'relevance', materials: [], ...over });

/** The fixtures' SKUs a search page finds, sorted. */
async function pageSkus(q: string, over: Partial<SearchQuery> = {}): Promise<string[]> {
  return (await searchListing(query(q, over))).items.map((p) => p.sku!).sort();
}

beforeAll(async () => {
  for (const [i, f] of FIXTURES.entries()) {
    await sql`insert into ${sql(f.table)} ${sql({
      name: f.name,
      sku: f.sku,
      material: f.material,
      created_at: new Date(Date.now() - i * 60_000),
    } as never)}`;
  }
  refreshSearchStats();
});

afterAll(async () => {
  for (const t of new Set(FIXTURES.map((f) => f.table))) await sql`delete from ${sql(t)} where sku like ${SKU + '-%'}`;
  await sql.end();
  await db().end();
});

describe('typed words', () => {
  it('match a known word whole when another word follows it', async () => {
    expect(await pageSkus(`${STONE} ${SHAPE}`)).toEqual([`${SKU}-1`, `${SKU}-2`]);
    expect((await searchProducts(`${STONE} ${SHAPE}`)).total).toBe(2);
  });

  it('match the last word as the start of a word, whether it is known or not', async () => {
    // STONE is known, and the known words it starts are searched with it.
    expect(await pageSkus(`${SHAPE} ${STONE}`)).toEqual([`${SKU}-1`, `${SKU}-2`, `${SKU}-3`, `${SKU}-4`]);
    // A part of a word is no known word.
    expect(await pageSkus(`${SHAPE} ${STONE.slice(0, -1)}`)).toEqual([`${SKU}-1`, `${SKU}-2`, `${SKU}-3`, `${SKU}-4`]);
    expect((await searchProducts(`${SHAPE} ${STONE}`)).total).toBe(4);
  });

  it('match a word that is no known word as a prefix wherever it is typed', async () => {
    expect(await pageSkus(`${STONE.slice(0, -1)} ${SHAPE}`)).toEqual([`${SKU}-1`, `${SKU}-2`, `${SKU}-3`, `${SKU}-4`]);
  });

  it('know only whole words, so a run of letters inside a longer word stays a prefix', async () => {
    const known = await sql<{ word: string }[]>`select word from search_words where word = any(${[ALLOY, SHAPE, STONE]})`;
    expect(known.map((k) => k.word).sort()).toEqual([SHAPE, STONE].sort());
    expect(await pageSkus(`${ALLOY} ${SHAPE}`)).toEqual([`${SKU}-6`]);
    expect(await pageSkus(`${SHAPE} ${ALLOY}`)).toEqual([`${SKU}-6`]);
  });

  it('still find a stop word followed by a word, the stop word being ignored', async () => {
    expect(await pageSkus(`the ${SHAPE}`)).toEqual(FIXTURES.map((f) => f.sku).sort());
    expect(await pageSkus(`${SHAPE} the`)).toEqual(FIXTURES.map((f) => f.sku).sort());
  });
});

describe('a material filter', () => {
  it('keeps the matches of the chosen materials only, every sort alike', async () => {
    for (const sort of ['relevance', 'newest', 'price-asc', 'price-desc'] as const) {
      expect(await pageSkus(`${SHAPE} ${STONE}`, { materials: ['gold'], sort }), sort).toEqual([`${SKU}-2`, `${SKU}-3`]);
      expect(await pageSkus(`${STONE} ${SHAPE}`, { materials: ['gold', 'silver'], sort }), sort).toEqual([`${SKU}-1`, `${SKU}-2`]);
      expect(await pageSkus(`${STONEWORK} ${SHAPE}`, { materials: ['silver'], sort }), sort).toEqual([]);
    }
  });
});
