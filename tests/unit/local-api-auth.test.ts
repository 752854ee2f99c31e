// Over 300 lines: the Auth stand-in's pure rules, tested side by side as they work together.
// Pure rules of the Auth stand-in: token hashes, refresh-token reuse, PKCE, redirects, error bodies, mails, claims.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokenClaims } from '../../local-stack/api/auth/claims';
import { renderAuthError, AuthHttpError, OAuthError, weakPassword, requestApiVersion } from '../../local-stack/api/auth/errors';
import { parseGoDuration } from '../../local-stack/api/auth/handlers/admin';
import { composeAuthMail, confirmLink } from '../../local-stack/api/auth/mail';
import { pkceParams } from '../../local-stack/api/auth/pkce';
import {
  decideRefresh,
  generateOtp,
  generateRefreshToken,
  isOtpExpired,
  isRedirectAllowed,
  matchesTokenHash,
  pkceVerifierMatches,
  redirectPath,
  resolveRedirect,
  secondsUntilResend,
  tokenHash,
  withFlowPrefix,
} from '../../local-stack/api/auth/tokens';
import { mergeMetadata, userJson, type UserRow } from '../../local-stack/api/auth/users';
import { passwordProblems, validateEmail } from '../../local-stack/api/auth/validation';

describe('email token hashes', () => {
  it('are hex(sha224(email + otp)), prefixed with pkce_ in the PKCE flow', () => {
    const expected = createHash('sha224').update('ann@example.com123456').digest('hex');
    expect(tokenHash('ann@example.com', '123456')).toBe(expected);
    expect(expected).toHaveLength(56);
    expect(withFlowPrefix(expected, true)).toBe(`pkce_${expected}`);
    expect(withFlowPrefix(expected, false)).toBe(expected);
  });

  it('match a typed code with or without the stored PKCE prefix', () => {
    const hash = tokenHash('ann@example.com', '000111');
    expect(matchesTokenHash(hash, hash)).toBe(true);
    expect(matchesTokenHash(`pkce_${hash}`, hash)).toBe(true);
    expect(matchesTokenHash(hash, tokenHash('ann@example.com', '000112'))).toBe(false);
    expect(matchesTokenHash('', '')).toBe(false);
    expect(matchesTokenHash(null, hash)).toBe(false);
  });

  it('codes are 6 digits by default and keep leading zeros', () => {
    for (let i = 0; i < 50; i++) expect(generateOtp()).toMatch(/^\d{6}$/);
    expect(generateOtp(8)).toMatch(/^\d{8}$/);
  });

  it('expire after the OTP lifetime; resends wait for max_frequency', () => {
    const sent = new Date('2026-01-01T10:00:00Z');
    expect(isOtpExpired(sent, 3600, new Date('2026-01-01T10:59:59Z'))).toBe(false);
    expect(isOtpExpired(sent, 3600, new Date('2026-01-01T11:00:01Z'))).toBe(true);
    expect(isOtpExpired(null, 3600)).toBe(true);
    expect(secondsUntilResend(sent, 60, new Date('2026-01-01T10:00:30Z'))).toBe(30);
    expect(secondsUntilResend(sent, 1, new Date('2026-01-01T10:00:02Z'))).toBe(0);
    expect(secondsUntilResend(null, 60)).toBe(0);
  });
});

describe('refresh-token reuse decision', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const revokedAt = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);

  it('rotates an active token', () => {
    expect(decideRefresh({ token: 'a', revoked: false, updatedAt: revokedAt(100) }, null, 10, now)).toEqual({
      action: 'rotate',
    });
  });

  it("returns the active token for its parent, however late", () => {
    const active = { token: 'c', parent: 'b' };
    expect(decideRefresh({ token: 'b', revoked: true, updatedAt: revokedAt(3600) }, active, 10, now)).toEqual({
      action: 'return-active',
    });
  });

  it('accepts other revoked tokens only inside the reuse interval', () => {
    const active = { token: 'c', parent: 'b' };
    expect(decideRefresh({ token: 'a', revoked: true, updatedAt: revokedAt(5) }, active, 10, now)).toEqual({
      action: 'rotate',
    });
    expect(decideRefresh({ token: 'a', revoked: true, updatedAt: revokedAt(11) }, active, 10, now)).toEqual({
      action: 'refuse',
    });
    expect(decideRefresh({ token: 'c', revoked: true, updatedAt: revokedAt(11) }, null, 10, now)).toEqual({
      action: 'refuse',
    });
  });

  it('refresh tokens are 12 random lowercase alphanumerics', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => generateRefreshToken()));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[a-z0-9]{12}$/);
  });
});

