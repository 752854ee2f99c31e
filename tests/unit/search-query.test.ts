import { describe, expect, it } from 'vitest';
import { buildPrefixTsQuery, mergeSearchHits, normalizeSearchInput, searchTerms } from '@/lib/catalog/search-query';

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
