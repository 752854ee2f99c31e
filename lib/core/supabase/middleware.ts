import { createServerClient, type CookieOptions } from '@supabase/ssr';
import { NextResponse, type NextRequest } from 'next/server';
import { publicEnv } from '../env.public';
import { cookiesFollowingSession, isSessionCookie, sessionChange, sessionCookieOptions } from './cookies';
import { realtimeOptions } from './realtime';
import { authForwarding } from './auth-forwarding';
import { clientAddress } from '../rate-limit/rules';
import { signUserHandoff, USER_HANDOFF_HEADER, userHandoffKey } from './user-handoff';

type CookieToSet = { name: string; value: string; options: CookieOptions };

/**
 * Refreshes the visitor's session cookies and returns the signed-in user (or null) with the response to send.
 * `requestHeaders` are the headers the page will see (the middleware adds the CSP nonce to them); a signed-in user
 * is handed to the page in them (./user-handoff.ts).
 */
export async function updateSession(request: NextRequest, requestHeaders: Headers, secure: boolean) {
  // Most shop traffic is anonymous: with no auth cookie there is no session to refresh, so no client is built.
  if (!request.cookies.getAll().some((c) => isSessionCookie(c.name))) {
    return { user: null, response: () => NextResponse.next({ request: { headers: requestHeaders } }) };
  }
  const forwarding = authForwarding(clientAddress(request.headers));
  const cookiesToSet: CookieToSet[] = [];
  const supabase = createServerClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    realtime: realtimeOptions,
    global: { fetch: forwarding.fetch },
    cookieOptions: sessionCookieOptions(secure),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll: (list) => {
        if (forwarding.refreshPostponed() && sessionChange(list) === false) return;
        const change = sessionChange(list);
        const all = change === null ? list : [...list, ...cookiesFollowingSession(change, secure)];
        // The page of this request sees them as they now are: signed out, it reads no checkout cookie either.
        for (const { name, value } of all) request.cookies.set(name, value);
        requestHeaders.set('cookie', request.cookies.toString());
        cookiesToSet.push(...all);
      },
    },
  });
  const {
    data: { user },
  } = await supabase.auth.getUser();
  const secret = userHandoffKey();
  if (user && secret) requestHeaders.set(USER_HANDOFF_HEADER, await signUserHandoff(user, request.cookies.getAll(), secret));
  return {
    user,
    response: () => {
      const response = NextResponse.next({ request: { headers: requestHeaders } });
      for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
      return response;
    },
  };
}