describe('PKCE', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('checks S256 and plain verifiers', () => {
    expect(pkceVerifierMatches('s256', challenge, verifier)).toBe(true);
    expect(pkceVerifierMatches('s256', challenge, `${verifier}x`)).toBe(false);
    expect(pkceVerifierMatches('plain', verifier, verifier)).toBe(true);
  });

  it('validates challenge parameters like GoTrue', () => {
    expect(pkceParams(null, null)).toBeNull();
    expect(pkceParams(challenge, 'S256')).toEqual({ challenge, method: 's256' });
    expect(() => pkceParams(challenge, null)).toThrow(/requires code_challenge_method and code_challenge/);
    expect(() => pkceParams('short', 's256')).toThrow(/between 43 and 128/);
    expect(() => pkceParams(challenge, 'md5')).toThrow(/not supported/);
  });
});

describe('redirects', () => {
  const site = 'http://localhost:3000';

  it('allow the site host (any loopback name) and the allow list, nothing else', () => {
    expect(isRedirectAllowed('http://localhost:3000/account', site)).toBe(true);
    expect(isRedirectAllowed('http://127.0.0.1:3000/account', site)).toBe(true);
    expect(isRedirectAllowed('https://evil.example/phish', site)).toBe(false);
    // The site's host alone is not enough: scheme and port must match too.
    expect(isRedirectAllowed('http://localhost:3001/account', site)).toBe(false);
    expect(isRedirectAllowed('https://localhost:3000/account', site)).toBe(false);
    expect(isRedirectAllowed('javascript:alert(1)', site)).toBe(false);
    expect(isRedirectAllowed('https://shop.example.com/x', site, ['https://*.example.com/**'])).toBe(true);
    expect(resolveRedirect('https://evil.example/', site)).toBe(site);
    expect(resolveRedirect(undefined, site)).toBe(site);
  });

  it('carry only the path to the app as `next`', () => {
    expect(redirectPath('http://localhost:3000/account/update-password?x=1')).toBe('/account/update-password?x=1');
    expect(redirectPath('http://localhost:3000')).toBe('/');
    expect(redirectPath('garbage')).toBe('/');
  });
});

