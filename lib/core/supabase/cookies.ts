// Cookie settings of the Supabase session. No browser code reads the session, so its cookies are HttpOnly; the
// header only needs to know whether someone is signed in, which a separate, harmless hint cookie tells it.
import type { CookieOptionsWithName } from '@supabase/ssr';
// The price view cookie says whose prices pages show, so it ends with the session.
import { PRICE_VIEW_COOKIE } from '../http/price-view-cookie.mjs';

export const SIGNED_IN_HINT_COOKIE = 'shop_signed_in';

export function sessionCookieOptions(secure: boolean): CookieOptionsWithName {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
}

/** Whether a cookie set by @supabase/ssr is a session cookie (sb-<ref>-auth-token, or a chunk .0, .1…). */
export function isSessionCookie(name: string): boolean {
  return /^sb-[^=;]+-auth-token(?:\.\d+)?$/.test(name);
}

/**
 * The checkout cookie (signed and read by lib/checkout/cookie.ts): it opens the orders this browser paid for, so it
 * ends with the session, however the session ends (a sign-out, or a refresh token Auth refuses). On a shared computer
 * the next person finds no way into them; a guest who never signed in keeps theirs.
 */
export const CHECKOUT_COOKIE = 'shop_checkout';

export interface FollowingCookie {
  name: string;
  value: string;
  options: { path: string; sameSite: 'lax'; secure: boolean; httpOnly: boolean; maxAge: number };
}

/** The hint that follows the session: set while a session cookie is set, cleared with it. */
export function signedInHint(signedIn: boolean, secure: boolean): FollowingCookie {
  return {
    name: SIGNED_IN_HINT_COOKIE,
    value: signedIn ? '1' : '',
    options: { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: signedIn ? 400 * 24 * 60 * 60 : 0 },
  };
}

/**
 * What to write beside a session set (true) or cleared (false): the hint; the price view's end (a new session
 * is asked for its own); and on a clear the checkout cookie's end.
 */
export function cookiesFollowingSession(signedIn: boolean, secure: boolean): FollowingCookie[] {
  const hint = signedInHint(signedIn, secure);
  const gone = (name: string): FollowingCookie => ({ name, value: '', options: { path: '/', sameSite: 'lax', secure, httpOnly: true, maxAge: 0 } });
  if (signedIn) return [hint, gone(PRICE_VIEW_COOKIE)];
  return [hint, gone(CHECKOUT_COOKIE), gone(PRICE_VIEW_COOKIE)];
}

/** From the cookies @supabase/ssr is about to set: true (session set), false (session cleared) or null (neither). */
export function sessionChange(list: { name: string; value: string; options?: { maxAge?: number } }[]): boolean | null {
  const session = list.filter((c) => isSessionCookie(c.name));
  if (session.length === 0) return null;
  return session.some((c) => c.value !== '' && c.options?.maxAge !== 0);
}
