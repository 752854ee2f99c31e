// The list view's URL rules (every param parsed, a bad one falls back, the sort whitelist) and the bulk actions'
// pure rules (the percent price change, its limits and words).
import { describe, expect, it } from 'vitest';
import {
  bulkDone,
  bulkNote,
  bulkPriceInput,
  bulkQuestion,
  bulkStatusInput,
  changedPriceCents,
  MAX_PICKED,
  PERCENT_RANGE,
  TOO_MANY_PICKED,
} from '@/lib/admin/catalog/bulk-rules';
import { cappedListNote, EMPTY_FILTER, LIST_SORTS, listSearch, nextSort, parseCategoryView, parseListQuery, productsFoundLabel } from '@/lib/admin/catalog/list-params';
import { categoryScreenHref, parseCategoryScreenQuery } from '@/lib/admin/catalog/screen';

describe('list params', () => {
  it('defaults to newest change first, page 1, no filter', () => {
    expect(parseListQuery({})).toEqual({ ...EMPTY_FILTER, sort: 'updated', dir: 'desc', page: 1 });
  });

  it('reads every param', () => {
    expect(
      parseListQuery({ sort: 'price', dir: 'desc', status: 'draft', material: 'rose-gold', new: '1', mens: 'true', q: '  RNG-10 ', page: '3' }),
    ).toEqual({ sort: 'price', dir: 'desc', status: 'draft', material: 'rose-gold', isNew: true, isMens: true, q: 'RNG-10', page: 3 });
    expect(parseListQuery(new URLSearchParams('sort=name&q=a'))).toMatchObject({ sort: 'name', dir: 'asc', q: 'a' });
  });

  it('falls back on anything it does not know', () => {
    const bad = parseListQuery({ sort: 'price_from; drop table rings', dir: 'up', status: 'deleted', material: 'tin', new: 'maybe', mens: ['2'], q: 'a\u0000b', page: '-4' });
    expect(bad).toEqual({ ...EMPTY_FILTER, sort: 'updated', dir: 'desc', page: 1 });
    expect(parseListQuery({ q: 'x'.repeat(101) }).q).toBe('');
    expect(parseListQuery({ sort: ['moq', 'name'] }).sort).toBe('moq');
    expect(parseCategoryView({ view: 'LIST' })).toBe('grid');
    expect(parseCategoryView({ view: 'list' })).toBe('list');
  });

  it('sorts only by whitelisted columns, each a table column', () => {
    expect(Object.values(LIST_SORTS).map((s) => s.column)).toEqual(['name', 'sku', 'price_from', 'moq', 'status', 'updated_at']);
    for (const key of ['image', 'id', '__proto__', 'toString', 'constructor']) expect(parseListQuery({ sort: key }).sort).toBe('updated');
  });

  it('turns the same column around and starts another in its own direction', () => {
    expect(nextSort({ sort: 'price', dir: 'asc' }, 'price')).toEqual({ sort: 'price', dir: 'desc' });
    expect(nextSort({ sort: 'price', dir: 'desc' }, 'updated')).toEqual({ sort: 'updated', dir: 'desc' });
    expect(nextSort({ sort: 'updated', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
  });

  it('writes a URL that parses back to the same view, defaults left out', () => {
    const query = { sort: 'moq', dir: 'desc', status: 'archived', material: 'gold', isNew: true, isMens: false, q: '50% off', page: 4 } as const;
    const search = listSearch(query);
    expect(search.toString()).toBe('view=list&sort=moq&dir=desc&status=archived&material=gold&new=1&q=50%25+off&page=4');
    expect(parseListQuery(search)).toEqual(query);
    expect(listSearch({ sort: 'updated', dir: 'desc', page: 1 }).toString()).toBe('view=list');
    const screen = parseCategoryScreenQuery(Object.fromEntries(listSearch(query, 'AAAAAAAA-0000-4000-8000-000000000000')));
    expect(screen).toMatchObject({ view: 'list', page: 4, edit: 'aaaaaaaa-0000-4000-8000-000000000000', list: query });
    expect(categoryScreenHref('body_jewelry', screen)).toBe(`/admin/body-jewelry?${listSearch(query, screen.edit)}`);
    expect(categoryScreenHref('rings', { view: 'grid', page: 2, edit: null })).toBe('/admin/rings?page=2');
  });
});

describe('percent price change', () => {
  it('rounds to the cent, half away from zero', () => {
    expect(changedPriceCents(1000, 5)).toBe(1050);
    expect(changedPriceCents(1999, 10)).toBe(2199); // 2198.9
    expect(changedPriceCents(1, 50)).toBe(2); // 1.5 → 2
    expect(changedPriceCents(3, -50)).toBe(2); // 1.5 → 2
    expect(changedPriceCents(1234, 7.5)).toBe(1327); // 1326.55 → 1327
    expect(changedPriceCents(999_999_999, 0.01)).toBe(1_000_099_999); // 1000099998.9999 → exact in integers
  });

  it('never goes below a cent for a priced cell, and leaves an unpriced one as it is', () => {
    expect(changedPriceCents(1, -90)).toBe(1);
    expect(changedPriceCents(4, -90)).toBe(1);
    expect(changedPriceCents(null, 20)).toBeNull();
    expect(changedPriceCents(0, 20)).toBe(0);
  });

  it('refuses a percent out of −90..+500, of more than 2 decimals, or 0', () => {
    const input = (percent: unknown) => bulkPriceInput.safeParse({ category: 'rings', target: { kind: 'ids', ids: ['00000000-0000-4000-8000-000000000001'] }, percent });
    expect(input(500).success).toBe(true);
    expect(input(-90).success).toBe(true);
    expect(input(5.25).success).toBe(true);
    for (const bad of [500.01, -90.5, 1e9, Number.NaN, Infinity, 0, 1.234, '5', null]) expect(input(bad).success, String(bad)).toBe(false);
    expect(input(501).error?.issues[0]?.message).toBe(PERCENT_RANGE);
  });
});

describe('bulk targets and words', () => {
  const status = (target: unknown) => bulkStatusInput.safeParse({ category: 'rings', target, status: 'active' });

  it('takes up to 1,000 ids (deduplicated) or a filter with the confirmed count', () => {
    const ids = Array.from({ length: MAX_PICKED }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(status({ kind: 'ids', ids }).success).toBe(true);
    const twice = status({ kind: 'ids', ids: [ids[0], ids[0]!.toUpperCase()] });
    expect(twice.success && twice.data.target.kind === 'ids' && twice.data.target.ids).toEqual([ids[0]]);
    expect(status({ kind: 'ids', ids: [...ids, '00000000-0000-4000-8000-999999999999'] }).error?.issues[0]?.message).toBe(TOO_MANY_PICKED);
    expect(status({ kind: 'ids', ids: [] }).success).toBe(false);
    expect(status({ kind: 'ids', ids: ['x'] }).success).toBe(false);
    expect(status({ kind: 'matching', filter: EMPTY_FILTER, expected: 20_000 }).success).toBe(true);
    expect(status({ kind: 'matching', filter: { ...EMPTY_FILTER, status: 'gone' }, expected: 1 }).success).toBe(false);
    expect(status({ kind: 'matching', filter: EMPTY_FILTER }).success).toBe(false);
    expect(status({ kind: 'all' }).success).toBe(false);
  });

  it('says what it will do and did, with the count, and notes the history', () => {
    expect(bulkQuestion({ kind: 'price', percent: -10 }, 40)).toBe('Change every price of 40 products by -10%?');
    expect(bulkQuestion({ kind: 'status', status: 'active' }, 1)).toBe('Publish 1 product?');
    expect(bulkDone({ kind: 'flag', flag: 'new', value: true }, 1200)).toBe('1,200 products marked as New');
    expect(bulkDone({ kind: 'delete' }, 2)).toBe('2 products deleted');
    expect(bulkNote({ kind: 'price', percent: 5 })).toBe('Bulk: prices +5%');
    expect(bulkNote({ kind: 'status', status: 'active' })).toBe('Bulk: published');
  });
});

describe('the count line', () => {
  it('says how many products were found, and 1,000+ when a search count stopped at the cap', () => {
    expect(productsFoundLabel(1, false)).toBe('1 product found');
    expect(productsFoundLabel(0, false)).toBe('0 products found');
    expect(productsFoundLabel(20_000, false)).toBe('20,000 products found');
    expect(productsFoundLabel(1_000, true)).toBe('1,000+ products found');
    expect(cappedListNote(1_000)).toBe('Showing the first 1,000 matches. Add to the search to narrow it down.');
  });
});
