import { describe, expect, it } from 'vitest';
import { confirmDestination, emailRedirectTo, UPDATE_PASSWORD_PATH } from '@/lib/auth/email-links';
import { credentialsSchema, signOutSchema, verifyCodeSchema } from '@/lib/auth/schemas';
import { AUTH_VIEWS, BUTTON, isAuthView, linkErrorMessage, VIEW_LINKS } from '@/lib/auth/views';

describe('auth mail links', () => {
  it('send every mail through /auth/confirm with a path of this site as next', () => {
    expect(emailRedirectTo('http://localhost:3000', '/dashboard')).toBe('http://localhost:3000/auth/confirm?next=%2Fdashboard');
    expect(emailRedirectTo('https://shop.test', 'https://evil.test/x')).toBe('https://shop.test/auth/confirm?next=%2Fdashboard');
    expect(emailRedirectTo('https://shop.test', UPDATE_PASSWORD_PATH)).toBe(
      'https://shop.test/auth/confirm?next=%2Flogin%3Fview%3Dupdate_password',
    );
  });

  it('open the real destination, also when a template wrapped /auth/confirm into next', () => {
    expect(confirmDestination('/dashboard?tab=orders')).toBe('/dashboard?tab=orders');
    // Mail templates pass the whole redirect URL ({{ .RedirectTo }}); only its path is followed, whatever the host.
    expect(confirmDestination('http://localhost:3000/auth/confirm?next=/dashboard?tab=orders')).toBe('/dashboard?tab=orders');
    expect(confirmDestination('https://evil.example/account')).toBe('/account');
    expect(confirmDestination('/auth/confirm?next=%2Flogin%3Fview%3Dupdate_password')).toBe('/login?view=update_password');
    expect(confirmDestination('/auth/confirm?next=https%3A%2F%2Fevil.test')).toBe('/dashboard');
    expect(confirmDestination('//evil.test')).toBe('/dashboard');
    expect(confirmDestination(null)).toBe('/dashboard');
  });
});

describe('auth views', () => {
  it('know the six hosted views and their words', () => {
    expect(AUTH_VIEWS).toHaveLength(6);
    expect(isAuthView('verify_otp')).toBe(true);
    expect(isAuthView('admin')).toBe(false);
    expect(BUTTON.verify_otp).toEqual({ label: 'Verify token', loading: 'Signing in ...' });
    expect(VIEW_LINKS.sign_in).toEqual(['magic_link', 'forgotten_password', 'sign_up']);
  });

  it('show only known link errors, never text from the address bar', () => {
    expect(linkErrorMessage('link_invalid')).toBe('Email link is invalid or has expired');
    expect(linkErrorMessage('Call +1 555 0100 now')).toBeNull();
  });

  it('take a password exactly as typed and refuse an empty address or a malformed code', () => {
    expect(credentialsSchema.parse({ email: ' a@b.test ', password: ' pass word ' })).toMatchObject({
      email: 'a@b.test',
      password: ' pass word ',
    });
    expect(credentialsSchema.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe('Email address is required');
    expect(credentialsSchema.safeParse({ email: 'a@b.test', password: 'x'.repeat(73) }).success).toBe(false);
    expect(verifyCodeSchema.safeParse({ email: 'a@b.test', token: '12ab56' }).success).toBe(false);
    expect(verifyCodeSchema.parse({ email: 'a@b.test', token: ' 123456 ' }).token).toBe('123456');
  });

  it('sign-out takes { to } or a bound path, as forms pass it', () => {
    expect(signOutSchema.parse({ to: '/login' })).toEqual({ to: '/login' });
    expect(signOutSchema.parse('/admin/login')).toEqual({ to: '/admin/login' });
    expect(signOutSchema.parse({})).toEqual({});
  });
});
