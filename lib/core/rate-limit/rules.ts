// What a stranger may repeat, and how often. One table, so the limits are read in one place.

export interface RateRule {
  /** Part of the counter key: 'sign-in:email'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

const rule = (name: string, limit: number, windowSeconds: number): RateRule => ({ name, limit, windowSeconds });

export const RATE_RULES = {
  signInPerEmail: rule('sign-in:email', 5, 60),
  signInPerAddress: rule('sign-in:address', 20, 60),
  signUpPerEmail: rule('sign-up:email', 5, 60),
  signUpPerAddress: rule('sign-up:address', 10, 60),
  /** Reset and magic-link mails, and 6-digit code requests. */
  mailPerEmail: rule('mail:email', 5, 60),
  mailPerAddress: rule('mail:address', 20, 60),
  verifyCodePerEmail: rule('verify-code:email', 10, 60),
  verifyCodePerAddress: rule('verify-code:address', 30, 60),
  adminSignInPerEmail: rule('admin-sign-in:email', 5, 60),
  adminSignInPerAddress: rule('admin-sign-in:address', 20, 60),
  checkoutPerAddress: rule('checkout:address', 10, 60),
  checkoutAddressPerAddress: rule('checkout-address:address', 30, 60),
} as const satisfies Record<string, RateRule>;

/** 'Too many attempts. Please wait 42 seconds and try again.' */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return `Too many attempts. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`;
}

/**
 * The client's address as the nearest trusted proxy saw it: the rightmost X-Forwarded-For entry (next start adds
 * the socket address when no proxy did). TRUSTED_PROXY_HOPS counts further proxies in front (a CDN before a load
 * balancer: 2). Without any proxy a client can choose this header, so the per-e-mail limits are the ones that hold.
 */
export function clientAddress(headers: Headers, hops = Number(process.env.TRUSTED_PROXY_HOPS) || 1): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const picked = forwarded[Math.max(0, forwarded.length - hops)] ?? headers.get('x-real-ip') ?? 'unknown';
  return picked.slice(0, 64).toLowerCase();
}
