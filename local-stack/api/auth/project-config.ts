// supabase/config.toml's [auth] settings, read the way `supabase start` reads them: site URL, redirect allow list,
// confirmations, resend interval, code length and lifetime, rate limits and mail templates. What the file leaves
// out takes a new hosted project's default (DEFAULT_AUTH_SETTINGS).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../config';
import { parse } from 'smol-toml';
import { z } from 'zod';
import type { AuthSettings } from './config';
import type { MailKind } from './mail';
import { DEFAULT_RATE_LIMITS } from './rate-limit';

export const CONFIG_TOML = join(PROJECT_ROOT, 'supabase', 'config.toml');

export interface MailTemplate {
  subject: string;
  /** HTML with GoTrue's variables: {{ .SiteURL }}, {{ .TokenHash }}, {{ .Token }}, {{ .Email }}, … */
  content: string;
}

export interface ProjectAuthConfig {
  siteUrl?: string;
  settings: Partial<AuthSettings>;
  templates: Partial<Record<MailKind, MailTemplate>>;
}

/** "60s", "1m30s", "2h": GoTrue's durations, in seconds. */
export function durationSeconds(value: string): number {
  const parts = [...value.matchAll(/(\d+)(h|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== value) throw new Error(`Unreadable duration "${value}"`);
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1), 0);
}

const template = z.object({ subject: z.string().optional(), content_path: z.string() });
const schema = z.object({
  auth: z
    .object({
      site_url: z.url().optional(),
      additional_redirect_urls: z.array(z.string()).optional(),
      jwt_expiry: z.number().int().positive().optional(),
      refresh_token_reuse_interval: z.number().int().nonnegative().optional(),
      minimum_password_length: z.number().int().positive().optional(),
      rate_limit: z
        .object({
          email_sent: z.number().int().positive().optional(),
          sign_in_sign_ups: z.number().int().positive().optional(),
          token_refresh: z.number().int().positive().optional(),
          token_verifications: z.number().int().positive().optional(),
        })
        .optional(),
      email: z
        .object({
          enable_confirmations: z.boolean().optional(),
          double_confirm_changes: z.boolean().optional(),
          max_frequency: z.string().optional(),
          otp_length: z.number().int().min(6).max(10).optional(),
          otp_expiry: z.number().int().positive().optional(),
          smtp: z.object({ enabled: z.boolean().optional() }).loose().optional(),
          template: z.record(z.string(), template).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** config.toml's template names, by the stand-in's mail kinds. */
const TEMPLATE_OF: Record<MailKind, string> = {
  signup: 'confirmation',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: 'reauthentication',
};

export function readAuthConfig(path = CONFIG_TOML): ProjectAuthConfig {
  const parsed = schema.safeParse(parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const auth = parsed.data.auth ?? {};
  const email = auth.email ?? {};
  const limits = auth.rate_limit ?? {};
  const settings: Partial<AuthSettings> = {};
  const set = <K extends keyof AuthSettings>(key: K, value: AuthSettings[K] | undefined) => {
    if (value !== undefined) settings[key] = value;
  };
  set('additionalRedirectUrls', auth.additional_redirect_urls);
  set('jwtExpiry', auth.jwt_expiry);
  set('refreshTokenReuseInterval', auth.refresh_token_reuse_interval);
  set('minPasswordLength', auth.minimum_password_length);
  set('enableConfirmations', email.enable_confirmations);
  set('secureEmailChange', email.double_confirm_changes);
  set('maxFrequency', email.max_frequency === undefined ? undefined : durationSeconds(email.max_frequency));
  set('otpLength', email.otp_length);
  set('otpExpiry', email.otp_expiry);
  settings.rateLimits = {
    signInSignUps: limits.sign_in_sign_ups ?? DEFAULT_RATE_LIMITS.signInSignUps,
    tokenRefresh: limits.token_refresh ?? DEFAULT_RATE_LIMITS.tokenRefresh,
    tokenVerifications: limits.token_verifications ?? DEFAULT_RATE_LIMITS.tokenVerifications,
    // The project's mail limit applies to a custom SMTP server; the built-in mailer has its own, tighter one.
    emailSent: email.smtp?.enabled ? (limits.email_sent ?? 30) : DEFAULT_RATE_LIMITS.emailSent,
    burst: DEFAULT_RATE_LIMITS.burst,
  };
  const templates: ProjectAuthConfig['templates'] = {};
  for (const [kind, name] of Object.entries(TEMPLATE_OF) as [MailKind, string][]) {
    const t = email.template?.[name];
    if (!t) continue;
    // content_path is relative to the project folder, as the Supabase CLI reads it.
    const content = readFileSync(resolve(PROJECT_ROOT, t.content_path), 'utf8');
    templates[kind] = { subject: t.subject ?? '', content };
  }
  return { siteUrl: auth.site_url, settings, templates };
}
