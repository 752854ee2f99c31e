import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

const SONNER = { name: 'sonner', message: "Use toast or notify from '@/components/ui/toaster'." };
const NEXT_CACHE_REVALIDATE = {
  name: 'next/cache',
  importNames: ['revalidateTag', 'revalidatePath'],
  message: "Use revalidateAfterCommit from '@/lib/core/cache/revalidate'.",
};

const NEXT_LINK = { name: 'next/link', message: "Use ShopLink from '@/components/shop/shop-link' on storefront pages." };

const config = [
  { ignores: ['node_modules/**', '.next*/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'scratch/**'] },
  ...compat.extends('next/core-web-vitals', 'next/typescript'),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One way for each: toasts through components/ui/toaster.tsx (sonner loads on demand and queues until it is
    // there); revalidation through lib/core/cache/revalidate.ts (a committed write never fails on it).
    files: ['app/**', 'components/**', 'lib/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [SONNER, NEXT_CACHE_REVALIDATE] }] },
  },
  {
    // Storefront links are ShopLink (plain anchors that prefetch on intent, without next/link's first-load weight);
    // the back office keeps next/link for its pending state.
    files: ['app/**', 'components/**'],
    ignores: ['app/admin/**', 'components/admin/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [SONNER, NEXT_CACHE_REVALIDATE, NEXT_LINK] }] },
  },
  { files: ['components/ui/toaster.tsx', 'components/ui/toaster-host.tsx', 'components/ui/toast-queue.ts'], rules: { 'no-restricted-imports': ['error', { paths: [NEXT_CACHE_REVALIDATE] }] } },
  { files: ['lib/core/cache/revalidate.ts'], rules: { 'no-restricted-imports': ['error', { paths: [SONNER] }] } },
];

export default config;
