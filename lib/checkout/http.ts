import 'server-only';
// Shared plumbing of the checkout route handlers: bounded JSON bodies, error answers, and the signed cookie.
import { cookies } from 'next/headers';
import { env } from '../env';
import { MAX_CHECKOUT_BODY_BYTES, type CheckoutErrorResponse } from './api';
import { addCheckoutId, CHECKOUT_COOKIE, CHECKOUT_COOKIE_MAX_AGE_S, readCheckoutIds } from './cookie';
import { CheckoutError } from './errors';
import { checkoutCookieKey } from './server';

export function errorResponse(status: number, body: CheckoutErrorResponse): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/** Reads a JSON body of bounded size; a CheckoutError (400/413/415) otherwise. */
export async function readJson(request: Request): Promise<unknown> {
  // JSON only: a cross-site form cannot send this content type without a CORS preflight.
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new CheckoutError(415, 'invalid_request', 'The request body must be JSON.');
  }
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_CHECKOUT_BODY_BYTES) throw new CheckoutError(413, 'invalid_request', 'The request is too large.');
  const text = await request.text();
  if (text.length > MAX_CHECKOUT_BODY_BYTES) throw new CheckoutError(413, 'invalid_request', 'The request is too large.');
  try {
    return JSON.parse(text);
  } catch {
    throw new CheckoutError(400, 'invalid_request', 'The request body must be JSON.');
  }
}

export function handleError(err: unknown, fallback: string): Response {
  if (err instanceof CheckoutError) {
    const details = err.details as CheckoutErrorResponse['details'];
    return errorResponse(err.status, { error: err.message, code: err.code, ...(details ? { details } : {}) });
  }
  console.error(fallback, err);
  return errorResponse(500, { error: fallback });
}

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
