import { describe, expect, it } from 'vitest';
import { choosePlan, matchShare, prefixQuery, prefixShare, rarestLexemes, seekShare, type LexemeShares } from '@/lib/catalog/search-plan';

const stats: LexemeShares = {
  rows: 200_000,
  shares: new Map([
    ['gold', 0.6],
    ['golden', 0.05],
    ['ring', 1],
    ['rose', 0.3],
    ['hoop', 0.01],
    ['rng', 1],
  ]),
};

describe('prefixShare', () => {
  it('adds the shares of every lexeme the prefix starts, at most 1, and 0 for an unknown one', () => {
    expect(prefixShare(stats, 'gol')).toBeCloseTo(0.65);
    expect(prefixShare(stats, 'r')).toBe(1);
    expect(prefixShare(stats, 'pendant')).toBe(0);
  });
});

describe('matchShare', () => {
  it('multiplies the words, a spelling by its lexemes, and joins the spellings of a word', () => {
    expect(matchShare(stats, [[['gold']], [['hoop']]])).toBeCloseTo(0.006);
    // 'rng-1008' is three lexemes, all required.
    expect(matchShare(stats, [[['rng-1008', 'rng', '1008']]])).toBe(0);
    // A typo and its correction: either.
    expect(matchShare(stats, [[['rose'], ['hoop']]])).toBeCloseTo(1 - 0.7 * 0.99);
    expect(matchShare(stats, [])).toBe(1);
  });
});

describe('choosePlan', () => {
  it('walks when the walk reads WALK_MARGIN times fewer rows than the index would return, never for a word the table lacks', () => {
    expect(choosePlan(0.6, 200_000, 1001)).toBe('walk');
    // 36,400 rows walked against 22,000 matches.
    expect(choosePlan(0.11, 200_000, 1001)).toBe('index');
    expect(choosePlan(0.01, 200_000, 1001)).toBe('index');
    expect(choosePlan(0.02, 200_000, 20)).toBe('walk');
    expect(choosePlan(0.01, 200_000, 20)).toBe('index');
    expect(choosePlan(0, 200_000, 1)).toBe('index');
  });

  it('weighs the walk against every row holding the rarest word, which the index returns and the rest is tested on', () => {
    // 'sapphire halo': 1% of the rows match, 7% hold 'sapphire'; six wanted.
    expect(choosePlan(0.01, 200_000, 6)).toBe('index');
    expect(choosePlan(0.01, 200_000, 6, 0.07)).toBe('walk');
    // 'sapphire pendant' among gold necklaces (a third of 200,000): 3% match, 7% of all necklaces hold 'sapphire'.
    // The walk reads gold necklaces only; the index returns the sapphire necklaces of every material.
    expect(choosePlan(0.03, 66_000, 60, 0.07)).toBe('index');
    expect(choosePlan(0.03, 66_000, 60, 0.07, 200_000)).toBe('walk');
    expect(seekShare(stats, [[['gold']], [['hoop']]])).toBeCloseTo(0.01);
    expect(seekShare(stats, [])).toBe(1);
  });
});

describe('rarestLexemes', () => {
  it("asks the index for the word rarest in the table, one lexeme for each of its spellings", () => {
    expect(rarestLexemes(stats, [[['gold']], [['hoop']]])).toEqual(['hoop']);
    expect(rarestLexemes(stats, [[['rng-1008', 'rng', '1008']]])).toEqual(['rng-1008']);
    expect(rarestLexemes(stats, [[['gold']], [['rose'], ['hoop']]])).toEqual(['rose', 'hoop']);
  });

  it('gives up on a stop word (no lexeme) and on no words', () => {
    expect(rarestLexemes(stats, [[['gold']], [[]]])).toBeNull();
    expect(rarestLexemes(stats, [])).toBeNull();
  });
});

describe('prefixQuery', () => {
  it('writes prefixes, any of them, with quotes and backslashes escaped', () => {
    expect(prefixQuery(['hoop', 'rose'])).toBe("'hoop':* | 'rose':*");
    expect(prefixQuery(["o'k", 'a\\b'])).toBe("'o''k':* | 'a\\\\b':*");
  });
});
