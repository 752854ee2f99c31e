import 'server-only';
// The signed checkout cookie of the checkout route handlers.
import { cookies } from 'next/headers';
import { env } from '../core/env';
import { addCheckoutId, CHECKOUT_COOKIE, CHECKOUT_COOKIE_MAX_AGE_S, checkoutCookieKey as keyOf, readCheckoutIds } from './cookie';

const checkoutCookieKey = () => keyOf(env().CHECKOUT_COOKIE_SECRET);

/** Checkout ids this browser started, from its signed cookie. */
export async function browserCheckoutIds(): Promise<string[]> {
  const store = await cookies();
  return readCheckoutIds(store.get(CHECKOUT_COOKIE)?.value, checkoutCookieKey());
}

export async function rememberCheckout(checkoutId: string): Promise<void> {
  const store = await cookies();
  const value = addCheckoutId(store.get(CHECKOUT_COOKIE)?.value, checkoutId, checkoutCookieKey());
  store.set(CHECKOUT_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().SITE_URL.startsWith('https:'),
    path: '/',
    maxAge: CHECKOUT_COOKIE_MAX_AGE_S,
  });
}
