// Search URLs → the cacheable view path the middleware serves them from, and back: one canonical path per search.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeSearchState, encodeSearchState, searchRewrite, searchViewOf } from '@/lib/catalog/search-state';
import { invalidSearchMessage } from '@/lib/catalog/search-messages';
import { SEARCH_MAX_LENGTH } from '@/lib/catalog/search-query';
import { SEARCH_SORTS } from '@/lib/catalog/listing-params';
import { MATERIALS } from '@/lib/catalog/categories';

const NOT_A_PAGE = '/not-a-page/404';
const rewrite = (query: string, path = '/search') => searchRewrite(path, new URLSearchParams(query), NOT_A_PAGE);

describe('search view paths', () => {
  it('rewrites words with their page, sort and materials, spaces folded', () => {
    const path = rewrite('q=%20gold%20%20ring%20&page=2&sort=price-asc&material=gold');
    expect(path).toBe(`/search/${encodeSearchState({ q: 'gold ring', page: 2, sort: 'price-asc', materials: ['gold'] })}`);
    expect(searchViewOf([path!.slice('/search/'.length)])).toEqual({
      kind: 'results',
      query: { q: 'gold ring', page: 2, sort: 'price-asc', materials: ['gold'] },
    });
  });

  it('leaves /search without words, or with blank ones, to the prompt', () => {
    expect(rewrite('')).toBeNull();
    expect(rewrite('q=%20%20')).toBeNull();
    expect(searchViewOf(undefined)).toEqual({ kind: 'prompt' });
  });

  it('sends words that cannot be searched to a view that says why, in the check’s own words', () => {
    const long = rewrite(`q=${'a'.repeat(SEARCH_MAX_LENGTH + 1)}`);
    expect(long).toBe('/search/invalid-too-long');
    expect(searchViewOf(['invalid-too-long'])).toEqual({ kind: 'invalid', code: 'too-long' });
    expect(invalidSearchMessage('too-long')).toBe(`Search is too long (${SEARCH_MAX_LENGTH} characters at most)`);
    expect(rewrite('q=a%07b')).toBe('/search/invalid-control');
    expect(searchViewOf(['invalid-control'])).toEqual({ kind: 'invalid', code: 'control' });
    expect(invalidSearchMessage('control')).toBe('Search must not contain control characters');
    expect(searchViewOf(['invalid-other'])).toBeNull();
  });

  it('keeps any text in one segment: slashes, dots, percent signs and letters of any script', () => {
    for (const q of ['a/b', '../..', '100%', 'ring.gold', 'Złoty pierścionek', '金の指輪', 'emoji 💍']) {
      const path = rewrite(new URLSearchParams({ q }).toString())!;
      expect(path.split('/')).toHaveLength(3);
      expect(searchViewOf([path.split('/')[2]!])).toMatchObject({ kind: 'results', query: { q } });
    }
  });

  it('refuses view paths not spelt canonically, so each search has one cache entry', () => {
    const state = encodeSearchState({ q: 'gold', page: 1, sort: 'relevance', materials: [] });
    expect(rewrite('', `/search/${state}`)).toBeNull();
    for (const bad of [`${state}=`, state.replace('.1.', '.01.'), `${state}_gold`, 'IGdvbGQg.1.relevance.all', '%E0%A4%A.1.relevance.all', 'Z29sZA.1.best.all']) {
      expect(rewrite('', `/search/${bad}`), bad).toBe(NOT_A_PAGE);
    }
    expect(rewrite('', `/search/${state}/more`)).toBe(NOT_A_PAGE);
  });

  it('decodes what it encodes, for any normalised words and view', () => {
    const words = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .map((s) => s.normalize('NFKC').replace(/\s+/g, ' ').trim())
      .filter((s) => s.length > 0 && !/[\p{Cc}\p{Cf}]/u.test(s));
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 500 }), fc.constantFrom(...SEARCH_SORTS), fc.subarray([...MATERIALS]), (q, page, sort, materials) => {
        const query = { q, page, sort, materials };
        expect(decodeSearchState(encodeSearchState(query))).toEqual(query);
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });
});
