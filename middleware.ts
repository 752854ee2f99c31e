import { NextResponse, type NextRequest } from 'next/server';
import { updateSession } from './lib/core/supabase/middleware';
import { USER_HANDOFF_HEADER } from './lib/core/supabase/user-handoff';
import { PRICE_VIEW_COOKIE } from './lib/core/http/price-view-cookie.mjs';
import { listingRewrite, NOT_A_PAGE } from './lib/catalog/listing-state';
import { searchRewrite } from './lib/catalog/search-state';
import { publicEnv } from './lib/core/env.public';
import { contentSecurityPolicy, newNonce, securityHeaders, usesNonce } from './lib/core/security/headers';
import { isSameOrigin } from './lib/core/security/origin';
import { refuseMalformedAction } from './lib/core/security/action-request';
import { namesPriceView, priceViewPath } from './lib/purchase/price-view-paths';
import { requestPriceView } from './lib/entry/price-view-request';

const supabaseOrigin = new URL(publicEnv.supabaseUrl).origin;

function stripeStandInOrigin(): string | null {
  const base = process.env.STRIPE_API_BASE;
  try {
    return base ? new URL(base).origin : null;
  } catch {
    return null;
  }
}

const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

// First gate only: every admin action and account query checks again on the server.
export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const https =
    request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

  // A server action (or any form post) from another site: refused here with 403 instead of a 500 inside Next.js.
  if (request.method === 'POST' && !isSameOrigin(request.headers.get('origin'), request.headers.get('host'), request.headers.get('x-forwarded-host'))) {
    return NextResponse.json({ error: 'This request came from another site and was refused.' }, { status: 403 });
  }

  // Pages take GET, HEAD and POST (server actions); Next.js would answer other methods with a bare 405.
  if (!PAGE_METHODS.has(request.method)) {
    return NextResponse.json({ error: `${request.method} is not allowed here.` }, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  }
  const refusal = await refuseMalformedAction(request);
  if (refusal) return NextResponse.json({ error: refusal.message, code: refusal.code }, { status: refusal.status });

  const nonce = usesNonce(pathname) ? newNonce() : undefined;
  const csp = contentSecurityPolicy({
    nonce,
    supabaseOrigin,
    stripeStandInOrigin: stripeStandInOrigin(),
    development: process.env.NODE_ENV === 'development',
    https,
  });
  const requestHeaders = new Headers(request.headers);
  // Only this middleware may vouch for a user: a client's copy of the header is dropped (lib/core/supabase/user-handoff.ts).
  requestHeaders.delete(USER_HANDOFF_HEADER);
  // Next.js reads the nonce from the request's CSP header and puts it on the scripts it renders.
  if (nonce) requestHeaders.set('content-security-policy', csp);
  const withHeaders = (res: NextResponse) => {
    for (const [name, value] of Object.entries(securityHeaders(csp, https))) res.headers.set(name, value);
    return res;
  };

  const { user, response } = await updateSession(request, requestHeaders, https);
  const needsUser = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const isAdminArea = pathname.startsWith('/admin') && pathname !== '/admin/login';
  if (!user && (needsUser || isAdminArea)) {
    const url = request.nextUrl.clone();
    url.pathname = isAdminArea ? '/admin/login' : '/login';
    url.search = needsUser ? `?next=${encodeURIComponent(pathname + search)}` : '';
    const redirect = NextResponse.redirect(url);
    for (const cookie of response().cookies.getAll()) redirect.cookies.set(cookie);
    return withHeaders(redirect);
  }
  // Listing views (?page=, ?sort=, ?material=) and searches (?q=) are served from cacheable internal paths; a path
  // naming a price view is never served as typed (only the rewrite below leads there).
  const listing = namesPriceView(pathname)
    ? NOT_A_PAGE
    : (listingRewrite(pathname, request.nextUrl.searchParams) ?? searchRewrite(pathname, request.nextUrl.searchParams, NOT_A_PAGE));
  // A signed-in buyer's pages show the prices their account sees: the cached copy of that view.
  const prices = user || request.cookies.has(PRICE_VIEW_COOKIE) ? await requestPriceView(request, user, https) : null;
  const served = prices && listing !== NOT_A_PAGE ? (priceViewPath(listing ?? pathname, prices.view, prices.anonymous) ?? listing) : listing;
  const answer = served
    ? NextResponse.rewrite(new URL(served, request.url), { request: { headers: requestHeaders } })
    : response();
  if (served) for (const cookie of response().cookies.getAll()) answer.cookies.set(cookie);
  if (prices?.cookie) answer.cookies.set(prices.cookie.name, prices.cookie.value, prices.cookie.options);
  return withHeaders(answer);
}

