import { NextResponse, type NextRequest } from 'next/server';
import { updateSession } from './lib/supabase/middleware';
import { listingRewrite } from './lib/catalog/listing-state';

// First gate only: every admin action and account query checks again on the server.
export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const { user, response } = await updateSession(request);
  const needsUser = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  const isAdminArea = pathname.startsWith('/admin') && pathname !== '/admin/login';
  if (!user && (needsUser || isAdminArea)) {
    const url = request.nextUrl.clone();
    url.pathname = isAdminArea ? '/admin/login' : '/login';
    url.search = needsUser ? `?next=${encodeURIComponent(pathname + search)}` : '';
    const redirect = NextResponse.redirect(url);
    for (const cookie of response().cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  // Listing views (?page=, ?sort=, ?material=) are served from cacheable internal paths.
  const listing = listingRewrite(pathname, request.nextUrl.searchParams);
  if (listing) {
    const rewrite = NextResponse.rewrite(new URL(listing, request.url), { request: { headers: request.headers } });
    for (const cookie of response().cookies.getAll()) rewrite.cookies.set(cookie);
    return rewrite;
  }
  return response();
}

export const config = {
  // Skip static assets, images, the Stripe webhook (which has no session) and the anonymous search endpoint.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|robots.txt|sitemap.xml|api/stripe/webhook|api/search|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico)$).*)'],
};
