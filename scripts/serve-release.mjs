// The server of a release folder (npm run release), run there as
//   node_modules/.bin/node scripts/serve-release.mjs [-p PORT] [-H HOST]
// It is scripts/serve.mjs with Next's settings taken from the build itself (.next/required-server-files.json, as
// Next's own standalone server takes them) instead of next.config.ts: compiling that at every start would need
// TypeScript, a development package, and the source files it imports.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The folder's own files are found from the folder, wherever the command starts.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
process.env.NODE_ENV ??= 'production';
// The release keeps the build as .next, whatever the build folder was called; the cache handler's path is relative to it.
process.env.NEXT_DIST_DIR = '.next';
const { config } = JSON.parse(readFileSync('.next/required-server-files.json', 'utf8'));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify({ ...config, distDir: '.next' });

await import('./serve.mjs');
