// The middleware asks the Auth server who the visitor is on every page it runs for (it must, to refresh the
// session). It hands the answer to the page in a request header, signed, so that the page does not ask the Auth
// server a second time for the same request (ARCHITECTURE.md, "Middleware"). The page trusts the header only with a
// valid signature, within a minute of signing and for the session cookies it was signed for; anything else (no
// header, a header a client sent, a stale one, or a session that an action of this request has since changed) and
// it asks the Auth server itself, as before. The middleware drops any such header a client sends.
// Edge-safe: Web Crypto and no Node built-ins, as the middleware imports it.
import type { User } from '@supabase/supabase-js';
import { base64UrlToBytes, bytesToBase64Url, fromBase64Url, toBase64Url } from '../base64url';
import { isSessionCookie } from './cookies';

export const USER_HANDOFF_HEADER = 'x-shop-verified-user';

/**
 * The signing key: random, made by each server process when it starts (scripts/serve.mjs) and never sent anywhere,
 * so no configuration holds it and a client cannot know it. The middleware and the page of one request run in the
 * same process. Without it (`next dev`) there is no hand-off and pages ask the Auth server themselves.
 */
export function userHandoffKey(): string | undefined {
  const key = process.env.USER_HANDOFF_KEY;
  return key && key.length >= 32 ? key : undefined;
}

/** How long a signed hand-off is honoured: one request's middleware-to-page time, with room for a slow render. */
export const USER_HANDOFF_TTL_MS = 60_000;

const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key, imported once per secret. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

interface Payload {
  user: User;
  /** When the middleware signed it (ms since the epoch). */
  at: number;
  /** The session cookies it was verified with (sessionOf). */
  session: string;
}

type Cookie = { name: string; value: string };

/** The request's session cookies, as one string: a sign-in or sign-out changes it. */
export function sessionOf(cookies: Cookie[]): string {
  return cookies
    .filter((c) => isSessionCookie(c.name))
    .map((c) => `${c.name}=${c.value}`)
    .sort()
    .join(';');
}

/** The header's value for a user the Auth server has just verified with these cookies. */
export async function signUserHandoff(user: User, cookies: Cookie[], secret: string, now = Date.now()): Promise<string> {
  const body = toBase64Url(JSON.stringify({ user, at: now, session: await digest(sessionOf(cookies)) } satisfies Payload));
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(body));
  return `${body}.${bytesToBase64Url(new Uint8Array(mac))}`;
}

async function digest(text: string): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** The user the header vouches for, or null when it is missing, forged, altered, stale or for other cookies. */
export async function readUserHandoff(
  value: string | null | undefined,
  cookies: Cookie[],
  secret: string,
  now = Date.now(),
): Promise<User | null> {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  const mac = dot > 0 ? base64UrlToBytes(value.slice(dot + 1)) : null;
  if (!mac) return null;
  const body = value.slice(0, dot);
  const valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), mac, new TextEncoder().encode(body));
  if (!valid) return null;
  const text = fromBase64Url(body);
  if (text === null) return null;
  try {
    const payload = JSON.parse(text) as Partial<Payload>;
    const age = now - Number(payload.at);
    if (!(age >= 0 && age <= USER_HANDOFF_TTL_MS)) return null;
    if (payload.session !== (await digest(sessionOf(cookies)))) return null;
    return payload.user && typeof payload.user.id === 'string' ? payload.user : null;
  } catch {
    return null;
  }
}
