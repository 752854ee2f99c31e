// How a search reads each product table when it needs the first rows of its matches in an index order (newest,
// cheapest): by walking that order's index and testing each row, or through the full-text index and a sort. Walking
// pays per row read, so it suits a word most rows hold; the full-text index pays per match, so it suits a rare one.
// Postgres guesses a word it has no statistics for at 0.5% of the rows, so a word absent from a table was walked
// through the whole table (the slowest search: measured in bench BENCH_ONLY=storefront). The guess here comes from the same statistics (each table's
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
 * One spelling of a typed word (itself, or a known word it stands for) as lexemes, all required ('rng-1008' is
 * 'rng-1008', 'rng' and '1008'), matched whole or as prefixes.
 */
export interface Spelling {
  lexemes: readonly string[];
  whole: boolean;
}

/** A typed word: any of its spellings. */
export type WordLexemes = readonly Spelling[];

/** The share of rows holding a lexeme, or (not whole) a lexeme it starts. */
export function lexemeShare(stats: LexemeShares, lexeme: string, whole: boolean): number {
  return whole ? (stats.shares.get(lexeme) ?? 0) : prefixShare(stats, lexeme);
}

/** The share of rows matching every typed word, each as any of its spellings. Words are taken as independent. */
export function matchShare(stats: LexemeShares, words: readonly WordLexemes[]): number {
  let share = 1;
  for (const spellings of words) {
    let none = 1;
    for (const { lexemes, whole } of spellings) none *= 1 - lexemes.reduce((s, lexeme) => s * lexemeShare(stats, lexeme, whole), 1);
    share *= 1 - none;
  }
  return share;
}

/**
 * Whole words held by at most this share of a table's rows are asked of the full-text index beside the rarest
 * word: an exact word costs the index little, and every row it rules out is a row not read. A prefix, or a word
 * most rows hold, would cost the index more than it saves (a prefix makes it gather every row of every word it
 * starts).
 */
export const SEEK_WHOLE_SHARE = 0.5;

/** A lexeme asked of the full-text index, whole or as a prefix. */
export interface SeekLexeme {
  lexeme: string;
  whole: boolean;
}

/** What the full-text index is asked for: groups of lexemes, all groups required, any lexeme of a group. */
export interface Seek {
  groups: SeekLexeme[][];
  /** The share of rows holding them (what the index returns), words taken as independent. */
  share: number;
}

/**
 * What the full-text index is best asked for in a table: the typed word rarest there, with the whole words few rows
 * hold (SEEK_WHOLE_SHARE); each as one lexeme of each of its spellings (its rarest). The rest of the query and the
 * filters are tested on what it finds. Null when a spelling has no lexeme (a stop word).
 */
export function seekFor(stats: LexemeShares, words: readonly WordLexemes[]): Seek | null {
  if (words.length === 0 || words.some((spellings) => spellings.some(({ lexemes }) => lexemes.length === 0))) return null;
  const shareOf = (word: WordLexemes) => matchShare(stats, [word]);
  const rarest = words.reduce((best, w) => (shareOf(w) < shareOf(best) ? w : best));
  const isWhole = (word: WordLexemes) => word.every(({ whole }) => whole);
  const chosen = [rarest, ...words.filter((w) => w !== rarest && isWhole(w) && shareOf(w) <= SEEK_WHOLE_SHARE)];
  const groups = chosen.map((spellings) =>
    spellings.map(({ lexemes, whole }) => {
      const share = (lexeme: string) => lexemeShare(stats, lexeme, whole);
      return { lexeme: lexemes.reduce((best, lexeme) => (share(lexeme) < share(best) ? lexeme : best)), whole };
    }),
  );
  return { groups, share: matchShare(stats, chosen) };
}

/** A seek as a tsquery (`'sapphir' & ('pendant':* | 'pedant')`), quotes and backslashes escaped. */
export function seekQuery(groups: readonly (readonly SeekLexeme[])[]): string {
  const one = ({ lexeme, whole }: SeekLexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${whole ? '' : ':*'}`;
  return groups.map((group) => (group.length === 1 ? one(group[0]!) : `(${group.map(one).join(' | ')})`)).join(' & ');
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
 * than what the full-text index returns: every row holding the words it is asked for (seekShare × rows, seekFor's
 * share; the other words are tested on those rows). `rows` are those of the chosen materials: the walk reads
 * their index, and the full-text index holds the material beside the words, so it returns only theirs.
 */
export function choosePlan(share: number, rows: number, needed: number, seekShare = share): Plan {
  if (share <= 0) return 'index';
  return (WALK_MARGIN * needed) / share <= seekShare * rows ? 'walk' : 'index';
}

/** Plans per table; a table without statistics is left to Postgres (undefined). */
export type Plans = Partial<Record<Category, Plan>>;
