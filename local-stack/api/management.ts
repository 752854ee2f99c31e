// GET /v1/projects/{ref}/config/auth: the part of Supabase's Management API that reads a project's Auth settings
// (site URL, redirect list, confirmations, SMTP), answered from the stand-in's own settings. Locally the service
// role key stands in for the personal access token the real API takes.
import type { AuthContextConfig } from './auth/config';
import { bearerToken, sendJson, type RequestContext } from './http';

export function handleManagement(ctx: RequestContext, config: AuthContextConfig, serviceRoleKey: string): void {
  if (bearerToken(ctx.header('authorization')) !== serviceRoleKey) return sendJson(ctx.res, 401, { message: 'Unauthorized' });
  if (ctx.method !== 'GET' || !/^\/[^/]+\/config\/auth$/.test(ctx.path)) return sendJson(ctx.res, 404, { message: 'Not found' });
  const s = config.settings;
  sendJson(ctx.res, 200, {
    site_url: config.siteUrl,
    uri_allow_list: s.additionalRedirectUrls.join(','),
    mailer_autoconfirm: !s.enableConfirmations,
    mailer_otp_exp: s.otpExpiry,
    mailer_otp_length: s.otpLength,
    smtp_max_frequency: s.maxFrequency,
    smtp_host: null,
    rate_limit_email_sent: s.rateLimits.emailSent,
  });
}
