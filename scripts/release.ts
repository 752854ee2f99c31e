// npm run release — the shop as one folder to copy to every server (docs/deploy.md): the build, the production
// server (scripts/serve.mjs and the modules it loads), public/, and the production packages installed from the
// lockfile, the project's Node 24 among them. It needs neither the source tree, nor the development packages, nor
// the local stack. In the folder: node_modules/.bin/node scripts/serve-release.mjs -p 3000
//   --out DIR    where the folder goes (default release/; emptied first)
//   --build DIR  a finished `next build` folder to take instead of building (default: build into NEXT_DIST_DIR or
//                .next-release, with the environment's and the .env files' settings, as `next build` reads them)
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NEXT_TOOL_ENV, PROJECT_ROOT } from '../local-stack/config';

/** The folder's server: scripts/serve.mjs started with the build's own Next settings. */
export const RELEASE_ENTRY = 'scripts/serve-release.mjs';
/** What the build folder holds for `next build` alone: its caches (and the key cache of `next dev`), trace, types. */
const BUILD_ONLY = new Set(['cache', 'trace', 'types']);
/** The files each server file needs, listed for other ways of deploying (Next's standalone output); no server reads them. */
const FILE_TRACE = '.nft.json';

export interface PackageJson {
  name: string;
  version: string;
  type: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
}

function run(cmd: string, args: string[], opts: SpawnSyncOptions): void {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${result.error?.message ?? `code ${result.status}`})`);
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The plain modules the server runs outside Next's bundle: the entries and every module they import by a relative
 * path. A bare import must name a production dependency, or the folder could not load it.
 */
export function serverModules(entries: string[], pkg: PackageJson): string[] {
  const found = new Set<string>();
  const pending = entries.map((entry) => resolve(PROJECT_ROOT, entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"]([^'"]+)['"]/g)) {
      if (spec!.startsWith('.')) pending.push(resolve(dirname(file), spec!));
      else if (!spec!.startsWith('node:')) {
        const name = spec!.split('/').slice(0, spec!.startsWith('@') ? 2 : 1).join('/');
        if (!pkg.dependencies[name]) throw new Error(`${relative(PROJECT_ROOT, file)} imports ${name}, which is not a production dependency`);
      }
    }
  }
  return [...found].map((file) => relative(PROJECT_ROOT, file));
}

export function makeRelease({ out, build }: { out: string; build?: string }): void {
  const started = Date.now();
  const distDir = build ?? (process.env.NEXT_DIST_DIR || '.next-release');
  const dist = resolve(PROJECT_ROOT, distDir);
  if (!build) {
    run(join(PROJECT_ROOT, 'node_modules', '.bin', 'next'), ['build'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...NEXT_TOOL_ENV, NEXT_DIST_DIR: distDir, NODE_ENV: 'production' },
    });
  }
  const serverFiles = join(dist, 'required-server-files.json');
  if (!existsSync(serverFiles)) throw new Error(`${distDir} holds no finished build (no required-server-files.json)`);
  const { config } = readJson<{ config: { cacheHandler?: string } }>(serverFiles);
  const pkg = readJson<PackageJson>(join(PROJECT_ROOT, 'package.json'));

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(dist, join(out, '.next'), { recursive: true, filter: (src) => !BUILD_ONLY.has(relative(dist, src)) && !src.endsWith(FILE_TRACE) });
  cpSync(join(PROJECT_ROOT, 'public'), join(out, 'public'), { recursive: true });
  const cacheHandler = config.cacheHandler ? [relative(PROJECT_ROOT, resolve(dist, config.cacheHandler))] : [];
  for (const file of serverModules([RELEASE_ENTRY, 'scripts/serve.mjs', ...cacheHandler], pkg)) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    cpSync(join(PROJECT_ROOT, file), join(out, file));
  }
  // The project's package list as it is (npm ci wants it to match the lockfile), with the folder's own scripts: the
  // patches of patches/ applied on install (docs/operations.md: Patched dependencies), and the server.
  const { name, version, type, engines, dependencies, devDependencies, optionalDependencies } = pkg;
  const scripts = { postinstall: 'patch-package --error-on-fail', start: `node ${RELEASE_ENTRY}` };
  const releasePkg = { name, version, private: true, type, engines, scripts, dependencies, devDependencies, optionalDependencies };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(releasePkg, null, 2)}\n`);
  cpSync(join(PROJECT_ROOT, 'package-lock.json'), join(out, 'package-lock.json'));
  cpSync(join(PROJECT_ROOT, 'patches'), join(out, 'patches'), { recursive: true });
  // Production packages only, as the lockfile pins them; the optional ones bring this platform's Node 24.
  run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: out, env: { ...process.env, NODE_ENV: 'production' } });

  const node = join(out, 'node_modules', '.bin', 'node');
  const version24 = existsSync(node) ? spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim() : '';
  if (!version24.startsWith('24.')) {
    throw new Error(`the folder has no Node 24 of its own (${version24 || 'none'}): optionalDependencies name no Node package for this platform`);
  }
  const size = spawnSync('du', ['-sm', out], { encoding: 'utf8' }).stdout.split('\t')[0];
  console.log(
    `\nRelease folder ${relative(process.cwd(), out) || out} (${size} MB, Node ${version24}) from ${distDir} in ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s. Start it there with the deployment's settings:\n` +
      `  node_modules/.bin/node ${RELEASE_ENTRY} -p 3000`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, build: { type: 'string' } } });
  try {
    makeRelease({ out: resolve(values.out ?? join(PROJECT_ROOT, 'release')), build: values.build });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
