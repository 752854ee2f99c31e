// The project brings its own Node (node-<platform>-<arch> packages, linked as node_modules/.bin/node), so every npm
// script and every process it spawns runs on the Node line of .nvmrc, whatever the machine's own Node is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const line = readFileSync(join(root, '.nvmrc'), 'utf8').trim();

describe('the project runtime', () => {
  it('runs the tests on the Node line of .nvmrc', () => {
    expect(process.versions.node.split('.')[0]).toBe(line);
  });

  it('engines and the bundled Node packages name the same line', () => {
    expect(pkg.engines.node).toBe(`>=${line} <${Number(line) + 1}`);
    const bundled = Object.entries(pkg.optionalDependencies).filter(([name]) => name.startsWith('node-'));
    expect(bundled.length).toBeGreaterThan(0);
    for (const [, range] of bundled) expect(range).toMatch(new RegExp(`^\\^${line}\\.`));
  });
});
