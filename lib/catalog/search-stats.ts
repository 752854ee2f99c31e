import 'server-only';
// Each product table's most common search lexemes and their shares, from Postgres's own statistics (pg_stats,
// refreshed by ANALYZE and autovacuum), for search-plan.ts. Read outside any actor's transaction: pg_stats shows a
// table under row-level security only to a role that RLS does not apply to (its owner, as the server connects).
// Kept a few minutes per server: statistics move slowly, and a stale share only makes a plan slower, never wrong.
import { db } from '../core/db';
import { CATEGORIES, type Category } from './categories';
import type { LexemeShares } from './search-plan';

export type VectorColumn = 'search_vector' | 'name_vector';
/** Per table: the lexemes of each vector, and the share of rows of each material. */
export type SearchStats = Partial<
  Record<Category, Partial<Record<VectorColumn, LexemeShares>> & { material?: ReadonlyMap<string, number> }>
>;

const STATS_MS = 5 * 60_000;
let cached: { at: number; stats: Promise<SearchStats> } | null = null;

async function readStats(): Promise<SearchStats> {
  const rows = await db()<{ category: Category; column: VectorColumn | 'material'; rows: number; elems: string[]; freqs: number[] }[]>`
    select s.tablename as category, s.attname as column, greatest(c.reltuples, 0)::float8 as rows,
           coalesce(s.most_common_elems, s.most_common_vals)::text::text[] as elems,
           coalesce(s.most_common_elem_freqs, s.most_common_freqs)::float8[] as freqs
      from pg_catalog.pg_stats s
      join pg_catalog.pg_class c on c.relname = s.tablename and c.relnamespace = 'public'::regnamespace
     where s.schemaname = 'public' and s.tablename = any(${[...CATEGORIES]})
       and (s.attname in ('search_vector', 'name_vector') and s.most_common_elems is not null
            or s.attname = 'material' and s.most_common_vals is not null)`;
  const stats: SearchStats = {};
  for (const r of rows) {
    if (r.column === 'material') {
      (stats[r.category] ??= {}).material = new Map(r.elems.map((value, i) => [value, r.freqs[i]!] as const));
      continue;
    }
    // The list of frequencies ends with three summary figures (minimum, maximum, share of nulls).
    const shares = new Map(r.elems.map((lexeme, i) => [lexeme, r.freqs[i]!] as const));
    (stats[r.category] ??= {})[r.column] = { rows: r.rows, shares };
  }
  return stats;
}

/** The statistics, at most a few minutes old; empty (every plan left to Postgres) when they cannot be read. */
export function searchStats(): Promise<SearchStats> {
  if (!cached || Date.now() - cached.at > STATS_MS) {
    const stats = readStats().catch(() => ({}) as SearchStats);
    cached = { at: Date.now(), stats };
  }
  return cached.stats;
}

/** Reads the statistics again on the next search (after an ANALYZE that should count at once). */
export function refreshSearchStats(): void {
  cached = null;
}
