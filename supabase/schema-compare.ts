// Builds two databases on one cluster, one from the chain of migrations the baseline replaced (read from git) plus
// every migration after the baseline, one from supabase/migrations as it is, and compares their schemas
// (supabase/schema-dump.ts) and grants (supabase/grants.ts). Run by scripts/compare-schema.ts and its test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { MIGRATIONS_DIR, migrate, recreateDatabase } from '../local-stack/db/migrate';
import { compareGrants, readGrants } from './grants';
import { BASELINE_LAST_VERSION, diffDumps, dumpSchema, SQUASHED_CHAIN_REF } from './schema-dump';

const PROJECT_ROOT = join(import.meta.dirname, '..');

/** The old chain's files at `ref`, plus the migrations written after the baseline, in a folder of their own. */
export function oldChainFolder(ref: string = SQUASHED_CHAIN_REF): { dir: string; files: number; remove(): void } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  try {
    git('cat-file', '-e', `${ref}^{commit}`);
  } catch {
    throw new Error(`git has no commit ${ref}: the comparison needs the project's history (a full clone, not a shallow one)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'old-chain-'));
  const names = git('ls-tree', '--name-only', `${ref}:supabase/migrations`).split('\n').filter((f) => f.endsWith('.sql'));
  for (const name of names) writeFileSync(join(dir, name), git('show', `${ref}:supabase/migrations/${name}`));
  const later = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f.split('_')[0]! > BASELINE_LAST_VERSION);
  for (const name of later) copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
  return { dir, files: names.length + later.length, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface SchemaComparison {
  /** Lines of the schema dump only one side has: `-` the old chain's, `+` the baseline's. */
  schema: string[];
  /** Grants that differ from the matrix on either side, named by side. */
  grants: string[];
  objects: number;
  oldFiles: number;
  newFiles: number;
}

/** Builds both databases on the cluster of `adminUrl` (a superuser URL), compares them, then drops them. */
export async function compareSchemas(adminUrl: string, ref: string = SQUASHED_CHAIN_REF): Promise<SchemaComparison> {
  const old = oldChainFolder(ref);
  const url = (db: string) => Object.assign(new URL(adminUrl), { pathname: `/${db}` }).toString();
  // The baseline first: on a new cluster it must make, before using them, the roles the old chain made too.
  const sides = [
    { db: 'schema_compare_baseline', dir: MIGRATIONS_DIR },
    { db: 'schema_compare_chain', dir: old.dir },
  ];
  try {
    const dumps: string[][] = [];
    const grants: string[] = [];
    for (const side of sides) {
      await recreateDatabase(adminUrl, side.db);
      await migrate(url(side.db), () => {}, side.dir);
      const sql = postgres(url(side.db), { max: 1, onnotice: () => {} });
      try {
        dumps.push(await dumpSchema(sql));
        grants.push(...compareGrants(await readGrants(sql)).map((p) => `${side.db}: ${p}`));
      } finally {
        await sql.end();
      }
    }
    return {
      schema: diffDumps(dumps[1]!, dumps[0]!),
      grants,
      objects: dumps[0]!.length,
      oldFiles: old.files,
      newFiles: readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length,
    };
  } finally {
    old.remove();
    const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
    for (const side of sides) await sql.unsafe(`drop database if exists "${side.db}" with (force)`).catch(() => {});
    await sql.end();
  }
}
