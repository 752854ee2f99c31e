// Security headers of every page. Pure and edge-safe (the middleware imports it).
//
// Scripts: pages rendered per request (checkout, a quote and its payment, account, sign-in, admin, order
// confirmation) get a fresh nonce and 'strict-dynamic', so only scripts Next.js itself rendered with that nonce run.
// Pages served from the cache (catalog, content) are the same HTML for everyone and cannot carry a per-request nonce;
// they allow same-origin scripts and Next.js's inline bootstrap ('unsafe-inline', ignored by browsers wherever a
// nonce is given). Those pages render no visitor input and no personal data; everything else is the same on both.

/** Stripe's documented sources for Stripe.js and the Payment Element (docs.stripe.com/security/guide). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

export interface CspOptions {
  /** Per-request nonce; leave out for cached pages. */
  nonce?: string;
  /** Supabase API origin (product images in Storage). */
  supabaseOrigin: string;
  /** The offline Stripe stand-in's origin, which the local test-card form calls. */
  stripeStandInOrigin?: string | null;
  /** next dev needs eval for fast refresh. */
  development?: boolean;
  https?: boolean;
}

export function contentSecurityPolicy(o: CspOptions): string {
  const script = o.nonce
    ? [`'nonce-${o.nonce}'`, "'strict-dynamic'", "'self'", ...STRIPE.script]
    : ["'self'", "'unsafe-inline'", ...STRIPE.script];
  if (o.development) script.push("'unsafe-eval'");
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    // React sets style attributes; no stylesheet comes from elsewhere.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', o.supabaseOrigin, ...STRIPE.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...STRIPE.connect, ...(o.stripeStandInOrigin ? [o.stripeStandInOrigin] : []), ...(o.development ? ['ws:'] : [])],
    'frame-src': [...STRIPE.frame, ...(o.stripeStandInOrigin ? [o.stripeStandInOrigin] : [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`);
  if (o.https) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

/** Paths whose pages are rendered per request: these get the nonce policy. */
const PER_REQUEST_PAGES = /^\/(?:checkout|quotes|dashboard|login|register|order-confirmation|admin|auth)(?:\/|$)/;

export function usesNonce(pathname: string): boolean {
  return PER_REQUEST_PAGES.test(pathname);
}

export function securityHeaders(csp: string, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), browsing-topics=(), payment=(self "https://js.stripe.com")',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload' } : {}),
  };
}

/** A 128-bit nonce, base64 (edge runtime: Web Crypto only). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
