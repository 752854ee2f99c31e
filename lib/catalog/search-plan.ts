// How a search reads each product table when it needs the first rows of its matches in an index order (newest,
// cheapest): by walking that order's index and testing each row, or through the full-text index and a sort. Walking
// pays per row read, so it suits a word most rows hold; the full-text index pays per match, so it suits a rare one.
// Postgres guesses a word it has no statistics for at 0.5% of the rows, so a word absent from a table was walked
// through the whole table (over a second at 200,000 rows). The guess here comes from the same statistics (each table's
// most common lexemes and their shares, read by search-stats.ts) without that floor. Pure: unit-tested.
import type { Category } from './categories';

/** The most common lexemes of one table's vector and the share of rows holding each (Postgres's MCELEM statistics). */
export interface LexemeShares {
  /** Rows in the table, as of its last ANALYZE. */
  rows: number;
  shares: ReadonlyMap<string, number>;
}

export type Plan = 'walk' | 'index';

/** The share of rows holding a lexeme that starts with `prefix` (at most 1; rows holding two such lexemes count twice). */
export function prefixShare(stats: LexemeShares, prefix: string): number {
  let share = 0;
  for (const [lexeme, s] of stats.shares) if (lexeme.startsWith(prefix)) share += s;
  return Math.min(1, share);
}

/**
 * The share of rows matching every typed word, each as any of its spellings (a spelling may be several lexemes, all
 * required: 'rng-1008' is 'rng-1008', 'rng' and '1008'). Words are taken as independent.
 */
export function matchShare(stats: LexemeShares, words: readonly (readonly (readonly string[])[])[]): number {
  let share = 1;
  for (const spellings of words) {
    let none = 1;
    for (const lexemes of spellings) none *= 1 - lexemes.reduce((s, lexeme) => s * prefixShare(stats, lexeme), 1);
    share *= 1 - none;
  }
  return share;
}

/**
 * What the full-text index is best asked for in a table: one lexeme of each spelling of the typed word rarest there
 * (each spelling's rarest lexeme), the rest of the query and the filters being tested on what it finds; null when
 * a spelling has no lexeme (a stop word).
 */
export function rarestLexemes(stats: LexemeShares, words: readonly (readonly (readonly string[])[])[]): string[] | null {
  if (words.length === 0 || words.some((spellings) => spellings.some((lexemes) => lexemes.length === 0))) return null;
  const rarestOf = (lexemes: readonly string[]) =>
    lexemes.reduce((best, lexeme) => (prefixShare(stats, lexeme) < prefixShare(stats, best) ? lexeme : best));
  const word = words.reduce((best, spellings) => (matchShare(stats, [spellings]) < matchShare(stats, [best]) ? spellings : best));
  return word.map(rarestOf);
}

/** Lexemes as a tsquery of prefixes, any of them (`'1008':* | 'ring':*`), quotes and backslashes escaped. */
export function prefixQuery(lexemes: readonly string[]): string {
  return lexemes.map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' | ');
}

/**
 * How many times more rows a walk may be expected to read than the index returns, and still be chosen: words are
 * taken as independent, and a walk misled by words that rarely meet ('rose gold hoop' among gold earrings, where
 * rose gold is a material of its own) reads the whole table, while the index reads only the rows holding the rarest
 * word. So a walk is chosen only when it wins by this much.
 */
export const WALK_MARGIN = 4;

/**
 * Walk when reading rows in index order until `needed` matches (needed / share rows) costs WALK_MARGIN times less
 * than what the full-text index returns: every row holding the word it is asked for (seekShare × seekRows, the
 * rarest word's share; the other words are tested on those rows). `rows` are the rows a walk reads (those of the
 * chosen materials, whose index it walks); `seekRows` the table's, since the full-text index returns the word's rows
 * of every material, the material being tested on them after.
 */
export function choosePlan(share: number, rows: number, needed: number, seekShare = share, seekRows = rows): Plan {
  if (share <= 0) return 'index';
  return (WALK_MARGIN * needed) / share <= seekShare * seekRows ? 'walk' : 'index';
}

/** The share of rows holding the typed word rarest in a table (what the index is asked for). */
export function seekShare(stats: LexemeShares, words: readonly (readonly (readonly string[])[])[]): number {
  return Math.min(1, ...words.map((word) => matchShare(stats, [word])));
}

/** Plans per table; a table without statistics is left to Postgres (undefined). */
export type Plans = Partial<Record<Category, Plan>>;
