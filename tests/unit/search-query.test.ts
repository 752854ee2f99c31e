import { describe, expect, it } from 'vitest';
import {
  cappedCount,
  SEARCH_COUNT_CAP,
  buildPrefixTsQuery,
  buildSearchTsQuery,
  matchTerms,
  closeWords,
  isCorrectable,
  mergeSearchHits,
  normalizeSearchInput,
  searchTerms,
  withinOneEdit,
} from '@/lib/catalog/search-query';

describe('normalizeSearchInput', () => {
  it('trims and collapses whitespace', () => {
    expect(normalizeSearchInput('  gold \t  ring \n')).toBe('gold ring');
    expect(normalizeSearchInput('   ')).toBe('');
  });
});

describe('buildPrefixTsQuery', () => {
  it('makes every word a required prefix', () => {
    expect(buildPrefixTsQuery('gold')).toBe("'gold':*");
    expect(buildPrefixTsQuery('Gold  Ri')).toBe("'gold':* & 'ri':*");
  });

  it('keeps SKU hyphens inside a word', () => {
    expect(buildPrefixTsQuery('RNG-0001')).toBe("'rng-0001':*");
    expect(buildPrefixTsQuery('-rng--01-')).toBe("'rng-01':*");
  });

  it('drops tsquery operators, quotes and punctuation', () => {
    expect(buildPrefixTsQuery("it's a (ring) & !pearl | <-> :*")).toBe("'its':* & 'a':* & 'ring':* & 'pearl':*");
    expect(buildPrefixTsQuery("'; drop table rings; --")).toBe("'drop':* & 'table':* & 'rings':*");
  });

  it('keeps letters of other scripts and digits', () => {
    expect(buildPrefixTsQuery('Émeraude 18k')).toBe("'émeraude':* & '18k':*");
  });

  it('returns null when nothing searchable is left', () => {
    expect(buildPrefixTsQuery('')).toBeNull();
    expect(buildPrefixTsQuery('   ')).toBeNull();
    expect(buildPrefixTsQuery('!!! & |')).toBeNull();
  });

  it('de-duplicates and caps the number of words', () => {
    expect(searchTerms('ring ring RING')).toEqual(['ring']);
    expect(searchTerms('a b c d e f g h i j k')).toHaveLength(8);
  });
});

describe('mergeSearchHits', () => {
  const r = (id: string) => ({ id });
  it('lists exact SKU hits first without duplicates and caps the list', () => {
    expect(mergeSearchHits([r('s')], [r('a'), r('s'), r('b')])).toEqual([r('s'), r('a'), r('b')]);
    const many = Array.from({ length: 30 }, (_, i) => r(String(i)));
    expect(mergeSearchHits([r('s')], many)).toHaveLength(20);
    expect(mergeSearchHits([r('s')], many)[0]).toEqual(r('s'));
  });
});

describe('typo tolerance', () => {
  it('accepts one inserted, removed, replaced or swapped letter and nothing more', () => {
    expect(withinOneEdit('gold', 'gold')).toBe(true);
    expect(withinOneEdit('glod', 'gold')).toBe(true); // swapped
    expect(withinOneEdit('gokd', 'gold')).toBe(true); // replaced
    expect(withinOneEdit('gld', 'gold')).toBe(true); // removed
    expect(withinOneEdit('goold', 'gold')).toBe(true); // inserted
    expect(withinOneEdit('neckalce', 'necklace')).toBe(true);
    expect(withinOneEdit('gl', 'gold')).toBe(false);
    expect(withinOneEdit('glodd', 'gold')).toBe(false);
    expect(withinOneEdit('dlog', 'gold')).toBe(false);
    expect(withinOneEdit('silver', 'sliver')).toBe(true);
  });

  it('keeps candidates one edit away, in the given (similarity) order, at most three', () => {
    expect(closeWords('rign', ['ring', 'rings', 'reign', 'sign', 'rigid'])).toEqual(['ring', 'reign', 'sign']);
    expect(closeWords('gold', ['gold'])).toEqual([]);
  });

  it('corrects only words of letters, four or more long', () => {
    expect(isCorrectable('glod')).toBe(true);
    expect(isCorrectable('gol')).toBe(false);
    expect(isCorrectable('rng-1001')).toBe(false);
    expect(isCorrectable('18kt')).toBe(false);
  });
});

describe('buildSearchTsQuery', () => {
  it('searches a word or its corrections, every word required', () => {
    expect(
      buildSearchTsQuery([
        { term: 'glod', alternatives: ['gold'], whole: false },
        { term: 'ri', alternatives: [], whole: false },
      ]),
    ).toBe("('glod':* | 'gold') & 'ri':*");
  });

  it('matches a whole word without the prefix mark, and alternatives (known words) always whole', () => {
    expect(
      buildSearchTsQuery([
        { term: 'rose', alternatives: [], whole: true },
        { term: 'hoo', alternatives: [], whole: false },
      ]),
    ).toBe("'rose' & 'hoo':*");
    expect(buildSearchTsQuery([{ term: 'rign', alternatives: ['ring'], whole: false }])).toBe("('rign':* | 'ring')");
  });
});

describe('matchTerms', () => {
  const vocabulary = (candidates: Record<string, string[]> = {}) => ({
    known: new Set(['rose', 'gold', 'hoop', 'ring']),
    candidates: new Map(Object.entries(candidates)),
  });

  it('matches whole every known word but the last, which the shopper may still be typing', () => {
    expect(matchTerms(['rose', 'gold', 'hoop'], vocabulary())).toEqual([
      { term: 'rose', alternatives: [], whole: true },
      { term: 'gold', alternatives: [], whole: true },
      { term: 'hoop', alternatives: [], whole: false },
    ]);
    expect(matchTerms(['gol', 'ring'], vocabulary())).toEqual([
      { term: 'gol', alternatives: [], whole: false },
      { term: 'ring', alternatives: [], whole: false },
    ]);
    expect(matchTerms([], vocabulary())).toEqual([]);
  });

  it('corrects a word that starts no known word with the known words one edit away', () => {
    const typos = vocabulary({ glod: ['gold', 'hoop'], rign: ['ring', 'rings'] });
    expect(matchTerms(['glod', 'rign'], typos)).toEqual([
      { term: 'glod', alternatives: ['gold'], whole: false },
      { term: 'rign', alternatives: ['ring'], whole: false },
    ]);
  });
});

describe('cappedCount', () => {
  it('keeps a count up to the cap exact and says when it stopped there', () => {
    expect(cappedCount(0)).toEqual({ total: 0, capped: false });
    expect(cappedCount(SEARCH_COUNT_CAP)).toEqual({ total: SEARCH_COUNT_CAP, capped: false });
    expect(cappedCount(SEARCH_COUNT_CAP + 1)).toEqual({ total: SEARCH_COUNT_CAP, capped: true });
    // Whole pages of 20, so the last page a capped search offers is full.
    expect(SEARCH_COUNT_CAP % 20).toBe(0);
  });
});