// Cached catalog and content pages do not run the middleware for a visitor (next.config.ts gives them the same
// security headers without a nonce): a cache hit then costs what a static file does. A signed-in buyer's priced
// pages do, once a minute behind the production server's front cache, to be served in the buyer's price view. It runs for the pages rendered per
// request, every page request that carries an Origin or Next-Action header (browser POSTs and server actions: the
// foreign-origin refusal and the action-body check), listing URLs with a query and /search (their rewrite) and
// listing and search view paths (their spelling check). Route handlers under /api never run it: they check their caller, origin and body
// size themselves (lib/entry/define-route.ts), and a middleware in front of them would make Next.js buffer every body.
// Next.js reads this object statically: literals only. It runs in Node, as the pages do, not in the edge sandbox:
// the sandbox's own Headers, fetch and request objects added CPU to every request it runs for (measured in bench
// BENCH_ONLY=storefront).
export const config = {
  runtime: 'nodejs',
  matcher: [
    '/(checkout|quotes|dashboard|login|register|order-confirmation|admin|auth|search|trade)/:path*',
    { source: '/((?!_next/static|_next/image|api/).*)', has: [{ type: 'header', key: 'origin' }] },
    { source: '/((?!_next/static|_next/image|api/).*)', has: [{ type: 'header', key: 'next-action' }] },
    // View paths typed by hand: a non-canonical spelling is sent to a 404 (the page itself would stream a 200).
    '/(products|new-arrivals|mens-jewelry)/:view+',
    '/category/:slug/:view+',
    { source: '/(products|new-arrivals|mens-jewelry)', has: [{ type: 'query', key: 'page' }] },
    { source: '/(products|new-arrivals|mens-jewelry)', has: [{ type: 'query', key: 'sort' }] },
    { source: '/(products|new-arrivals|mens-jewelry)', has: [{ type: 'query', key: 'material' }] },
    { source: '/category/:slug', has: [{ type: 'query', key: 'page' }] },
    { source: '/category/:slug', has: [{ type: 'query', key: 'sort' }] },
    { source: '/category/:slug', has: [{ type: 'query', key: 'material' }] },
    // A signed-in buyer's priced pages (home, listings, product pages) are served in their price view, and a path
    // naming a view itself is refused (lib/purchase/price-view-paths.ts).
    { source: '/', has: [{ type: 'cookie', key: 'shop_signed_in' }] },
    { source: '/(products|new-arrivals|mens-jewelry)', has: [{ type: 'cookie', key: 'shop_signed_in' }] },
    { source: '/category/:slug', has: [{ type: 'cookie', key: 'shop_signed_in' }] },
    { source: '/(rings|necklaces|bracelets|earrings|body-jewelry|product)/:id', has: [{ type: 'cookie', key: 'shop_signed_in' }] },
    { source: '/', has: [{ type: 'cookie', key: 'shop_price_view' }] },
    { source: '/(products|new-arrivals|mens-jewelry)', has: [{ type: 'cookie', key: 'shop_price_view' }] },
    { source: '/category/:slug', has: [{ type: 'cookie', key: 'shop_price_view' }] },
    { source: '/(rings|necklaces|bracelets|earrings|body-jewelry|product)/:id', has: [{ type: 'cookie', key: 'shop_price_view' }] },
    '/:path*/:view(price-[^/]+)/:rest*',
  ],
};
