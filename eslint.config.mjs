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

// The layers of lib/, lowest first (ARCHITECTURE.md, "Layers"): core ← domains ← admin areas ← entry. A file may
// import its own folder and the layers and folders before it, never one after it. Each folder's `actions.ts` holds
// that feature's server actions: it sits above entry (it calls defineAction) and only app/ and components/ import it.
const DOMAINS = ['catalog', 'content', 'settings', 'auth', 'payments', 'storage', 'purchase', 'cart', 'shipping', 'tax', 'checkout', 'quick-order', 'mail', 'documents', 'orders', 'quotes', 'account', 'trade', 'terms', 'seo', 'maintenance'];
const ADMIN_AREAS = ['search', 'dashboard', 'content', 'settings', 'orders', 'quotes', 'catalog', 'auth', 'customers', 'notes', 'price-groups', 'trade', 'receivables', 'storefront'];
const NOT_ACTIONS = '**/!(actions).*';
const below = (allowed, message) => ({ from: './lib', except: allowed, message });
const LAYER_ZONES = [
  { target: './lib', from: ['./app', './components'], message: 'lib/ never imports app/ or components/.' },
  { target: './lib/core', ...below(['./core'], 'lib/core imports nothing above it.') },
  ...DOMAINS.map((domain, i) => ({
    target: `./lib/${domain}/${NOT_ACTIONS}`,
    ...below(['./core', ...DOMAINS.slice(0, i + 1).map((d) => `./${d}`)], `lib/${domain} may use lib/core and the domains before it: ${DOMAINS.slice(0, i).join(', ') || 'none'}.`),
  })),
  { target: './lib/admin/*.ts', ...below(['./core', ...DOMAINS.map((d) => `./${d}`), './admin/nav.ts'], 'lib/admin uses lib/core and the domains.') },
  ...ADMIN_AREAS.map((area, i) => ({
    target: `./lib/admin/${area}/${NOT_ACTIONS}`,
    ...below(
      ['./core', ...DOMAINS.map((d) => `./${d}`), './admin/nav.ts', ...ADMIN_AREAS.slice(0, i + 1).map((a) => `./admin/${a}`)],
      `lib/admin/${area} may use lib/core, the domains and the admin areas before it: ${ADMIN_AREAS.slice(0, i).join(', ') || 'none'}.`,
    ),
  })),
  { target: './lib/entry', ...below(['./core', './entry', ...DOMAINS.map((d) => `./${d}`)], 'lib/entry uses lib/core and the domains, never the admin areas.') },
];

const config = [
  { ignores: ['node_modules/**', '.next*/**', '.data/**', 'release/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'scratch/**'] },
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
  { files: ['lib/**'], rules: { 'import/no-restricted-paths': ['error', { zones: LAYER_ZONES }] } },
  { files: ['lib/core/cache/revalidate.ts'], rules: { 'no-restricted-imports': ['error', { paths: [SONNER] }] } },
];

export default config;
