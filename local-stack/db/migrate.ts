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

/** Creates what Supabase's image provides (roles, auth, storage, extensions), then applies pending migrations. */
export async function migrate(databaseUrl: string, log: (line: string) => void = () => {}): Promise<MigrationResult> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(await readFile(BOOTSTRAP, 'utf8'));
    const extra = (await readdir(import.meta.dirname)).filter((f) => /^bootstrap-.+\.sql$/.test(f)).sort();
    for (const file of extra) await sql.unsafe(await readFile(join(import.meta.dirname, file), 'utf8'));

    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    const done = new Set(
      (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || done.has(version)) continue;
      const body = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
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
