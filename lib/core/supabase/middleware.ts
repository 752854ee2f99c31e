import { createServerClient } from '@supabase/ssr';
import { NextResponse, type NextRequest } from 'next/server';
import { publicEnv } from '../env.public';
import { isSessionCookie, sessionChange, sessionCookieOptions, signedInHint } from './cookies';
import { realtimeOptions } from './realtime';
import { authForwarding } from './auth-forwarding';
import { clientAddress } from '../rate-limit/rules';

/**
 * Refreshes the visitor's session cookies and returns the signed-in user (or null) with the response to send.
 * `requestHeaders` are the headers the page will see (the middleware adds the CSP nonce to them).
 */
export async function updateSession(request: NextRequest, requestHeaders: Headers, secure: boolean) {
  let response = NextResponse.next({ request: { headers: requestHeaders } });
  // Most shop traffic is anonymous: with no auth cookie there is no session to refresh, so no client is built.
  if (!request.cookies.getAll().some((c) => isSessionCookie(c.name))) {
    return { user: null, response: () => response };
  }
  const forwarding = authForwarding(clientAddress(request.headers));
  const supabase = createServerClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    realtime: realtimeOptions,
    global: { fetch: forwarding.fetch },
    cookieOptions: sessionCookieOptions(secure),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll: (list) => {
        if (forwarding.refreshPostponed() && sessionChange(list) === false) return;
        for (const { name, value } of list) request.cookies.set(name, value);
        requestHeaders.set('cookie', request.cookies.toString());
        response = NextResponse.next({ request: { headers: requestHeaders } });
        for (const { name, value, options } of list) response.cookies.set(name, value, options);
        const change = sessionChange(list);
        if (change !== null) {
          const hint = signedInHint(change, secure);
          response.cookies.set(hint.name, hint.value, hint.options);
        }
      },
    },
  });
  const {
    data: { user },
  } = await supabase.auth.getUser();
  return { user, response: () => response };
}
