// Over 300 lines: every search case runs on the one seeded catalog this file builds.
// Search queries on a real Postgres: prefix matching, exact SKU first, newest first, the cap of 20, the total.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/core/db';
import type { SearchQuery } from '@/lib/catalog/listing-params';
import { getSearchOutcome, getSearchResults, SEARCH_LIMIT, searchListing, searchProducts } from '@/lib/catalog/search';
import SharedTagsCache from '@/lib/core/cache/shared-tags-handler.mjs';
import { buildPrefixTsQuery, SEARCH_COUNT_CAP } from '@/lib/catalog/search-query';
import { refreshSearchStats, searchStats } from '@/lib/catalog/search-stats';
import { searchAdminProducts } from '@/lib/admin/search/query';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
// A made-up word no seeded product uses, so the expected matches are exactly the fixtures. It ends in 'k7': the
// shortened word the tests type then ends in 'k', which English stemming leaves alone (a trailing 'y' would become
// 'i', and 'qx…i' starts no word of the fixtures).
const WORD = `qx${Date.now().toString(36)}k7`;
const TABLES = ['rings', 'necklaces', 'bracelets', 'earrings', 'body_jewelry'] as const;
const OLD = new Date('2004-01-01T00:00:00Z');

beforeAll(async () => {
  // 30 products across the five tables whose names contain WORD, newest last-inserted; plus one old product whose
  // SKU is exactly WORD-SKU and whose name shares the word.
  for (let i = 0; i < 30; i++) {
    const table = TABLES[i % TABLES.length]!;
    await sql`insert into ${sql(table)} ${sql({
      name: `${WORD}ella Charm ${i}`,
      sku: `${WORD}-${i}`,
      material: i % 2 ? 'gold' : 'silver',
      created_at: new Date(Date.now() - (30 - i) * 60_000),
    } as never)}`;
  }
  await sql`insert into rings ${sql({ name: `${WORD} heirloom band`, sku: `${WORD.toUpperCase()}-SKU`, created_at: OLD } as never)}`;
  await sql`insert into earrings ${sql({ name: 'Plain studs', sku: `${WORD}-desc`, description: `Matching ${WORD}ella set`, created_at: OLD } as never)}`;
});

afterAll(async () => {
  for (const t of TABLES) await sql`delete from ${sql(t)} where sku ilike ${WORD + '%'}`;
  await sql.end();
  await db().end();
});

async function expectedMatches(input: string) {
  const tsquery = buildPrefixTsQuery(input)!;
  const exact = input.trim().toLowerCase();
  return sql<{ id: string; sku: string; exact: boolean }[]>`
    select id, sku, lower(sku) = ${exact} as exact from catalog_products
     where search_vector @@ to_tsquery('english', ${tsquery}) or lower(sku) = ${exact}
     order by lower(sku) = ${exact} desc, created_at desc, id desc`;
}

