import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASE_ENTRY, serverModules, type PackageJson } from '../../scripts/release';

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as PackageJson;

describe('the modules a release folder takes for its server', () => {
  it('are the entries and every module they import by a relative path', () => {
    const files = serverModules([RELEASE_ENTRY, 'scripts/serve.mjs', 'lib/core/cache/shared-tags-handler.mjs'], pkg);
    expect(files).toEqual(
      expect.arrayContaining([RELEASE_ENTRY, 'scripts/serve.mjs', 'lib/core/http/workers.mjs', 'lib/core/cache/shared-tags.mjs', 'lib/core/db/connection.mjs']),
    );
    expect(files.every((file) => file.endsWith('.mjs'))).toBe(true);
  });

  it('stop the release when one imports a development package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'release-modules-'));
    writeFileSync(join(dir, 'entry.mjs'), "import { helper } from './helper.mjs';\nexport default helper;\n");
    writeFileSync(join(dir, 'helper.mjs'), "import { tsImport } from 'tsx/esm/api';\nexport const helper = tsImport;\n");
    expect(() => serverModules([join(dir, 'entry.mjs')], pkg)).toThrow(/helper\.mjs imports tsx, which is not a production dependency/);
  });
});
