// Calls to Supabase Auth made by this server for a visitor (sign-in, sign-up, mails, the session refresh) all leave
// from the server's own address, so without help every visitor would share Auth's per-address limits: one visitor
// could exhaust them for all. Hosted Supabase Auth takes the visitor's address from `Sb-Forwarded-For` when the
// request carries the project's secret key (and IP address forwarding is on); the local stand-in does the same.
// Only requests to /auth/v1 get the key: the Authorization header (the anon key or the visitor's token) still
// decides who a request acts as, so nothing is allowed that was not before.
//
// A session refresh that Auth refuses for a passing reason (429, 5xx) must not sign the visitor out: supabase-js
// removes the session on any non-retryable refresh error, and waits up to half a minute on a retryable one. This
// fetch answers such a refresh at once with a 429 and remembers it, and the cookie writers keep the cookies then;
// the next request refreshes again. Only an invalid or revoked refresh token (a 4xx other than 429) signs out.
import { LOCAL_DEFAULTS, isLocalUrl } from '../local-defaults';
import { publicEnv } from '../env.public';

export const SB_FORWARDED_FOR = 'Sb-Forwarded-For';

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A bare IPv4 or IPv6 address (no port, brackets or zone): what GoTrue's net.ParseIP accepts here. */
export function isIpAddress(value: string): boolean {
  if (IPV4.test(value)) return true;
  if (value.length > 45 || !value.includes(':') || !/^[0-9a-f:.]+$/i.test(value)) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** The key Auth trusts Sb-Forwarded-For from: the project's secret (service role) key. */
function secretKey(supabaseUrl: string): string | undefined {
  return process.env.SUPABASE_SERVICE_ROLE_KEY || (isLocalUrl(supabaseUrl) ? LOCAL_DEFAULTS.serviceRoleKey : undefined);
}

const isRefresh = (url: URL) => url.pathname.endsWith('/auth/v1/token') && url.searchParams.get('grant_type') === 'refresh_token';

export interface AuthForwarding {
  /** The fetch to give the Supabase client (global.fetch). */
  fetch: typeof fetch;
  /** True once a session refresh failed for a passing reason: keep the session cookies. */
  refreshPostponed(): boolean;
}

export function authForwarding(clientAddress: string, supabaseUrl = publicEnv.supabaseUrl, baseFetch: typeof fetch = fetch): AuthForwarding {
  const authPrefix = `${supabaseUrl.replace(/\/+$/, '')}/auth/v1/`;
  const key = secretKey(supabaseUrl);
  const address = isIpAddress(clientAddress) ? clientAddress : null;
  let postponed = false;
  const forwardingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!href.startsWith(authPrefix)) return baseFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (key && address) {
      headers.set('apikey', key);
      headers.set(SB_FORWARDED_FOR, address);
    }
    const response = await baseFetch(input, { ...init, headers });
    if (isRefresh(new URL(href)) && (response.status === 429 || response.status >= 500)) {
      postponed = true;
      return Response.json(
        { code: 'refresh_postponed', message: 'The session could not be refreshed just now; it is kept and refreshed later.' },
        { status: 429 },
      );
    }
    return response;
  };
  return { fetch: forwardingFetch as typeof fetch, refreshPostponed: () => postponed };
}
