import 'server-only';
// The typed words as the search matches them (ARCHITECTURE.md, 'Search'): which are known words, matched whole when
// another word follows, which are typos of known words, and the lexemes Postgres makes of each, for the plans.
import type { Tx } from '../core/db';
import type { WordLexemes } from './search-plan';
import { isCorrectable, matchTerms, type TermMatch } from './search-query';

/** The typed words as matched (TermMatch), and as the lexemes Postgres makes of each spelling (for the plans). */
export interface ResolvedTerms {
  matches: TermMatch[];
  words: WordLexemes[];
}

/**
 * How each typed word is matched (search-query.ts, matchTerms), from one statement over the vocabulary: which typed
 * words are known, and the typo candidates of those that start no known word, with the lexemes of each.
 */
export async function resolveTerms(tx: Tx, terms: readonly string[]): Promise<ResolvedTerms> {
  const correctable = terms.filter(isCorrectable);
  const rows = await tx<{ kind: 'term' | 'typo'; term: string; word: string; known: boolean; lexemes: string[] }[]>`
    select kind, term, word, known, tsvector_to_array(to_tsvector('english', word)) as lexemes from (
      select 'term' as kind, t.term, t.term as word, null::real as similarity,
             exists (select 1 from public.search_words k where k.word = t.term) as known
        from unnest(${[...terms]}::text[]) as t(term)
      union all
      select 'typo', t.term, w.word, extensions.similarity(w.word, t.term), false
        from unnest(${correctable}::text[]) as t(term)
        join public.search_words w on length(w.word) between length(t.term) - 1 and length(t.term) + 1
       where not exists (select 1 from public.search_words k where starts_with(k.word, t.term))
    ) found
     order by kind, term, similarity desc, word`;
  const known = new Set<string>();
  const candidates = new Map<string, string[]>();
  const lexemes = new Map<string, string[]>();
  for (const row of rows) {
    lexemes.set(row.word, row.lexemes);
    if (row.kind === 'term' && row.known) known.add(row.term);
    else if (row.kind === 'typo') candidates.set(row.term, [...(candidates.get(row.term) ?? []), row.word]);
  }
  const matches = matchTerms(terms, { known, candidates });
  const words = matches.map((m) => [
    { lexemes: lexemes.get(m.term) ?? [], whole: m.whole },
    ...m.alternatives.map((word) => ({ lexemes: lexemes.get(word) ?? [], whole: true })),
  ]);
  return { matches, words };
}

/** Words matched as prefixes, as the lexemes Postgres makes of them (the back office's search, which corrects no typo). */
export async function prefixWords(tx: Tx, terms: readonly string[]): Promise<WordLexemes[]> {
  const rows = await tx<{ lexemes: string[] }[]>`
    select tsvector_to_array(to_tsvector('english', w)) as lexemes from unnest(${[...terms]}::text[]) with ordinality as u(w, n) order by n`;
  return rows.map((r) => [{ lexemes: r.lexemes, whole: false }]);
}
