// Pure rules of GoTrue's tokens: email codes and their hashes, refresh-token rotation, PKCE and redirect checks.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const PKCE_PREFIX = 'pkce_';

/** A numeric one-time code of `length` digits (leading zeros kept). */
export function generateOtp(length = 6): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** GoTrue's token hash: hex(sha224(email + otp)). It is what email links carry as token_hash. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

/** In the PKCE flow the stored (and linked) token hash carries the "pkce_" prefix. */
export function withFlowPrefix(hash: string, pkce: boolean): string {
  return pkce ? PKCE_PREFIX + hash : hash;
}

/** A code typed by the user matches a stored hash with or without the PKCE prefix. */
export function matchesTokenHash(expected: string | null | undefined, actual: string): boolean {
  if (!expected) return false;
  return actual === expected || PKCE_PREFIX + actual === expected;
}

export function isOtpExpired(sentAt: Date | null, expirySeconds: number, now: Date = new Date()): boolean {
  if (!sentAt) return true;
  return now.getTime() > sentAt.getTime() + expirySeconds * 1000;
}

/** Seconds the user must still wait before another mail of this kind, 0 when allowed. */
export function secondsUntilResend(sentAt: Date | null, maxFrequency: number, now: Date = new Date()): number {
  if (!sentAt || maxFrequency <= 0) return 0;
  const left = sentAt.getTime() + maxFrequency * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Refresh tokens are short random strings, like GoTrue's 12-character lowercase alphanumerics. */
export function generateRefreshToken(length = 12): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}

/** An opaque random value (PKCE auth codes and the like). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

export interface PresentedRefreshToken {
  token: string;
  revoked: boolean;
  /** When the token was last changed; for a revoked token, when it was revoked. */
  updatedAt: Date;
}

export type RefreshDecision =
  /** Issue a child token (the presented one is revoked in the same step). */
  | { action: 'rotate' }
  /** The client lost the answer of its last refresh: hand back the session's active token again. */
  | { action: 'return-active' }
  /** Reuse outside the interval: revoke the session's token family and refuse. */
  | { action: 'refuse' };

/**
 * GoTrue's rotation rule: an active token rotates. A revoked token is accepted when it is the parent of the
 * session's active token (answered with that token) or when it was revoked less than `reuseInterval` seconds ago;
 * any other reuse is treated as theft.
 */
export function decideRefresh(
  presented: PresentedRefreshToken,
  active: { token: string; parent: string | null } | null,
  reuseIntervalSeconds: number,
  now: Date = new Date(),
): RefreshDecision {
  if (!presented.revoked) return { action: 'rotate' };
  if (active && active.parent === presented.token) return { action: 'return-active' };
  const reuseUntil = presented.updatedAt.getTime() + reuseIntervalSeconds * 1000;
  return now.getTime() > reuseUntil ? { action: 'refuse' } : { action: 'rotate' };
}

export type CodeChallengeMethod = 's256' | 'plain';

export function parseCodeChallengeMethod(value: string): CodeChallengeMethod | null {
  const lower = value.toLowerCase();
  return lower === 's256' || lower === 'plain' ? lower : null;
}

/** RFC 7636 §4.2: 43 to 128 characters of [A-Za-z0-9-._~]. */
export function isValidCodeChallenge(challenge: string): boolean {
  return challenge.length >= 43 && challenge.length <= 128 && /^[A-Za-z0-9._~-]+$/.test(challenge);
}

export function pkceVerifierMatches(method: CodeChallengeMethod, challenge: string, verifier: string): boolean {
  if (method === 'plain') return verifier === challenge;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const sameHost = (a: string, b: string) => a === b || (LOOPBACK.has(a) && LOOPBACK.has(b));

/** Glob match of GoTrue's allow list: `*` spans anything but "/" and ".", `**` spans anything. */
function globToRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/.]*';
    } else out += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * A redirect target is allowed when it has the site URL's scheme, host and port, as hosted Auth requires, or
 * matches the allow list. Loopback names are treated as one host, since the app is reached both as localhost and as
 * 127.0.0.1 on a developer machine.
 */
export function isRedirectAllowed(target: string, siteUrl: string, allowList: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const site = new URL(siteUrl);
  if (url.protocol === site.protocol && url.port === site.port && sameHost(url.hostname, site.hostname)) return true;
  return allowList.some((p) => p === target || globToRegExp(p).test(target));
}

/** The allowed redirect target, or the site URL when none or a foreign one was given (GoTrue's GetReferrer). */
export function resolveRedirect(requested: string | null | undefined, siteUrl: string, allowList: readonly string[] = []): string {
  if (requested && isRedirectAllowed(requested, siteUrl, allowList)) return requested;
  return siteUrl;
}

/** The path part of a redirect target, for the `next` parameter of the app's /auth/confirm links. */
export function redirectPath(redirectTo: string): string {
  try {
    const url = new URL(redirectTo);
    return `${url.pathname}${url.search}` || '/';
  } catch {
    return '/';
  }
}
