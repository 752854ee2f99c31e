// The lint rule that keeps lib/'s layers: an import upward or sideways fails, a downward one passes.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

// Loading the project's lint configuration takes seconds on a busy machine.
describe('lib layers', { timeout: 60_000 }, () => {
  it('refuses core importing a domain', async () => {
    const errors = await layerErrors('lib/core/probe.ts', "import { CATEGORIES } from '../catalog/categories';\nexport const x = CATEGORIES;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('lib/core imports nothing above it');
  });

  it('refuses a domain importing a later domain, the entry layer or an admin area', async () => {
    const source = [
      "import type { CartItem } from '../cart/types';",
      "import { authorize } from '@/lib/entry/access';",
      "import { ADMIN_HOME } from '../admin/nav';",
      'export type Y = CartItem;',
      'export const z = [authorize, ADMIN_HOME];',
    ].join('\n');
    expect(await layerErrors('lib/catalog/probe.ts', source)).toHaveLength(3);
  });

  it('refuses lib importing components', async () => {
    const errors = await layerErrors('lib/cart/probe.ts', "import { toast } from '@/components/ui/toaster';\nexport const b = toast;\n");
    expect(errors).toHaveLength(1);
  });

  it('lets a domain use core and the domains before it, and a server action module use the entry layer', async () => {
    const domain = "import { CATALOG_TAG } from '../core/cache/tags';\nimport { materialLabel } from '../catalog/categories';\nexport const z = [CATALOG_TAG, materialLabel];\n";
    expect(await layerErrors('lib/cart/probe.ts', domain)).toEqual([]);
    const actions = "import { defineAction } from '../entry/define-action';\nexport const z = defineAction;\n";
    expect(await layerErrors('lib/account/actions.ts', actions)).toEqual([]);
  });
});