describe('searchProducts', () => {
  it('matches word prefixes while typing, newest first, capped at 20, with the full total', async () => {
    const partial = WORD.slice(0, WORD.length - 2) + WORD.slice(-2, -1);
    const expected = await expectedMatches(partial);
    expect(expected.length).toBeGreaterThanOrEqual(32);
    const { results, total } = await searchProducts(partial);
    expect(total).toBe(expected.length);
    expect(results).toHaveLength(SEARCH_LIMIT);
    expect(results.map((r) => r.id)).toEqual(expected.slice(0, SEARCH_LIMIT).map((r) => r.id));
    const times = results.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('puts an exact SKU match first, even when it is the oldest match', async () => {
    const { results, total } = await searchProducts(`  ${WORD.toUpperCase()}-sku `);
    expect(results[0]!.sku).toBe(`${WORD.toUpperCase()}-SKU`);
    expect(total).toBe((await expectedMatches(`${WORD}-sku`)).length);
  });

  it('requires every word and finds words in names, descriptions and materials', async () => {
    const both = await searchProducts(`${WORD}ella gold`);
    expect(both.results.length).toBeGreaterThan(0);
    for (const r of both.results) expect(r.material).toBe('gold');
    const desc = await searchProducts(`matching ${WORD}`);
    expect(desc.results.map((r) => r.sku)).toEqual([`${WORD}-desc`]);
    expect(desc.total).toBe(1);
  });

  it('finds a rare word through the full-text index when the newest products do not hold 20 matches', async () => {
    const { results, total } = await searchProducts(`${WORD} heirloom`);
    expect(total).toBe(1);
    expect(results.map((r) => r.sku)).toEqual([`${WORD.toUpperCase()}-SKU`]);
  });

  it('returns nothing for input without searchable words, and treats operators as text', async () => {
    expect(await searchProducts('&&& !!! |')).toEqual({ results: [], total: 0, capped: false });
    const weird = await searchProducts(`${WORD}ella:* | !(`);
    expect(weird.total).toBe((await expectedMatches(`${WORD}ella`)).length);
  });

  it('reads the card fields of every category', async () => {
    const { results } = await searchProducts(`${WORD}ella`);
    expect(new Set(results.map((r) => r.category))).toEqual(new Set(TABLES));
    for (const r of results) {
      expect(r).toMatchObject({ moq: 1, image_url: null, price_from: null, default_price: null });
      expect(r.sku).toMatch(new RegExp(`^${WORD}-`));
    }
  });
});

// A made-up word of letters only (typo correction works on words), with a one-letter-different twin spelling.
const LETTERS = 'bcdfghjklmnpqrstvwxz';
const NONCE = Array.from({ length: 7 }, (_, i) => LETTERS[(Date.now() >> (i * 3)) % LETTERS.length]).join('');
const GEM = `zy${NONCE}ite`;

describe('searchListing (the /search page)', () => {
  const query = (q: string, over: Partial<SearchQuery> = {}): SearchQuery => ({ q, page: 1, sort: 'relevance', materials: [], ...over });

  beforeAll(async () => {
    // 25 products name the word (older), 25 only describe it (newer), across the tables; half gold, half silver.
    for (let i = 0; i < 50; i++) {
      const table = TABLES[i % TABLES.length]!;
      const named = i < 25;
      await sql`insert into ${sql(table)} ${sql({
        name: named ? `${GEM} Cluster ${i}` : `Plain Piece ${i}`,
        sku: named ? `${GEM}-${i}` : `PL${NONCE}-${i}`,
        description: named ? 'A cluster setting.' : `Set with a small ${GEM} accent.`,
        material: i % 2 ? 'gold' : 'silver',
        created_at: new Date(Date.now() - (named ? 200 - i : 100 - i) * 60_000),
      } as never)}`;
    }
  });

  afterAll(async () => {
    for (const t of TABLES) await sql`delete from ${sql(t)} where sku ilike ${GEM + '%'} or sku ilike ${'PL' + NONCE + '%'}`;
  });

  it('ranks SKU and name matches first, newest first within each, 20 a page with the full total', async () => {
    const first = await searchListing(query(GEM));
    expect(first.total).toBe(50);
    expect(first.totalPages).toBe(3);
    expect(first.items).toHaveLength(20);
    expect(first.items.every((p) => p.name.startsWith(GEM))).toBe(true);
    const times = first.items.map((p) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await searchListing(query(GEM, { page: 2 }));
    expect(second.items.slice(0, 5).every((p) => p.name.startsWith(GEM))).toBe(true);
    expect(second.items.slice(5).every((p) => p.name.startsWith('Plain Piece'))).toBe(true);
    expect(second.from).toBe(21);
    const all = [...first.items, ...second.items, ...(await searchListing(query(GEM, { page: 3 }))).items];
    expect(new Set(all.map((p) => p.id)).size).toBe(50);
  });

  it('matches prefixes while typing', async () => {
    const partial = GEM.slice(0, 6);
    expect((await searchListing(query(partial))).total).toBeGreaterThanOrEqual(50);
    expect((await searchProducts(partial)).total).toBe((await searchListing(query(partial))).total);
  });

  it('tolerates one typo: a swapped, missing, extra or wrong letter', async () => {
    const swapped = GEM.slice(0, 3) + GEM[4] + GEM[3] + GEM.slice(5);
    const missing = GEM.slice(0, 4) + GEM.slice(5);
    const wrong = GEM.slice(0, -1) + (GEM.endsWith('e') ? 'a' : 'e');
    for (const typo of [swapped, missing, wrong, `${GEM}s`]) {
      const page = await searchListing(query(typo));
      expect(page.total, typo).toBe(50);
      expect((await searchProducts(typo)).total, typo).toBe(50);
    }
    // Two typos are too far.
    const two = 'q' + swapped.slice(1, -1) + 'q';
    expect((await searchListing(query(two))).total).toBe(0);
  });

  it('filters by material and sorts like the listings', async () => {
    const gold = await searchListing(query(GEM, { materials: ['gold'] }));
    expect(gold.total).toBe(25);
    expect(gold.items.every((p) => p.material === 'gold')).toBe(true);
    const newest = await searchListing(query(GEM, { sort: 'newest' }));
    expect(newest.items[0]!.name).toMatch(/^Plain Piece/);
    const byPrice = await searchListing(query(GEM, { sort: 'price-asc' }));
    expect(byPrice.total).toBe(50);
  });

  it('answers an empty page past the end and for input without words', async () => {
    expect((await searchListing(query(GEM, { page: 9 }))).items).toEqual([]);
    expect(await searchListing(query('   '))).toMatchObject({ items: [], total: 0 });
  });
});

describe('search_words', () => {
  it('collects the words of new products and is read-only for the API roles', async () => {
    await sql`insert into earrings ${sql({ name: `${GEM}tine Drops`, sku: `${GEM}-w`, earring_type: `${GEM}clip` } as never)}`;
    await sql`insert into rings ${sql({ name: `${GEM}band Ring`, sku: `${GEM}-wr`, description: `A ${GEM}cut stone` } as never)}`;
    const [added] = await sql<{ n: number }[]>`
      select count(*)::int as n from search_words where word = any(${[GEM + 'tine', GEM + 'clip', GEM + 'band', GEM + 'cut']})`;
    // Name, the table's type column (earrings) and description (rings, which have no type column).
    expect(added!.n).toBe(4);
    await sql`delete from rings where sku = ${GEM + '-wr'}`;
    for (const role of ['anon', 'authenticated']) {
      await expect(
        sql.begin(async (tx) => {
          await tx`select set_config('role', ${role}, true)`;
          const [seen] = await tx<{ n: number }[]>`select count(*)::int as n from search_words where word = ${GEM + 'tine'}`;
          expect(seen!.n).toBe(1);
          await tx`insert into search_words (word) values ('forgedword')`;
        }),
      ).rejects.toThrow(/permission denied|row-level security/);
    }
    await sql`delete from earrings where sku = ${GEM + '-w'}`;
  });

  it('holds every word of every active product, as its whole text parsed at once finds them, after inserts and updates of many rows', async () => {
    // The triggers parse each distinct field once per statement; a product's text parsed as one string is the rule.
    const tag = `${GEM}multi`;
    await sql`insert into earrings (name, sku, description, material, stone, earring_type)
              select ${tag} || translate(i::text, '0123456789', 'abcdefghij') || ' Hoops', ${tag} || '-' || i,
                     'Long-sleeved ' || ${tag} || 'desc and ' || ${tag} || 'x' || translate((i % 3)::text, '012', 'abc'),
                     'rose-gold', 'Opal', ${tag} || 'type'
                from generate_series(1, 30) as i`;
    await sql`update earrings set description = description || ' ' || ${tag} || 'later', status = 'active' where sku like ${tag + '-%'}`;
    const missing = await sql<{ word: string }[]>`
      select distinct w as word
        from (select concat_ws(' ', name, replace(material, '-', ' '), stone, description, null) as t from rings where status = 'active'
              union all select concat_ws(' ', name, replace(material, '-', ' '), stone, description, necklace_type) from necklaces where status = 'active'
              union all select concat_ws(' ', name, replace(material, '-', ' '), stone, description, null) from bracelets where status = 'active'
              union all select concat_ws(' ', name, replace(material, '-', ' '), stone, description, earring_type) from earrings where status = 'active'
              union all select concat_ws(' ', name, replace(material, '-', ' '), stone, description, jewelry_type) from body_jewelry where status = 'active') p,
             lateral search_words_of(p.t) as w
       where not exists (select 1 from search_words s where s.word = w)`;
    await sql`delete from earrings where sku like ${tag + '-%'}`;
    expect(missing).toEqual([]);
    const [learned] = await sql<{ n: number }[]>`select count(*)::int as n from search_words where word like ${tag.toLowerCase() + '%'}`;
    // 30 names, the description's word and its three endings, the type and the word added later.
    expect(learned!.n).toBe(30 + 1 + 3 + 1 + 1);
  });
});

describe('the answers kept per server', () => {
  it('serve repeated searches until the catalog is revalidated, then the edit shows', async () => {
    const sku = `${WORD}-0`;
    const page: SearchQuery = { q: sku, page: 1, sort: 'relevance', materials: [] };
    const name = async () => (await getSearchResults(sku)).results.find((r) => r.sku === sku)?.name;
    const pageName = async () => {
      const outcome = await getSearchOutcome(page);
      return outcome.ok ? outcome.page.items.find((r) => r.sku === sku)?.name : outcome.message;
    };
    expect(await name()).toBe(`${WORD}ella Charm 0`);
    expect(await pageName()).toBe(`${WORD}ella Charm 0`);
    await sql`update rings set name = ${`${WORD}ella Renamed`} where sku = ${sku}`;
    // Kept: the same answer without a query.
    expect(await name()).toBe(`${WORD}ella Charm 0`);
    expect(await pageName()).toBe(`${WORD}ella Charm 0`);
    // What an admin's save does after its transaction (on this server or, through the database, on another).
    await new SharedTagsCache({ serverDistDir: '/nonexistent', revalidatedTags: [], flushToDisk: false }).revalidateTag(['catalog']);
    expect(await name()).toBe(`${WORD}ella Renamed`);
    expect(await pageName()).toBe(`${WORD}ella Renamed`);
  });
});

describe('searches with more matches than SEARCH_COUNT_CAP', () => {
  // A word in 1,100 rings (a third of them name it) and in 60 necklaces' descriptions: more matches than the cap,
  // gathered in one table, as a word like 'ring' is. Prices repeat and some are missing, so ties and unpriced rows
  // meet the sorts.
  const WIDE = `vw${NONCE}ire`;
  const FILLER = `FILL${NONCE}-`;
  const query = (over: Partial<SearchQuery> = {}): SearchQuery => ({ q: WIDE, page: 1, sort: 'relevance', materials: [], ...over });
  const ORDER: Record<SearchQuery['sort'], string> = {
    relevance: 'named desc, created_at desc, id desc',
    newest: 'created_at desc, id desc',
    'price-asc': 'price_from asc nulls last, id asc',
    'price-desc': 'price_from desc nulls last, id desc',
  };

  beforeAll(async () => {
    await sql`
      insert into rings (name, sku, description, material, price_stone1, created_at)
      select case when i % 3 = 0 then ${WIDE} || ' Band ' || i else 'Band ' || i end, ${WIDE} || '-r' || i,
             'Set with ' || ${WIDE} || ' stones.', case when i % 2 = 0 then 'gold' else 'silver' end,
             case when i % 7 = 0 then null else (i % 40) + 10 end, now() - make_interval(mins => i)
        from generate_series(1, 1100) as i`;
    await sql`
      insert into necklaces (name, sku, description, material, created_at)
      select 'Chain ' || i, ${WIDE} || '-n' || i, 'A ' || ${WIDE} || ' pendant.', 'gold', now() - make_interval(mins => i * 17)
        from generate_series(1, 60) as i`;
  });

  afterAll(async () => {
    await sql`delete from earrings where sku like ${FILLER + '%'}`;
    await sql`delete from rings where sku like ${WIDE + '-%'}`;
    await sql`delete from necklaces where sku like ${WIDE + '-%'}`;
  });

  /** Every match in the page's order, by a plain query over all of them (no cap, no plan chosen by hand). */
  async function expectedIds(q: SearchQuery) {
    const tsquery = buildPrefixTsQuery(q.q)!;
    const materials = q.materials.length > 0 ? q.materials : ['gold', 'silver', 'rose-gold', 'platinum', 'mixed'];
    const rows = await sql<{ id: string }[]>`
      select id from (
        select id, created_at, price_from, name_vector @@ to_tsquery('english', ${tsquery}) as named, material
          from catalog_products where search_vector @@ to_tsquery('english', ${tsquery})) m
       where material = any(${materials}) or ${q.materials.length === 0}
       order by ${sql.unsafe(ORDER[q.sort])}`;
    return rows.map((r) => r.id);
  }

  it('counts up to the cap, says there are more, and stops the pages there', async () => {
    const all = await expectedIds(query());
    expect(all.length).toBe(1160);
    const first = await searchListing(query());
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true, totalPages: SEARCH_COUNT_CAP / 20 });
    expect((await searchListing(query({ page: SEARCH_COUNT_CAP / 20 + 1 }))).items).toEqual([]);
    expect(await searchProducts(WIDE)).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
  });

  it('answers 30 overlay searches at once, more than the pool has connections', async () => {
    // A search holds one connection for its transaction and reads the word statistics before it takes one
    // (search-reads.ts, estimator), so a full pool makes searches queue, never wait on each other for ever.
    const single = await searchProducts(WIDE);
    const many = await Promise.all(Array.from({ length: 30 }, () => searchProducts(WIDE)));
    for (const got of many) expect(got).toEqual(single);
  });

  async function expectPagesInOrder() {
    for (const sort of ['relevance', 'newest', 'price-asc', 'price-desc'] as const) {
      const expected = await expectedIds(query({ sort }));
      for (const page of [1, 18, 19, SEARCH_COUNT_CAP / 20]) {
        const got = await searchListing(query({ sort, page }));
        expect(got.items.map((p) => p.id), `${sort} page ${page}`).toEqual(expected.slice((page - 1) * 20, page * 20));
      }
    }
    const overlay = await searchProducts(WIDE);
    expect(overlay.results.map((r) => r.id)).toEqual((await expectedIds(query({ sort: 'newest' }))).slice(0, SEARCH_LIMIT));
  }

  it('orders every sort as a plain query over all the matches would, on the first, a middle and the last page', async () => {
    // The matches are among the newest products: found by looking at those first.
    await expectPagesInOrder();
    // 2,100 newer products without the word: the newest hold no match, so each category's index is walked.
    await sql`
      insert into earrings (name, sku, created_at)
      select 'Plain Hoop ' || i, ${FILLER} || i, now() + make_interval(secs => i) from generate_series(1, 2100) as i`;
    await expectPagesInOrder();
    // With statistics that know the word: the rings, where it is common, are walked in each sort's order; the other
    // tables are read through the full-text index (search-plan.ts).
    await sql`analyze rings, necklaces, bracelets, earrings, body_jewelry`;
    refreshSearchStats();
    const rings = (await searchStats()).rings?.search_vector;
    expect([...(rings?.shares.keys() ?? [])].some((lexeme) => lexeme.startsWith(WIDE))).toBe(true);
    await expectPagesInOrder();
    const gold = await searchListing(query({ materials: ['gold'], sort: 'price-desc', page: 3 }));
    expect(gold.items.map((p) => p.id)).toEqual((await expectedIds(query({ materials: ['gold'], sort: 'price-desc' }))).slice(40, 60));
    // The admin's header search plans its reads the same way: the newest five of each table, ten in all.
    const perTable = await sql<{ id: string }[]>`
      select id from (select id, created_at, row_number() over (partition by category order by created_at desc, id desc) as n
                        from catalog_products where search_vector @@ to_tsquery('english', ${buildPrefixTsQuery(WIDE)!})) m
       where n <= 5 order by created_at desc, id desc limit 10`;
    const admin = await searchAdminProducts({ role: 'service_role' }, WIDE);
    expect(admin.map((p) => p.id)).toEqual(perTable.map((r) => r.id));
  });

  it('counts exactly below the cap, with the material filter', async () => {
    const gold = await searchListing(query({ materials: ['gold'], sort: 'price-desc', page: 3 }));
    const expected = await expectedIds(query({ materials: ['gold'], sort: 'price-desc' }));
    expect(expected.length).toBe(610);
    expect(gold).toMatchObject({ total: 610, capped: false });
    expect(gold.items.map((p) => p.id)).toEqual(expected.slice(40, 60));
  });
});
