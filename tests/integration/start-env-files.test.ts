// `npm start` reads .env.local before choosing between the local stack and a hosted project: hosted-looking settings
// with values missing or malformed stop it with one list, before any stand-in starts. Nothing here reaches the network.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'shop-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(files: Record<string, string>) {
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return spawnSync(
    process.execPath,
    ['--import', pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href, join(root, 'local-stack', 'cli.ts'), 'start'],
    // Only the files speak: none of the test stack's variables.
    { cwd: dir, env: { PATH: process.env.PATH, HOME: dir } as unknown as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 60_000 },
  );
}

describe('npm start with settings in files', () => {
  it('reads .env.local, refuses to start the stand-ins and lists what is missing or malformed', () => {
    const run = start({
      '.env': 'SITE_URL=https://shop.example.test\n',
      '.env.local': [
        'NEXT_PUBLIC_SUPABASE_URL=https://abcdefghijklmnop.supabase.co',
        'DATABASE_URL=mysql://nope',
        'STRIPE_SECRET_KEY=sk_test_0123456789abcdefghij',
      ].join('\n'),
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('.env.local');
    expect(run.stderr).toContain('NEXT_PUBLIC_SUPABASE_ANON_KEY: not set');
    expect(run.stderr).toContain('SUPABASE_SERVICE_ROLE_KEY: not set');
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(run.stderr).toContain('STRIPE_WEBHOOK_SECRET: not set');
    expect(run.stderr).toContain('CHECKOUT_COOKIE_SECRET: not set');
    // Set in the files, so not reported.
    expect(run.stderr).not.toContain('SITE_URL');
    expect(run.stderr).not.toContain('STRIPE_SECRET_KEY');
    expect(run.stderr).toContain('No local stand-in was started');
    expect(run.stdout).not.toMatch(/postgres|migrat|stand-in/i);
  });
});
