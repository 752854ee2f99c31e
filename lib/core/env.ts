import 'server-only';
import { z } from 'zod';
import { LOCAL_DEFAULTS, isLocalUrl } from './local-defaults';
import { localSecret } from './local-secret';
import { isServerActionsKey, SERVER_ACTIONS_KEY_RULE } from './server-actions-key';

/**
 * Server configuration, validated once at start-up.
 * Local mode (Supabase URL on this machine): anything unset falls back to the `supabase start` defaults and the
 * Stripe stand-in. Hosted mode: every variable must be set, so a half-configured deployment fails loudly.
 */
const schema = z.object({
  NEXT_PUBLIC_SUPABASE_URL: z.url(),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: z.string().min(20),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(20),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_'),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_'),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_'),
  /** Only for the offline stand-in (or stripe-mock); unset means api.stripe.com. */
  STRIPE_API_BASE: z.url().optional(),
  SITE_URL: z.url(),
  /** Signs the checkout cookie (which checkouts a browser started). Its own secret: the Stripe key is public locally. */
  CHECKOUT_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)'),
  /** The shop's time zone (IANA name): the back office's days, hours and months. */
  SHOP_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone name such as America/New_York'),
  /** Where the shop's own mail goes out: smtp://user:password@host:587 (STARTTLS) or smtps://…:465. */
  SMTP_URL: z.url().refine((u) => /^smtps?:\/\/[^/]/.test(u), 'must be an smtp:// or smtps:// URL'),
  /** The sender of the shop's mail: an address, or 'Name <address>'. */
  MAIL_FROM: z.string().refine(isMailFrom, "must be an address or 'Name <address>' on one line"),
  /** Where the shop's new-order notices go when the shop settings name no address. */
  SHOP_NOTIFY_EMAIL: z.email('must be an e-mail address'),
  /**
   * The key of the server actions (lib/core/server-actions-key.ts): hosted, the same for the build and every server.
   * Locally unset is fine: the servers of one `npm start` or test run share one build.
   */
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z.string().refine(isServerActionsKey, SERVER_ACTIONS_KEY_RULE).optional(),
});
const hostedSchema = schema.required({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: true });

/** 'orders@shop.example' or 'Aurelia Fine Jewelry <orders@shop.example>', on one line. */
export function isMailFrom(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const m = /^(?:[^<>"\r\n]+ )?<([^<>\s]+)>$/.exec(value.trim());
  return z.email().safeParse(m ? m[1] : value.trim()).success;
}

/** The time zone the shop keeps its books in when SHOP_TIME_ZONE is unset. */
export const DEFAULT_SHOP_TIME_ZONE = 'America/New_York';

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

export type ServerEnv = z.infer<typeof schema>;

export function loadEnv(source: Record<string, string | undefined> = process.env, localDataDir?: string): ServerEnv {
  const supabaseUrl = source.NEXT_PUBLIC_SUPABASE_URL || LOCAL_DEFAULTS.supabaseUrl;
  const local = isLocalUrl(supabaseUrl);
  const pick = (name: string, fallback: string) => source[name] || (local ? fallback : undefined);
  const stripeKey = pick('STRIPE_SECRET_KEY', LOCAL_DEFAULTS.stripeSecretKey);
  const raw = {
    NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: pick('NEXT_PUBLIC_SUPABASE_ANON_KEY', LOCAL_DEFAULTS.anonKey),
    SUPABASE_SERVICE_ROLE_KEY: pick('SUPABASE_SERVICE_ROLE_KEY', LOCAL_DEFAULTS.serviceRoleKey),
    DATABASE_URL: pick('DATABASE_URL', LOCAL_DEFAULTS.databaseUrl),
    STRIPE_SECRET_KEY: stripeKey,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: pick('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', LOCAL_DEFAULTS.stripePublishableKey),
    STRIPE_WEBHOOK_SECRET: pick('STRIPE_WEBHOOK_SECRET', LOCAL_DEFAULTS.stripeWebhookSecret),
    STRIPE_API_BASE:
      source.STRIPE_API_BASE || (stripeKey === LOCAL_DEFAULTS.stripeSecretKey ? LOCAL_DEFAULTS.stripeApiBase : undefined),
    SITE_URL: pick('SITE_URL', LOCAL_DEFAULTS.siteUrl),
    // Locally: made once per data folder, shared by every server started from it.
    CHECKOUT_COOKIE_SECRET:
      source.CHECKOUT_COOKIE_SECRET || (local ? localSecret('checkout-cookie-secret', localDataDir) : undefined),
    SHOP_TIME_ZONE: source.SHOP_TIME_ZONE || DEFAULT_SHOP_TIME_ZONE,
    SMTP_URL: pick('SMTP_URL', LOCAL_DEFAULTS.smtpUrl),
    MAIL_FROM: pick('MAIL_FROM', LOCAL_DEFAULTS.mailFrom),
    SHOP_NOTIFY_EMAIL: pick('SHOP_NOTIFY_EMAIL', LOCAL_DEFAULTS.shopNotifyEmail),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: source.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY || undefined,
  };
  const parsed = (local ? schema : hostedSchema).safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `  ${i.path.join('.')}: ${raw[i.path[0] as keyof typeof raw] === undefined ? 'not set' : i.message}`)
      .join('\n');
    throw new Error(`Invalid environment configuration:\n${problems}\nSee .env.example.`);
  }
  return parsed.data;
}

let cached: ServerEnv | undefined;
export function env(): ServerEnv {
  cached ??= loadEnv();
  return cached;
}
