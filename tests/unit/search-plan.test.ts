import { describe, expect, it } from 'vitest';
import {
  choosePlan,
  lexemeShare,
  matchShare,
  prefixShare,
  SEEK_WHOLE_SHARE,
  seekFor,
  seekQuery,
  type LexemeShares,
  type WordLexemes,
} from '@/lib/catalog/search-plan';

/** A typed word matched as a prefix: its spellings' lexemes. */
const p = (...spellings: string[][]): WordLexemes => spellings.map((lexemes) => ({ lexemes, whole: false }));
/** A typed word matched whole. */
const w = (...spellings: string[][]): WordLexemes => spellings.map((lexemes) => ({ lexemes, whole: true }));

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

describe('lexemeShare', () => {
  it('takes a whole lexeme alone and a prefix with every lexeme it starts', () => {
    expect(lexemeShare(stats, 'gold', true)).toBe(0.6);
    expect(lexemeShare(stats, 'gold', false)).toBeCloseTo(0.65);
    expect(lexemeShare(stats, 'gol', true)).toBe(0);
  });
});

describe('matchShare', () => {
  it('multiplies the words, a spelling by its lexemes, and joins the spellings of a word', () => {
    expect(matchShare(stats, [p(['gold']), p(['hoop'])])).toBeCloseTo(0.006);
    // 'rng-1008' is three lexemes, all required.
    expect(matchShare(stats, [p(['rng-1008', 'rng', '1008'])])).toBe(0);
    // A typo and its correction: either.
    expect(matchShare(stats, [p(['rose'], ['hoop'])])).toBeCloseTo(1 - 0.7 * 0.99);
    expect(matchShare(stats, [])).toBe(1);
    // 'gold' whole leaves 'golden' out.
    expect(matchShare(stats, [w(['gold']), p(['hoop'])])).toBeCloseTo(0.006);
    expect(matchShare(stats, [w(['gold'])])).toBeCloseTo(0.6);
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
    // 'sapphire pendant' among gold necklaces (a third of 200,000): 3% match, 7% hold 'sapphire'. The walk reads gold
    // necklaces only, and so does the index, which holds the material beside the words.
    expect(choosePlan(0.03, 66_000, 60, 0.07)).toBe('index');
    expect(choosePlan(0.03, 66_000, 20, 0.07)).toBe('walk');
  });
});

describe('seekFor', () => {
  const groups = (words: WordLexemes[]) => seekFor(stats, words)?.groups;
  const prefixes = (...lexemes: string[]) => lexemes.map((lexeme) => ({ lexeme, whole: false }));

  it("asks the index for the word rarest in the table, one lexeme for each of its spellings", () => {
    expect(groups([p(['gold']), p(['hoop'])])).toEqual([prefixes('hoop')]);
    expect(groups([p(['rng-1008', 'rng', '1008'])])).toEqual([prefixes('rng-1008')]);
    expect(groups([p(['gold']), p(['rose'], ['hoop'])])).toEqual([prefixes('rose', 'hoop')]);
    expect(seekFor(stats, [p(['gold']), p(['hoop'])])?.share).toBeCloseTo(0.01);
    // A whole word is asked for whole; a typo as a prefix, its correction whole.
    expect(groups([w(['gold']), p(['r'])])).toEqual([[{ lexeme: 'gold', whole: true }]]);
    const typo: WordLexemes = [
      { lexemes: ['hooq'], whole: false },
      { lexemes: ['hoop'], whole: true },
    ];
    expect(groups([w(['gold']), typo])).toEqual([[{ lexeme: 'hooq', whole: false }, { lexeme: 'hoop', whole: true }]]);
  });

  it('adds the whole words at most SEEK_WHOLE_SHARE of the rows hold, never a prefix or a common word', () => {
    // 'rose' (30%) is whole: asked with 'hoop'; 'gold' (60%) is not.
    expect(seekFor(stats, [w(['gold']), w(['rose']), p(['hoop'])])).toEqual({
      groups: [prefixes('hoop'), [{ lexeme: 'rose', whole: true }]],
      share: expect.closeTo(0.003) as number,
    });
    expect(groups([p(['rose']), p(['hoop'])])).toEqual([prefixes('hoop')]);
    expect(SEEK_WHOLE_SHARE).toBeLessThan(0.6);
  });

  it('gives up on a stop word (no lexeme) and on no words', () => {
    expect(seekFor(stats, [p(['gold']), p([])])).toBeNull();
    expect(seekFor(stats, [])).toBeNull();
  });
});

describe('seekQuery', () => {
  it('writes every group, any lexeme of each, whole or as prefixes, with quotes and backslashes escaped', () => {
    expect(seekQuery([[{ lexeme: 'hoop', whole: false }, { lexeme: 'rose', whole: true }]])).toBe("('hoop':* | 'rose')");
    expect(seekQuery([[{ lexeme: 'sapphir', whole: true }], [{ lexeme: 'pendant', whole: false }]])).toBe("'sapphir' & 'pendant':*");
    expect(seekQuery([[{ lexeme: "o'k", whole: false }, { lexeme: 'a\\b', whole: false }]])).toBe("('o''k':* | 'a\\\\b':*)");
  });
});
