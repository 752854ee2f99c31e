import 'server-only';
// Supabase Auth's errors as the sign-in card shows them: the server's own message in the red box (as the hosted
// form does), the weak-password reasons beside the password field, and one calm sentence when the Auth server
// cannot be reached or fails, instead of its internals.
import { isAuthRetryableFetchError, isAuthWeakPasswordError, type AuthError } from '@supabase/supabase-js';
import { ActionError } from '../core/action-result';
import { logError, logWarn } from '../core/log';

export const AUTH_UNAVAILABLE = 'The sign-in service is not answering. Please try again in a moment.';

const REASONS: Record<string, string> = {
  length: 'It is too short.',
  characters: 'It needs more kinds of characters (lower case, upper case, digits, symbols).',
  pwned: 'It is known from a data leak; please choose another.',
};

/** 'length' → 'It is too short.'; reasons this shop does not know are named as they came. */
export function weakPasswordReasons(reasons: readonly string[]): string {
  return reasons.map((r) => REASONS[r] ?? `It fails the "${r}" rule.`).join(' ');
}

/** The refusal to show for an Auth error. */
export function authRefusal(error: AuthError, context: { action: string; requestId?: string }): ActionError {
  if (isAuthWeakPasswordError(error)) {
    return new ActionError(error.message, 422, { password: weakPasswordReasons(error.reasons) });
  }
  const status = error.status ?? 0;
  if (isAuthRetryableFetchError(error) || status === 0 || status >= 500) {
    logError(`auth ${context.action}: Auth server failed`, error, { requestId: context.requestId, status });
    return new ActionError(AUTH_UNAVAILABLE, 503);
  }
  return new ActionError(error.message, status >= 400 && status < 500 ? status : 400);
}

/**
 * The refusal to show for an Auth error of the reset and magic-link forms, or null to answer as if the mail went.
 * Auth refuses a second mail to one address within its resend interval (over_email_send_rate_limit), and only an
 * address with an account has a mail to refuse: shown, it would tell who has one. Logged, so a project-wide mail
 * limit reached is seen.
 */
export function mailRefusal(error: AuthError, context: { action: string; requestId?: string }): ActionError | null {
  if (error.code !== 'over_email_send_rate_limit') return authRefusal(error, context);
  logWarn(`auth ${context.action}: mail not sent`, { requestId: context.requestId, reason: error.message });
  return null;
}
