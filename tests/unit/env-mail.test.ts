// The shop's mail settings: required and checked in hosted mode, the local SMTP server's defaults otherwise.
import { describe, expect, it } from 'vitest';
import { isMailFrom, loadEnv } from '@/lib/core/env';
import { LOCAL_DEFAULTS } from '@/lib/core/local-defaults';
import { HOSTED_ENV } from '../support/hosted-env';

const hosted = HOSTED_ENV;

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
