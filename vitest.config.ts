import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { stackEnv, testConfig } from './local-stack/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@/': root, 'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)) };

// JSX as Next compiles it (the automatic runtime): mail templates are .tsx modules under lib/.
const esbuild = { jsx: 'automatic' } as const;

export default defineConfig({
  resolve: { alias },
  esbuild,
  test: {
    projects: [
      {
        resolve: { alias },
        esbuild,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias },
        esbuild,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/next-cache-mock.ts'],
          env: { ...stackEnv(testConfig()), NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
