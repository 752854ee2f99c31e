// Where auth mails send people. Every link goes through /auth/confirm, which signs the browser in (token-hash links
// of the local stand-in and of Supabase's SSR mail templates, and the ?code= redirects of Supabase's default
// templates) and then opens the page named by `next`.
import { safeNextPath } from './redirects';

export const CONFIRM_PATH = '/auth/confirm';
/** After a password-reset link: the sign-in card's update_password view. */
export const UPDATE_PASSWORD_PATH = '/login?view=update_password';

/** The redirect_to of an auth mail: `${siteUrl}/auth/confirm?next=<path>`. */
export function emailRedirectTo(siteUrl: string, next: string): string {
  const url = new URL(CONFIRM_PATH, siteUrl);
  url.searchParams.set('next', safeNextPath(next));
  return url.toString();
}

/**
 * The page to open after /auth/confirm verified a link. A mail template that wraps redirect_to into its own link
 * makes `next` point at /auth/confirm again; its inner `next` is the real destination.
 */
export function confirmDestination(next: string | null | undefined, fallback = '/dashboard'): string {
  // Supabase's mail templates pass the whole redirect URL ({{ .RedirectTo }}): only its path is kept.
  if (next && /^https?:\/\//i.test(next)) next = URL.canParse(next) ? pathOf(new URL(next)) : null;
  let path = safeNextPath(next, fallback);
  for (let depth = 0; depth < 3; depth++) {
    const url = new URL(path, 'http://shop.invalid');
    if (url.pathname !== CONFIRM_PATH) return path;
    path = safeNextPath(url.searchParams.get('next'), fallback);
  }
  return fallback;
}

const pathOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;
