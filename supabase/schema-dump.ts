// The database's schema as sorted text, read from the catalog: what `pg_dump --schema-only` prints for the shop's
// schemas (tables, columns, constraints, indexes, views, sequences, types, functions, triggers, policies, grants,
// comments, extensions), plus the rows the migrations themselves insert. Two databases built by different chains of
// migrations have the same schema when their dumps are equal (scripts/compare-schema.ts). Read from the catalog
// rather than by pg_dump, whose major version must match the server's, so it runs wherever the tests run.
import type postgres from 'postgres';

/** The schemas the migrations write to: the shop's own, and Supabase's where they add policies or rows. */
export const DUMPED_SCHEMAS = ['public', 'storage', 'auth', 'extensions'];

type Section = { name: string; query: string };

const ns = (alias: string) => `${alias}.nspname = any($1::text[])`;

const SECTIONS: Section[] = [
  {
    name: 'extension',
    query: `select e.extname || ' in ' || n.nspname || ' ' || e.extversion as line
              from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  },
  {
    name: 'relation',
    query: `select format('%s.%s %s persistence=%s rls=%s force_rls=%s options=%s owner=%s acl=%s', n.nspname, c.relname,
                   c.relkind, c.relpersistence, c.relrowsecurity, c.relforcerowsecurity, c.reloptions,
                   pg_get_userbyid(c.relowner), (select array_agg(a::text order by a::text) from unnest(c.relacl) a)) as line
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where ${ns('n')} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c')`,
  },
  {
    name: 'column',
    // Position among the live columns: a chain that dropped a column leaves a hole in attnum that a baseline has not.
    query: `select format('%s.%s #%s %s %s notnull=%s default=%s identity=%s generated=%s collation=%s stats=%s acl=%s',
                   n.nspname, c.relname,
                   row_number() over (partition by c.oid order by a.attnum), a.attname,
                   format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid),
                   a.attidentity, a.attgenerated, co.collname, a.attstattarget,
                   (select array_agg(x::text order by x::text) from unnest(a.attacl) x)) as line
              from pg_attribute a
              join pg_class c on c.oid = a.attrelid
              join pg_namespace n on n.oid = c.relnamespace
              left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              left join pg_collation co on co.oid = a.attcollation and a.attcollation <> 100
             where ${ns('n')} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c', 'i') and a.attnum > 0 and not a.attisdropped`,
  },
  {
    name: 'constraint',
    query: `select format('%s.%s %s: %s deferrable=%s deferred=%s validated=%s', n.nspname,
                   coalesce(c.relname, t.typname), k.conname, pg_get_constraintdef(k.oid), k.condeferrable,
                   k.condeferred, k.convalidated) as line
              from pg_constraint k
              join pg_namespace n on n.oid = k.connamespace
              left join pg_class c on c.oid = k.conrelid
              left join pg_type t on t.oid = k.contypid
             where ${ns('n')}`,
  },
  {
    name: 'index',
    query: `select pg_get_indexdef(i.indexrelid) || coalesce(' options=' || ic.reloptions::text, '') as line
              from pg_index i
              join pg_class ic on ic.oid = i.indexrelid
              join pg_namespace n on n.oid = ic.relnamespace
             where ${ns('n')}`,
  },
  {
    name: 'view',
    query: `select format('%s.%s: %s', n.nspname, c.relname, pg_get_viewdef(c.oid)) as line
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where ${ns('n')} and c.relkind in ('v', 'm')`,
  },
  {
    name: 'sequence',
    query: `select format('%s.%s %s start=%s inc=%s min=%s max=%s cache=%s cycle=%s owned_by=%s', n.nspname, c.relname,
                   format_type(s.seqtypid, null), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle,
                   (select dc.relname || '.' || da.attname from pg_depend dp
                      join pg_class dc on dc.oid = dp.refobjid
                      join pg_attribute da on da.attrelid = dp.refobjid and da.attnum = dp.refobjsubid
                     where dp.objid = c.oid and dp.deptype in ('a', 'i') and dp.classid = 'pg_class'::regclass)) as line
              from pg_sequence s
              join pg_class c on c.oid = s.seqrelid
              join pg_namespace n on n.oid = c.relnamespace
             where ${ns('n')}`,
  },
  {
    name: 'type',
    query: `select format('%s.%s %s %s %s', n.nspname, t.typname, t.typtype,
                   (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
                   case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end) as line
              from pg_type t join pg_namespace n on n.oid = t.typnamespace
             where ${ns('n')} and t.typtype in ('e', 'd')`,
  },
  {
    name: 'function',
    query: `select pg_get_functiondef(p.oid) || E'\\n  owner=' || pg_get_userbyid(p.proowner) || ' acl='
                   || coalesce((select array_agg(a::text order by a::text) from unnest(p.proacl) a)::text, 'default') as line
              from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where ${ns('n')} and p.prokind in ('f', 'p', 'w')
               and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  },
  {
    name: 'trigger',
    query: `select pg_get_triggerdef(g.oid) || ' enabled=' || g.tgenabled::text as line
              from pg_trigger g
              join pg_class c on c.oid = g.tgrelid
              join pg_namespace n on n.oid = c.relnamespace
             where ${ns('n')} and not g.tgisinternal`,
  },
  {
    name: 'policy',
    query: `select format('%s.%s %s: %s %s to %s using (%s) check (%s)', schemaname, tablename, policyname, permissive,
                   cmd, array_to_string(roles, ','), qual, with_check) as line
              from pg_policies where schemaname = any($1::text[])`,
  },
  {
    name: 'rule',
    query: `select format('%s.%s: %s', schemaname, rulename, definition) as line from pg_rules where schemaname = any($1::text[])`,
  },
  {
    name: 'comment',
    query: `select pg_describe_object(d.classoid, d.objoid, d.objsubid) || ': ' || d.description as line
              from pg_description d
             where (d.classoid = 'pg_class'::regclass and d.objoid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${ns('n')}))
                or (d.classoid = 'pg_proc'::regclass and d.objoid in (select p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${ns('n')}))
                or (d.classoid = 'pg_namespace'::regclass and d.objoid in (select n.oid from pg_namespace n where ${ns('n')}))`,
  },
  {
    name: 'default privilege',
    query: `select format('%s %s %s', coalesce(n.nspname, '(all)'), d.defaclobjtype,
                   (select array_agg(a::text order by a::text) from unnest(d.defaclacl) a)) as line
              from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  },
  {
    name: 'schema',
    query: `select format('%s owner=%s acl=%s', n.nspname, pg_get_userbyid(n.nspowner),
                   (select array_agg(a::text order by a::text) from unnest(n.nspacl) a)) as line
              from pg_namespace n where ${ns('n')}`,
  },
  {
    name: 'publication',
    query: `select p.pubname || ': ' || coalesce((select string_agg(schemaname || '.' || tablename, ',' order by 1)
                     from pg_publication_tables t where t.pubname = p.pubname), '') as line from pg_publication p`,
  },
];

