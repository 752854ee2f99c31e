// Applies supabase/migrations in order, once each, recording them where the Supabase CLI does.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import postgres from 'postgres';

const root = join(import.meta.dirname, '..', '..');
export const MIGRATIONS_DIR = join(root, 'supabase', 'migrations');
const BOOTSTRAP = join(import.meta.dirname, 'bootstrap.sql');

export interface MigrationResult {
  applied: string[];
}

/**
 * Creates what Supabase's image provides (roles, auth, storage, extensions), then applies pending migrations: those of
 * supabase/migrations, or of another folder (scripts/compare-schema.ts builds a database from an older chain).
 */
export async function migrate(
  databaseUrl: string,
  log: (line: string) => void = () => {},
  dir: string = MIGRATIONS_DIR,
): Promise<MigrationResult> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(await readFile(BOOTSTRAP, 'utf8'));
    const extra = (await readdir(import.meta.dirname)).filter((f) => /^bootstrap-.+\.sql$/.test(f)).sort();
    for (const file of extra) await sql.unsafe(await readFile(join(import.meta.dirname, file), 'utf8'));

    const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    const done = new Set(
      (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version),
    );
    // A database built by migrations this folder no longer holds (the chain the baseline replaced, or another
    // branch's) cannot take the folder's files on top: say so, rather than fail on the first table that exists.
    const versions = new Set(files.map((f) => f.split('_')[0]));
    const foreign = [...done].filter((v) => !versions.has(v)).sort();
    if (foreign.length) {
      throw new Error(
        `This database holds ${foreign.length} migration(s) that supabase/migrations does not (${foreign[0]}…): ` +
          'it was built before the migrations were squashed into the baseline. Start it afresh: npm run db:reset',
      );
    }
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || done.has(version)) continue;
      const body = await readFile(join(dir, file), 'utf8');
      await sql.begin(async (tx) => {
        await tx.unsafe(body);
        await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
                 values (${version}, ${rest.join('_')}, ${[body]})`;
      });
      applied.push(file);
      log(`applied ${file}`);
    }
    return { applied };
  } finally {
    await sql.end();
  }
}

/** Drops and recreates a database on the cluster (used by tests and db:reset). */
export async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
}
