import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

const config = [
  { ignores: ['node_modules/**', '.next*/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'scratch/**'] },
  ...compat.extends('next/core-web-vitals', 'next/typescript'),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Toasts go through components/ui/toaster.tsx, which loads sonner on demand and queues until it is there.
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['components/ui/toaster.tsx', 'components/ui/toaster-host.tsx', 'components/ui/toast-queue.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'sonner', message: "Use toast or notify from '@/components/ui/toaster'." }] }],
    },
  },
];

export default config;
