// The sign-in card's server actions end to end: the real @supabase/ssr server client, the Auth stand-in, its mailbox
// and the /auth/confirm route, in a cookie jar standing for one browser.
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => import('../support/next-request'));

import { GET as confirmGET } from '@/app/auth/confirm/route';
import { sendMagicLink, sendPasswordReset, signIn, signOut, signUp, updatePassword, verifyEmailCode } from '@/lib/auth/actions';
import { getCurrentUser } from '@/lib/auth/user';
import { db } from '@/lib/core/db';
import { supabaseUrl } from '../support/auth-clients';
import { latestMail, linkParams, mailTo } from '../support/mailbox';
import { asRequest, browser, type Browser } from '../support/next-request';
import { newCustomer, redirectOf, uniqueEmail } from '../support/account-people';
import { CONFIRMATION } from '@/lib/auth/views';

afterAll(() => db().end());

const SESSION_COOKIE = 'sb-127-auth-token';
const hasSession = (who: Browser) => [...who.jar.keys()].some((k) => k.startsWith(SESSION_COOKIE));
const whoAmI = (who: Browser) => asRequest(who, () => getCurrentUser());

async function openLink(who: Browser, link: string): Promise<Response> {
  const url = new URL(link);
  return asRequest(who, () => confirmGET(new Request(`http://localhost${url.pathname}${url.search}`)));
}

describe('sign-up and sign-in', () => {
  it('signs up, sets the HttpOnly session and the hint cookie, and goes to /dashboard', async () => {
    const who = browser();
    const email = uniqueEmail('signup');
    expect(await redirectOf(asRequest(who, () => signUp({ email, password: 'correct-horse-1' })))).toBe('/dashboard');
    expect(hasSession(who)).toBe(true);
    expect(who.jar.get('shop_signed_in')).toBe('1');
    expect((await whoAmI(who))?.email).toBe(email);
  });

  it('answers a wrong password with the server message and keeps the browser signed out', async () => {
    const { email } = await newCustomer('wrong');
    const who = browser();
    const result = await asRequest(who, () => signIn({ email, password: 'not-the-password' }));
    expect(result).toEqual({ ok: false, status: 400, error: 'Invalid login credentials' });
    expect(hasSession(who)).toBe(false);
  });

  it('goes to a safe next only', async () => {
    const { email, password } = await newCustomer('next');
    expect(await redirectOf(asRequest(browser(), () => signIn({ email, password, next: '/dashboard?tab=profile' })))).toBe(
      '/dashboard?tab=profile',
    );
    expect(await redirectOf(asRequest(browser(), () => signIn({ email, password, next: '//evil.test/x' })))).toBe('/dashboard');
  });

  it('shows the weak-password reasons beside the password', async () => {
    const result = await asRequest(browser(), () => signUp({ email: uniqueEmail('weak'), password: 'abc' }));
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      error: 'Password should be at least 6 characters.',
      fieldErrors: { password: 'It is too short.' },
    });
  });

  it('refuses 10 kB of text and control characters before asking the Auth server', async () => {
    const long = await asRequest(browser(), () => signIn({ email: `${'a'.repeat(10_240)}@x.test`, password: 'x' }));
    expect(long).toMatchObject({ ok: false, status: 400, fieldErrors: { email: expect.stringMatching(/too long/) } });
    const nul = await asRequest(browser(), () => signIn({ email: 'a@x.test', password: 'pass\u0000word' }));
    expect(nul).toMatchObject({ ok: false, status: 400, fieldErrors: { password: expect.stringMatching(/control/) } });
  });

  it('limits sign-ins per e-mail with a clear message, even with the right password', async () => {
    const { email, password } = await newCustomer('limited'); // its own sign-in is the first of 5 a minute
    for (let i = 0; i < 4; i++) {
      const r = await asRequest(browser(), () => signIn({ email, password: 'wrong-password' }));
      expect(r).toMatchObject({ ok: false, error: 'Invalid login credentials' });
    }
    const refused = await asRequest(browser(), () => signIn({ email, password }));
    expect(refused).toMatchObject({ ok: false, status: 429, error: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/) });
  });

  it('signs out: session and hint cookies cleared, then /login', async () => {
    const customer = await newCustomer('signout');
    expect(await redirectOf(asRequest(customer.browser, () => signOut({})))).toBe('/login');
    expect(hasSession(customer.browser)).toBe(false);
    expect(customer.browser.jar.has('shop_signed_in')).toBe(false);
    expect(await whoAmI(customer.browser)).toBeNull();
  });
});

