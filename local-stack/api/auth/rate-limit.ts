// GoTrue's rate limits, as hosted Supabase and `supabase start` apply them (supabase/config.toml [auth.rate_limit]):
// token buckets per client address for the sign-in/sign-up family, the token endpoint and verification, each
// refilling `limit` tokens per 5 minutes with a burst of 30 (GoTrue's tollbooth limiters), answering
// 429 over_request_rate_limit "Request rate limit reached"; and one project-wide bucket for auth mails per hour,
// answering 429 over_email_send_rate_limit "Email rate limit exceeded". Kept in memory: the stand-in is one process.
import type { AuthRequest } from './context';
import { tooManyRequests, type AuthHttpError } from './errors';

export interface AuthRateLimits {
  /** POST /signup, /otp, /magiclink, /recover, /resend and PUT /user, per address per 5 minutes (sign_in_sign_ups). */
  signInSignUps: number;
  /** POST /token (password, refresh_token and pkce grants), per address per 5 minutes (token_refresh). */
  tokenRefresh: number;
  /** GET and POST /verify, per address per 5 minutes (token_verifications). */
  tokenVerifications: number;
  /** Auth mails per hour for the whole project (email_sent); null: no limit, as locally without SMTP. */
  emailSent: number | null;
  /** Requests a bucket holds at once (GoTrue: 30). */
  burst: number;
}

/** supabase/config.toml's values, which are also hosted Supabase's defaults. */
export const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  signInSignUps: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
  emailSent: null,
  burst: 30,
};

type Bucket = 'signInSignUps' | 'tokenRefresh' | 'tokenVerifications';

const BUCKET_BY_ROUTE: Record<string, Bucket> = {
  'POST /signup': 'signInSignUps',
  'POST /otp': 'signInSignUps',
  'POST /magiclink': 'signInSignUps',
  'POST /recover': 'signInSignUps',
  'POST /resend': 'signInSignUps',
  'PUT /user': 'signInSignUps',
  'POST /token': 'tokenRefresh',
  'GET /verify': 'tokenVerifications',
  'POST /verify': 'tokenVerifications',
};

/** Requests that may send an auth mail, counted against email_sent when their body names an address. */
const MAIL_ROUTES = new Set(['POST /signup', 'POST /otp', 'POST /magiclink', 'POST /recover', 'POST /resend', 'PUT /user']);

/** Which per-address bucket a request draws from, or null for unlimited routes (GET /user, /logout, admin…). */
export function bucketFor(method: string, path: string): Bucket | null {
  return BUCKET_BY_ROUTE[`${method.toUpperCase()} ${path}`] ?? null;
}

/** A token bucket: `capacity` tokens, refilled at `perSecond`; a request takes one. */
export class TokenBucket {
  private tokens: number;
  private updated: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updated = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updated) / 1000) * this.perSecond);
    this.updated = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: nothing to remember. */
  isFull(now: number): boolean {
    return this.tokens + ((now - this.updated) / 1000) * this.perSecond >= this.capacity;
  }
}

const FIVE_MINUTES = 300;
const HOUR = 3600;
const overRequestRateLimit = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
const overEmailSendRateLimit = () => tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded');

export class AuthRateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private email: TokenBucket | null = null;
  private checks = 0;

  constructor(
    readonly limits: AuthRateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for this request from its address's bucket: null when allowed, the 429 to answer otherwise. */
  hit(method: string, path: string, address: string): AuthHttpError | null {
    const bucket = bucketFor(method, path);
    if (!bucket) return null;
    const now = this.now();
    const key = `${bucket}\u0000${address}`;
    let entry = this.buckets.get(key);
    if (!entry) {
      entry = new TokenBucket(this.limits.burst, this.limits[bucket] / FIVE_MINUTES, now);
      this.buckets.set(key, entry);
    }
    if (++this.checks % 1000 === 0) this.forgetFull(now);
    return entry.take(now) ? null : overRequestRateLimit();
  }

  /** Takes a token from the project's mail bucket: null when allowed (or unlimited), the 429 otherwise. */
  hitEmail(): AuthHttpError | null {
    const perHour = this.limits.emailSent;
    if (perHour === null) return null;
    const now = this.now();
    this.email ??= new TokenBucket(perHour, perHour / HOUR, now);
    return this.email.take(now) ? null : overEmailSendRateLimit();
  }

  /** GoTrue's order: the per-address limit first, then (for a request naming an address) the mail limit. */
  async check(r: Pick<AuthRequest, 'ctx' | 'client' | 'body'>): Promise<AuthHttpError | null> {
    const { method, path } = r.ctx;
    const limited = this.hit(method, path, r.client.ip ?? 'unknown');
    if (limited || this.limits.emailSent === null || !MAIL_ROUTES.has(`${method} ${path}`)) return limited;
    return (await namesAnAddress(r)) ? this.hitEmail() : null;
  }

  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}

async function namesAnAddress(r: Pick<AuthRequest, 'body'>): Promise<boolean> {
  try {
    const body = JSON.parse((await r.body()).toString('utf8')) as { email?: unknown };
    return typeof body?.email === 'string' && body.email.trim() !== '';
  } catch {
    return false;
  }
}
