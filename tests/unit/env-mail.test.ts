// The shop's mail settings: required and checked in hosted mode, the local SMTP server's defaults otherwise.
import { describe, expect, it } from 'vitest';
import { isMailFrom, loadEnv } from '@/lib/core/env';
import { LOCAL_DEFAULTS } from '@/lib/core/local-defaults';

const hosted: Record<string, string> = {
  NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
  NEXT_PUBLIC_SUPABASE_ANON_KEY: 'a'.repeat(40),
  SUPABASE_SERVICE_ROLE_KEY: 'b'.repeat(40),
  DATABASE_URL: 'postgresql://u:p@db.example.com:6543/postgres',
  STRIPE_SECRET_KEY: 'sk_test_123',
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SITE_URL: 'https://shop.example.com',
  CHECKOUT_COOKIE_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Aurelia Fine Jewelry <orders@shop.example.com>',
  SHOP_NOTIFY_EMAIL: 'orders@shop.example.com',
};

describe('mail settings', () => {
  it('fall back to the local SMTP server on the local stack', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ SMTP_URL: LOCAL_DEFAULTS.smtpUrl, MAIL_FROM: LOCAL_DEFAULTS.mailFrom, SHOP_NOTIFY_EMAIL: LOCAL_DEFAULTS.shopNotifyEmail });
  });

  it('are all required in hosted mode, named in one list', () => {
    const { SMTP_URL: _u, MAIL_FROM: _f, SHOP_NOTIFY_EMAIL: _n, ...rest } = hosted;
    expect(() => loadEnv(rest)).toThrow(/SMTP_URL: not set\n {2}MAIL_FROM: not set\n {2}SHOP_NOTIFY_EMAIL: not set/);
    expect(loadEnv(hosted).SMTP_URL).toBe(hosted.SMTP_URL);
  });

  it('refuse what is not an SMTP URL, a sender on two lines or a list of addresses', () => {
    expect(() => loadEnv({ ...hosted, SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadEnv({ ...hosted, MAIL_FROM: 'Shop <orders@shop.example.com>\r\nBcc: x@y.example' })).toThrow(/MAIL_FROM/);
    expect(() => loadEnv({ ...hosted, SHOP_NOTIFY_EMAIL: 'a@shop.example.com, b@shop.example.com' })).toThrow(/SHOP_NOTIFY_EMAIL/);
  });

  it('take a sender as an address or as a name and an address', () => {
    expect(isMailFrom('orders@shop.example.com')).toBe(true);
    expect(isMailFrom('Aurelia Fine Jewelry <orders@shop.example.com>')).toBe(true);
    expect(isMailFrom('<orders@shop.example.com>')).toBe(true);
    for (const bad of ['', 'orders', 'Shop <orders>', 'Shop orders@shop.example.com', 'a@b.example\nc@d.example']) {
      expect(isMailFrom(bad), bad).toBe(false);
    }
  });
});