describe('mail flows through the local mailbox', () => {
  it('magic link: an empty address is named; the link signs in through /auth/confirm', async () => {
    const empty = await asRequest(browser(), () => sendMagicLink({ email: '' }));
    expect(empty).toMatchObject({ ok: false, status: 400, fieldErrors: { email: 'Email address is required' } });

    const { email } = await newCustomer('magic');
    const who = browser();
    const sent = await asRequest(who, () => sendMagicLink({ email, next: '/dashboard?tab=addresses' }));
    expect(sent).toEqual({ ok: true, data: { message: 'Check your email for the magic link' } });
    const mail = await latestMail(supabaseUrl(), email);
    expect(linkParams(mail!).get('type')).toBe('magiclink');
    const res = await openLink(who, mail!.links[0]!);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard?tab=addresses');
    expect((await whoAmI(who))?.email).toBe(email);
    // A link works once.
    const again = await openLink(browser(), mail!.links[0]!);
    expect(again.headers.get('location')).toBe('/login?error=link_invalid');
  });

  it('the 6-digit code from the mail signs in; a wrong code is refused', async () => {
    const { email } = await newCustomer('code');
    const who = browser();
    await asRequest(who, () => sendMagicLink({ email }));
    const mail = await latestMail(supabaseUrl(), email);
    expect(mail?.code).toMatch(/^\d{6}$/);
    const wrong = String((Number(mail!.code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await asRequest(who, () => verifyEmailCode({ email, token: wrong }));
    expect(refused).toMatchObject({ ok: false, status: 403, error: 'Token has expired or is invalid' });
    expect(await redirectOf(asRequest(who, () => verifyEmailCode({ email, token: mail!.code! })))).toBe('/dashboard');
    expect((await whoAmI(who))?.email).toBe(email);
  });

  it('password reset: the link opens update_password, the new password works, the old one not', async () => {
    const { email, password } = await newCustomer('reset');
    const who = browser();
    const sent = await asRequest(who, () => sendPasswordReset({ email }));
    expect(sent).toEqual({ ok: true, data: { message: 'Check your email for the password reset link' } });
    const mail = await latestMail(supabaseUrl(), email);
    expect(linkParams(mail!).get('type')).toBe('recovery');
    const res = await openLink(who, mail!.links[0]!);
    expect(res.headers.get('location')).toBe('/login?view=update_password');

    const updated = await asRequest(who, () => updatePassword({ password: 'brand-new-secret' }));
    expect(updated).toEqual({ ok: true, data: { message: 'Your password has been updated', view: 'sign_in' } });
    expect(await redirectOf(asRequest(browser(), () => signIn({ email, password: 'brand-new-secret' })))).toBe('/dashboard');
    expect(await asRequest(browser(), () => signIn({ email, password }))).toMatchObject({ ok: false, error: 'Invalid login credentials' });
  });

  it('reset and magic link answer the same twice in a row, whether the address has an account or not', async () => {
    const [resetting, magicking] = [(await newCustomer('reset-twice')).email, (await newCustomer('magic-twice')).email];
    // Back to back (within Auth's resend interval), each from a browser of its own: the shop's per-address limit
    // stays out of the way.
    const twice = async (send: typeof sendPasswordReset, email: string) => [
      await asRequest(browser(), () => send({ email })),
      await asRequest(browser(), () => send({ email })),
    ];
    const sent = (message: string) => ({ ok: true, data: { message } });
    const reset = sent(CONFIRMATION.forgotten_password);
    const magic = sent(CONFIRMATION.magic_link);
    expect(await twice(sendPasswordReset, resetting)).toEqual([reset, reset]);
    expect(await twice(sendPasswordReset, uniqueEmail('nobody'))).toEqual([reset, reset]);
    expect(await twice(sendMagicLink, magicking)).toEqual([magic, magic]);
    expect(await twice(sendMagicLink, uniqueEmail('nobody'))).toEqual([magic, magic]);
    // Auth did refuse each second mail: every account got one.
    expect((await mailTo(supabaseUrl(), resetting)).map((m) => m.subject)).toEqual(['Reset Your Password']);
    expect((await mailTo(supabaseUrl(), magicking)).map((m) => m.subject)).toEqual(['Your Magic Link']);
  });

  it('update password without a session says so', async () => {
    const result = await asRequest(browser(), () => updatePassword({ password: 'whatever-123' }));
    expect(result).toMatchObject({ ok: false, error: 'Auth session missing!' });
  });

  it('a broken or forged link lands on /login with the link error, never with its own text', async () => {
    for (const query of ['?token_hash=zz&type=magiclink', '?token_hash=<script>&type=recovery', '?code=nope-nope-nope', '']) {
      const res = await asRequest(browser(), () => confirmGET(new Request(`http://localhost/auth/confirm${query}`)));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?error=link_invalid');
    }
  });
});
