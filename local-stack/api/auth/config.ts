// Auth settings. The defaults are a new hosted project's; supabase/config.toml changes them (project-config.ts).
import type { MailKind } from './mail';
import type { MailTemplate } from './project-config';
import { DEFAULT_RATE_LIMITS, type AuthRateLimits } from './rate-limit';

export interface AuthSettings {
  /** Access-token lifetime in seconds (jwt_expiry). */
  jwtExpiry: number;
  /** Seconds a rotated refresh token may still be exchanged (refresh_token_reuse_interval). */
  refreshTokenReuseInterval: number;
  minPasswordLength: number;
  /** Email confirmations: on, sign-up mails a link and returns no session; off, sign-up signs in (autoconfirm). */
  enableConfirmations: boolean;
  /** Confirm an email change on both the old and the new address (double_confirm_changes). */
  secureEmailChange: boolean;
  /** Seconds an emailed link or code stays valid (otp_expiry). */
  otpExpiry: number;
  otpLength: number;
  /** Minimum seconds between two mails of one kind to one user (max_frequency). */
  maxFrequency: number;
  /** Redirect targets allowed besides the site URL's host (additional_redirect_urls). */
  additionalRedirectUrls: string[];
  /** Seconds a PKCE flow state lives before its code can no longer be exchanged. */
  flowStateExpiry: number;
  /** [auth.rate_limit]: per-address request limits and the project's mail limit. */
  rateLimits: AuthRateLimits;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  jwtExpiry: 3600,
  refreshTokenReuseInterval: 10,
  minPasswordLength: 6,
  enableConfirmations: true,
  secureEmailChange: true,
  otpExpiry: 3600,
  otpLength: 6,
  maxFrequency: 60,
  additionalRedirectUrls: [],
  flowStateExpiry: 300,
  rateLimits: DEFAULT_RATE_LIMITS,
};

export interface AuthContextConfig {
  settings: AuthSettings;
  jwtSecret: string;
  /** Where the app runs; email links point here. */
  siteUrl: string;
  /** Mail templates of config.toml ([auth.email.template.*]); a kind without one gets the built-in mail. */
  templates?: Partial<Record<MailKind, MailTemplate>>;
  /** This server's base URL, e.g. http://127.0.0.1:54321 (the JWT issuer is `${apiUrl}/auth/v1`). */
  apiUrl: string;
}