/** A time written by now() as a migration ran: it differs between any two runs. */
const TIMESTAMP = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00/g;

/** Every table the migrations leave rows in, and those rows, so reference data counts as schema too. */
async function dumpRows(sql: postgres.Sql, schemas: string[]): Promise<string[]> {
  const tables = await sql<{ name: string }[]>`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any(${schemas}) and c.relkind in ('r', 'p')
     order by 1`;
  const lines: string[] = [];
  for (const { name } of tables) {
    const rows = await sql.unsafe<{ row: string }[]>(`select t::text as row from ${name} t order by 1`);
    for (const { row } of rows) lines.push(`row ${name}: ${row.replace(TIMESTAMP, '<time>')}`);
  }
  const sequences = await sql<{ name: string }[]>`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any(${schemas}) and c.relkind = 'S' order by 1`;
  for (const { name } of sequences) {
    const [state] = await sql.unsafe<{ last_value: string; is_called: boolean }[]>(`select last_value, is_called from ${name}`);
    lines.push(`sequence value ${name}: ${state?.last_value} called=${state?.is_called}`);
  }
  return lines;
}

/**
 * The schema as sorted lines, one section after another. Auth's users and storage's objects hold no rows on a fresh
 * database, so rows compare as data the migrations wrote.
 */
export async function dumpSchema(sql: postgres.Sql, schemas: string[] = DUMPED_SCHEMAS): Promise<string[]> {
  const out: string[] = [];
  for (const section of SECTIONS) {
    const rows = await sql.unsafe<{ line: string | null }[]>(section.query, section.query.includes('$1') ? [schemas] : []);
    const lines = rows.map((r) => `${section.name} ${r.line ?? '(null)'}`).sort();
    out.push(...lines);
  }
  out.push(...(await dumpRows(sql, schemas)));
  return out;
}

/** The lines only one side has, marked `-` (first) and `+` (second), in the first's order then the second's. */
export function diffDumps(first: string[], second: string[]): string[] {
  const count = (lines: string[]) => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(l, (m.get(l) ?? 0) + 1);
    return m;
  };
  const a = count(first);
  const b = count(second);
  const onlyFirst = first.filter((l) => (a.get(l) ?? 0) > (b.get(l) ?? 0));
  const onlySecond = second.filter((l) => (b.get(l) ?? 0) > (a.get(l) ?? 0));
  return [...new Set(onlyFirst)].map((l) => `- ${l}`).concat([...new Set(onlySecond)].map((l) => `+ ${l}`));
}

/**
 * The commit whose supabase/migrations held the chain of migrations the baseline (20261210000100–700) replaced, and
 * the baseline's last version: a database built from that chain plus every migration after the baseline must equal
 * one built from supabase/migrations as it is.
 */
export const SQUASHED_CHAIN_REF = 'f5f2e795a317c5b21265856594d676795e4a062e';
export const BASELINE_LAST_VERSION = '20261210000700';