describe('error bodies', () => {
  it('use {code, message} from API version 2024-01-01 and echo the version', () => {
    const r = renderAuthError(new AuthHttpError(400, 'invalid_credentials', 'Invalid login credentials'), '2024-01-01');
    expect(r).toEqual({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(requestApiVersion('2025-05-05')).toBe('2024-01-01');
    expect(requestApiVersion('2023-12-31')).toBeNull();
    expect(requestApiVersion('garbage')).toBeNull();
  });

  it('use {code, error_code, msg} without it, and carry weak-password reasons either way', () => {
    const weak = weakPassword('Password should be at least 6 characters.', ['length']);
    expect(renderAuthError(weak, undefined)).toEqual({
      status: 422,
      body: {
        code: 422,
        error_code: 'weak_password',
        msg: 'Password should be at least 6 characters.',
        weak_password: { reasons: ['length'] },
      },
      headers: {},
    });
    expect(renderAuthError(weak, '2024-01-01').body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(renderAuthError(new OAuthError('invalid_request', 'refresh_token required'), undefined).body).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });
});

describe('input rules', () => {
  it('normalise emails and reject malformed ones', () => {
    expect(validateEmail('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(() => validateEmail('')).toThrow('An email address is required');
    expect(() => validateEmail('no-at-sign')).toThrow(/invalid format/);
  });

  it('report short passwords as weak with the length reason', () => {
    expect(passwordProblems('12345', 6)).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(passwordProblems('123456', 6)).toBeNull();
    expect(passwordProblems('x'.repeat(73), 6)).toMatchObject({ code: 'validation_failed' });
  });

  it('merge metadata with null as delete', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
    expect(mergeMetadata(null, { a: 1 })).toEqual({ a: 1 });
  });

  it('parse Go durations for ban_duration', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('forever')).toBeNull();
    expect(parseGoDuration('')).toBeNull();
  });
});

describe('mails', () => {
  it('link to the app /auth/confirm with token_hash, type and next, and carry the code', () => {
    const mail = composeAuthMail({
      kind: 'recovery',
      to: 'ann@example.com',
      siteUrl: 'http://localhost:3000',
      tokenHash: 'abc',
      otp: '012345',
      redirectTo: 'http://localhost:3000/account/update-password',
    });
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.links).toEqual([
      'http://localhost:3000/auth/confirm?token_hash=abc&type=recovery&next=%2Faccount%2Fupdate-password',
    ]);
    expect(mail.code).toBe('012345');
    expect(mail.text).toContain('012345');
    expect(mail.html).toContain('href="http://localhost:3000/auth/confirm?token_hash=abc&amp;type=recovery');
    expect(confirmLink('http://localhost:3000', 'h', 'magiclink', 'http://localhost:3000/')).toBe(
      'http://localhost:3000/auth/confirm?token_hash=h&type=magiclink&next=%2F',
    );
  });

  it('has no link for reauthentication, only the code', () => {
    const mail = composeAuthMail({
      kind: 'reauthentication',
      to: 'ann@example.com',
      siteUrl: 'http://localhost:3000',
      tokenHash: 'abc',
      otp: '999999',
      redirectTo: 'http://localhost:3000',
    });
    expect(mail.links).toEqual([]);
    expect(mail.code).toBe('999999');
  });
});

describe('user object and claims', () => {
  const row: UserRow = {
    id: '6f1c2f44-4a4e-4d4f-9a53-1b0e9b1f7a10',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ann@example.com',
    encrypted_password: '$2a$10$x',
    email_confirmed_at: new Date('2026-01-01T00:00:00Z'),
    invited_at: null,
    confirmation_token: '',
    confirmation_sent_at: null,
    recovery_token: '',
    recovery_sent_at: null,
    email_change_token_new: '',
    email_change_token_current: '',
    email_change: '',
    email_change_sent_at: null,
    email_change_confirm_status: 0,
    reauthentication_token: '',
    reauthentication_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: { full_name: 'Ann' },
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-01-01T00:00:00Z'),
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: new Date('2026-01-01T00:00:00Z'),
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
    is_sso_user: false,
  };

  it('omits unset timestamps and never exposes the password hash', () => {
    const json = userJson(row, []);
    expect(json).toMatchObject({ id: row.id, email: 'ann@example.com', phone: '', identities: [] });
    expect(json).not.toHaveProperty('encrypted_password');
    expect(json).not.toHaveProperty('recovery_sent_at');
    expect(json).not.toHaveProperty('new_email');
    expect(json.email_confirmed_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('builds the access-token claims', () => {
    const claims = accessTokenClaims({
      issuer: 'http://127.0.0.1:54321/auth/v1',
      user: row,
      sessionId: 'sid',
      amr: [{ method: 'password', timestamp: 100 }],
      issuedAt: 1000,
      expiresIn: 3600,
    });
    expect(claims).toEqual({
      aud: 'authenticated',
      exp: 4600,
      iat: 1000,
      iss: 'http://127.0.0.1:54321/auth/v1',
      sub: row.id,
      email: 'ann@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ann' },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 100 }],
      session_id: 'sid',
      is_anonymous: false,
    });
  });
});
