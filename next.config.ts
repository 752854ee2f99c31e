import type { NextConfig } from 'next';
import { join } from 'node:path';
import { shapeClientChunks } from './build/client-chunks';
import { precompressPlugin } from './build/precompress';
import { contentSecurityPolicy, securityHeaders } from './lib/core/security/headers';

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
    // The one quality the shop asks for (components/shop/listing/image-srcset.ts): any other answers 400, so a visitor
    // cannot store a hundred resized copies of each image in the build folder's image cache.
    qualities: [75],
    remotePatterns: [
      {
        protocol: supabaseUrl.protocol.replace(':', '') as 'http' | 'https',
        hostname: supabaseUrl.hostname,
        port: supabaseUrl.port,
        pathname: '/storage/v1/object/public/**',
      },
    ],
  },
  // Loaded by Node at run time, not bundled: pdfkit reads its own data files beside its code (and loads fontkit at run
  // time); the mail templates' renderer needs react-dom/server, which the server bundles (built with the react-server
  // condition) refuse; nodemailer is Node-only SMTP code.
  serverExternalPackages: ['postgres', 'sharp', 'bcryptjs', 'pdfkit', '@react-email/render', 'nodemailer'],
  // The local stack's data folder (lib/core/local-secret.ts reads a file there) is no part of any page's files.
  outputFileTracingExcludes: { '*': ['.data/**'] },
  // Cached pages and data stay per server; tag revalidations are shared through Postgres (docs/operations.md: Running more than one server).
  // Their files in the build folder stay under PAGE_CACHE_DISK_MB (docs/operations.md: Disk).
  // Next.js runs from the project folder, and compiles this file to CommonJS, so the handler is found from there.
  cacheHandler: join(process.cwd(), 'lib', 'core', 'cache', 'shared-tags-handler.mjs'),
  // Each worker keeps at most this much of the cached pages and data in memory; the rest is read from the build folder.
  // A page counts its HTML and its RSC payload's bytes (the handler's own memory cache, shared-tags-handler.mjs).
  cacheMaxMemorySize: 16 * 1024 * 1024,
  webpack(config, { isServer, dev, webpack }) {
    if (!isServer && !dev) {
      shapeClientChunks(config, webpack);
      config.plugins.push(precompressPlugin(webpack));
    }
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
