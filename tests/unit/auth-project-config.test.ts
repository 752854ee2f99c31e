// The Auth stand-in takes its settings from supabase/config.toml, as `supabase start` does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmDestination } from '@/lib/auth/email-links';
import { composeAuthMail } from '@/local-stack/api/auth/mail';
import { durationSeconds, readAuthConfig } from '@/local-stack/api/auth/project-config';

const dir = mkdtempSync(join(tmpdir(), 'auth-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('supabase/config.toml', () => {
  const config = readAuthConfig();

  it('carries a new hosted project’s defaults: confirmations on, a 60 s wait before a resend', () => {
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.settings.enableConfirmations).toBe(true);
    expect(config.settings.maxFrequency).toBe(60);
    expect(config.settings.rateLimits).toMatchObject({ signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30 });
  });

  it('names a template for each mail, every link through /auth/confirm with token_hash, the magic link with the code', () => {
    for (const kind of ['signup', 'magiclink', 'recovery', 'email_change_new'] as const) {
      expect(config.templates[kind]?.content).toMatch(
        /\{\{ \.SiteURL \}\}\/auth\/confirm\?token_hash=\{\{ \.TokenHash \}\}&type=\w+&next=\{\{ \.RedirectTo \}\}/,
      );
    }
    expect(config.templates.magiclink?.content).toContain('{{ .Token }}');
    const mail = composeAuthMail(
      {
        kind: 'magiclink',
        to: 'a@b.test',
        siteUrl: 'https://shop.test',
        tokenHash: 'pkce_abc',
        otp: '123456',
        redirectTo: 'https://shop.test/auth/confirm?next=%2Fcheckout',
      },
      config.templates.magiclink,
    );
    expect(mail.subject).toBe('Your Magic Link');
    expect(mail.links).toEqual([
      'https://shop.test/auth/confirm?token_hash=pkce_abc&type=magiclink&next=https://shop.test/auth/confirm?next=%2Fcheckout',
    ]);
    // /auth/confirm then opens the page the sign-in asked for.
    expect(confirmDestination(new URL(mail.links[0]!).searchParams.get('next'))).toBe('/checkout');
    expect(mail.html).toContain('<strong>123456</strong>');
    expect(mail.code).toBe('123456');
  });

  it('reads other values, and the project mail limit only with a custom SMTP server', () => {
    const file = join(dir, 'config.toml');
    writeFileSync(
      file,
      [
        '[auth]',
        'site_url = "https://shop.example.test"',
        '[auth.rate_limit]',
        'email_sent = 12',
        'sign_in_sign_ups = 5',
        '[auth.email]',
        'enable_confirmations = false',
        'max_frequency = "1m30s"',
        '[auth.email.smtp]',
        'enabled = true',
      ].join('\n'),
    );
    const other = readAuthConfig(file);
    expect(other.siteUrl).toBe('https://shop.example.test');
    expect(other.settings.enableConfirmations).toBe(false);
    expect(other.settings.maxFrequency).toBe(90);
    expect(other.settings.rateLimits).toMatchObject({ signInSignUps: 5, emailSent: 12 });
    expect(other.templates).toEqual({});
    writeFileSync(file, '[auth.email]\nmax_frequency = "soon"\n');
    expect(() => readAuthConfig(file)).toThrow(/Unreadable duration "soon"/);
    writeFileSync(file, '[auth]\nsite_url = 3\n');
    expect(() => readAuthConfig(file)).toThrow(/auth\.site_url/);
  });

  it('reads GoTrue durations', () => {
    expect(durationSeconds('1s')).toBe(1);
    expect(durationSeconds('2h')).toBe(7200);
    expect(() => durationSeconds('60')).toThrow();
  });
});
