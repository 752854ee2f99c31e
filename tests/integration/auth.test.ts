// Over 300 lines: one stand-in, one client set-up, every Auth method the shop calls.
// The Auth stand-in through the unchanged supabase-js and @supabase/ssr clients: every method the shop uses, with
// the errors the clients must raise. Mail is read back from the local mailbox.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AuthApiError,
  AuthSessionMissingError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type AuthChangeEvent,
  type Session,
} from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import { decodeJwt, jwtVerify } from 'jose';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDestination } from '../../lib/auth/email-links';
import { LOCAL_DEFAULTS } from '../../lib/core/local-defaults';
import { startApiServer, type ApiServer } from '../../local-stack/api/server';
import { anonClient, anonKey, cookieJar, serverClient, serviceClient, supabaseUrl } from '../support/auth-clients';
import { latestMail, linkParams } from '../support/mailbox';

const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
const siteUrl = process.env.SITE_URL!;
const apiUrl = supabaseUrl();
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha224 = (value: string) => createHash('sha224').update(value).digest('hex');

/** A second stand-in on the same database: confirmations on, refresh-token reuse interval of 1 s. */
let strict: ApiServer;
let strictStorage: string;

beforeAll(async () => {
  strictStorage = await mkdtemp(join(tmpdir(), 'auth-test-storage-'));
  strict = await startApiServer({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    storageDir: strictStorage,
    siteUrl,
    auth: { enableConfirmations: true, refreshTokenReuseInterval: 1, maxFrequency: 1 },
  });
});

afterAll(async () => {
  await strict?.stop();
  await rm(strictStorage, { recursive: true, force: true });
  await sql.end();
});

async function signedUp(tag: string, password = 'correct-horse-1') {
  const client = anonClient();
  const address = email(tag);
  const { data, error } = await client.auth.signUp({ email: address, password });
  expect(error).toBeNull();
  return { client, email: address, password, session: data.session!, user: data.user! };
}

async function signedIn(address: string, password: string) {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email: address, password });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

describe('signUp', () => {
  it('creates a confirmed user with a bcrypt hash, a profile and a session (confirmations are off)', async () => {
    const supabase = anonClient();
    const address = email('signup');
    const { data, error } = await supabase.auth.signUp({
      email: address,
      password: 'correct-horse-1',
      options: { data: { full_name: 'Ada Lovelace' } },
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.user).toMatchObject({
      email: address,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ada Lovelace' },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user!.id });

    const [row] = await sql<{ encrypted_password: string }[]>`
      select encrypted_password from auth.users where id = ${data.user!.id}`;
    expect(row!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(await bcrypt.compare('correct-horse-1', row!.encrypted_password)).toBe(true);
    const [profile] = await sql<{ full_name: string }[]>`select full_name from public.user_profiles where user_id = ${data.user!.id}`;
    expect(profile?.full_name).toBe('Ada Lovelace');
  });

  it('issues an HS256 access token with the claims Supabase puts in it', async () => {
    const { session, user } = await signedUp('claims');
    const { payload, protectedHeader } = await jwtVerify(
      session.access_token,
      new TextEncoder().encode(LOCAL_DEFAULTS.jwtSecret),
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      aal: 'aal1',
      iss: `${apiUrl}/auth/v1`,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBe(payload.exp);
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const [db] = await sql<{ user_id: string }[]>`select user_id from auth.sessions where id = ${payload.session_id as string}`;
    expect(db?.user_id).toBe(user.id);
  });

  it('refuses an address that is already registered with user_already_exists', async () => {
    const { email: address } = await signedUp('dup');
    const { data, error } = await anonClient().auth.signUp({ email: address, password: 'another-pass-2' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a short password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await anonClient().auth.signUp({ email: email('weak'), password: '12345' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });

  it('answers malformed input with GoTrue errors', async () => {
    const { error } = await anonClient().auth.signUp({ email: 'not-an-email', password: 'long-enough-1' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    const res = await fetch(`${apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey(), 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: 42, password: 'long-enough-1' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_json' });
  });
});

describe('signInWithPassword', () => {
  it('signs in with the right password and refuses a wrong one or an unknown address', async () => {
    const { email: address, password, user } = await signedUp('login');
    const { data, error } = await anonClient().auth.signInWithPassword({ email: address.toUpperCase(), password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.last_sign_in_at).toBeTruthy();

    for (const attempt of [
      { email: address, password: 'wrong-password' },
      { email: email('nobody'), password },
    ]) {
      const failed = await anonClient().auth.signInWithPassword(attempt);
      expect(failed.data.session).toBeNull();
      expect(failed.error).toBeInstanceOf(AuthApiError);
      expect(failed.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('keeps the legacy error body for clients without the API version header', async () => {
    const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: email('legacy'), password: 'whatever-1' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });
});

describe('the API gateway', () => {
  it('wants an API key, and a bearer token on /user', async () => {
    const noKey = await fetch(`${apiUrl}/auth/v1/user`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });

    const badKey = await fetch(`${apiUrl}/auth/v1/settings`, { headers: { apikey: 'not-a-key' } });
    expect(badKey.status).toBe(401);
    expect(await badKey.json()).toMatchObject({ message: 'Invalid API key' });

    const noBearer = await fetch(`${apiUrl}/auth/v1/user`, {
      headers: { apikey: anonKey(), 'x-supabase-api-version': '2024-01-01' },
    });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toMatchObject({ code: 'no_authorization' });

    const settings = await fetch(`${apiUrl}/auth/v1/settings`, { headers: { apikey: anonKey() } });
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: true, external: { email: true } });
  });

  it('answers CORS preflights from the app', async () => {
    const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: siteUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,x-client-info,x-supabase-api-version,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(siteUrl);
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['apikey', 'authorization', 'x-client-info', 'x-supabase-api-version', 'content-type', 'x-upsert']) {
      expect(allowed).toContain(h);
    }
  });
});

describe('signInWithOtp and verifyOtp', () => {
  it('mails a magic link that follows the server-side /auth/confirm flow and signs in once', async () => {
    const { email: address, user } = await signedUp('magic');
    const supabase = anonClient();
    const { error } = await supabase.auth.signInWithOtp({
      email: address,
      options: { emailRedirectTo: `${siteUrl}/account?tab=orders` },
    });
    expect(error).toBeNull();
    const mail = await latestMail(apiUrl, address);
    expect(mail?.subject).toBe('Your Magic Link');
    expect(mail!.code).toMatch(/^\d{6}$/);
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${siteUrl}/auth/confirm`);
    const params = linkParams(mail!);
    expect(params.get('type')).toBe('magiclink');
    expect(confirmDestination(params.get('next'))).toBe('/account?tab=orders');
    expect(params.get('token_hash')).toBe(sha224(address + mail!.code));
    expect(mail!.html).toContain('href="');

    const verified = await supabase.auth.verifyOtp({ token_hash: params.get('token_hash')!, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(user.id);
    expect(decodeJwt(verified.data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const again = await anonClient().auth.verifyOtp({ token_hash: params.get('token_hash')!, type: 'magiclink' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });

  it('signs up a new address with a 6-digit code, verified by email and code', async () => {
    const address = email('code');
    const supabase = anonClient();
    expect((await supabase.auth.signInWithOtp({ email: address, options: { data: { full_name: 'Otto' } } })).error).toBeNull();
    const mail = await latestMail(apiUrl, address);
    const { data, error } = await supabase.auth.verifyOtp({ email: address, token: mail!.code!, type: 'email' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: address, user_metadata: { full_name: 'Otto' } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await supabase.auth.getUser()).data.user?.id).toBe(data.user!.id);
  });

  it('does not create users when shouldCreateUser is false', async () => {
    const { error } = await anonClient().auth.signInWithOtp({ email: email('ghost'), options: { shouldCreateUser: false } });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });

  it('refuses a wrong code and an expired one with otp_expired', async () => {
    const { email: address } = await signedUp('expiry');
    const supabase = anonClient();
    await supabase.auth.signInWithOtp({ email: address });
    const mail = await latestMail(apiUrl, address);
    const wrong = mail!.code === '000000' ? '111111' : '000000';
    const bad = await supabase.auth.verifyOtp({ email: address, token: wrong, type: 'email' });
    expect(bad.error).toBeInstanceOf(AuthApiError);
    expect(bad.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    await sql`update auth.users set recovery_sent_at = now() - interval '2 hours' where lower(email) = ${address}`;
    const late = await supabase.auth.verifyOtp({ email: address, token: mail!.code!, type: 'magiclink' });
    expect(late.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const lateLink = await supabase.auth.verifyOtp({ token_hash: linkParams(mail!).get('token_hash')!, type: 'email' });
    expect(lateLink.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('limits mails to one per second per user and kind', async () => {
    const { email: address } = await signedUp('ratelimit');
    const supabase = anonClient();
    expect((await supabase.auth.signInWithOtp({ email: address })).error).toBeNull();
    const second = await supabase.auth.signInWithOtp({ email: address });
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('redirects GET /verify links with the session in the fragment, and errors likewise', async () => {
    const { email: address, user } = await signedUp('getverify');
    await anonClient().auth.signInWithOtp({ email: address });
    const hash = linkParams((await latestMail(apiUrl, address))!).get('token_hash')!;
    const target = `${siteUrl}/welcome`;
    const res = await fetch(
      `${apiUrl}/auth/v1/verify?token=${hash}&type=magiclink&redirect_to=${encodeURIComponent(target)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(target);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(decodeJwt(fragment.get('access_token')!).sub).toBe(user.id);

    const failed = await fetch(`${apiUrl}/auth/v1/verify?token=${hash}&type=magiclink&redirect_to=${encodeURIComponent(target)}`, {
      redirect: 'manual',
    });
    expect(failed.status).toBe(303);
    const error = new URLSearchParams(new URL(failed.headers.get('location')!).hash.slice(1));
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('error')).toBe('access_denied');
  });
});

describe('recovery', () => {
  it('resets a password: resetPasswordForEmail → verifyOtp(recovery) → updateUser → sign in', async () => {
    const { email: address, password, user } = await signedUp('recover');
    const supabase = anonClient();
    const events: AuthChangeEvent[] = [];
    supabase.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    const sent = await supabase.auth.resetPasswordForEmail(address, { redirectTo: `${siteUrl}/account/update-password` });
    expect(sent.error).toBeNull();
    const mail = await latestMail(apiUrl, address);
    expect(mail?.subject).toBe('Reset Your Password');
    const params = linkParams(mail!);
    expect(params.get('type')).toBe('recovery');
    expect(confirmDestination(params.get('next'))).toBe('/account/update-password');

    const verified = await supabase.auth.verifyOtp({ token_hash: params.get('token_hash')!, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(user.id);
    expect(events).toContain('PASSWORD_RECOVERY');

    const same = await supabase.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await supabase.auth.updateUser({ password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    const updated = await supabase.auth.updateUser({ password: 'brand-new-pass-9' });
    expect(updated.error).toBeNull();

    expect((await anonClient().auth.signInWithPassword({ email: address, password })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await anonClient().auth.signInWithPassword({ email: address, password: 'brand-new-pass-9' })).error).toBeNull();
  });

  it('accepts the recovery code instead of the link, and says nothing about unknown addresses', async () => {
    const { email: address } = await signedUp('recovercode');
    const supabase = anonClient();
    await supabase.auth.resetPasswordForEmail(address);
    const mail = await latestMail(apiUrl, address);
    const { error } = await supabase.auth.verifyOtp({ email: address, token: mail!.code!, type: 'recovery' });
    expect(error).toBeNull();

    const ghost = email('ghost');
    expect((await anonClient().auth.resetPasswordForEmail(ghost)).error).toBeNull();
    expect(await latestMail(apiUrl, ghost, { timeoutMs: 200 })).toBeNull();
  });
});

describe('updateUser', () => {
  it('merges user metadata (null removes a key) and changes the email at once with confirmations off', async () => {
    const { client, user } = await signedUp('update');
    expect((await client.auth.updateUser({ data: { full_name: 'Grace', plan: 'gold' } })).error).toBeNull();
    const merged = await client.auth.updateUser({ data: { plan: null, city: 'Paris' } });
    expect(merged.data.user?.user_metadata).toEqual({ full_name: 'Grace', city: 'Paris' });

    const next = email('moved');
    const changed = await client.auth.updateUser({ email: next });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(next);
    const fresh = await client.auth.getUser();
    expect(fresh.data.user).toMatchObject({ id: user.id, email: next });
    expect((await anonClient().auth.signInWithPassword({ email: next, password: 'correct-horse-1' })).error).toBeNull();

    const other = await signedUp('taken');
    const taken = await client.auth.updateUser({ email: other.email });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('refreshSession', () => {
  it('rotates refresh tokens within one session', async () => {
    const { client, session } = await signedUp('rotate');
    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    expect(first.data.session!.refresh_token).not.toBe(session.refresh_token);
    const claims = (s: Session) => decodeJwt(s.access_token);
    expect(claims(first.data.session!).session_id).toBe(claims(session).session_id);

    const second = await client.auth.refreshSession();
    expect(second.data.session!.refresh_token).not.toBe(first.data.session!.refresh_token);
    // Reusing the parent of the active token (a client that lost the last answer) returns the active token.
    const retried = await anonClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(retried.data.session?.refresh_token).toBe(second.data.session!.refresh_token);
    // Any other revoked token is still accepted inside the 10 s reuse interval.
    const early = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(early.error).toBeNull();
  });

  it('refuses a reused token after the reuse interval and revokes the session', async () => {
    const supabase = anonClient(strict.url);
    const address = email('reuse');
    await serviceClient().auth.admin.createUser({ email: address, password: 'correct-horse-1', email_confirm: true });
    const { data } = await supabase.auth.signInWithPassword({ email: address, password: 'correct-horse-1' });
    const t0 = data.session!.refresh_token;
    const t1 = (await supabase.auth.refreshSession()).data.session!.refresh_token;
    const t2 = (await supabase.auth.refreshSession()).data.session!.refresh_token;
    expect(new Set([t0, t1, t2]).size).toBe(3);
    await sleep(1200);

    const stolen = await anonClient(strict.url).auth.refreshSession({ refresh_token: t0 });
    expect(stolen.data.session).toBeNull();
    expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    await sleep(1200);
    const active = await anonClient(strict.url).auth.refreshSession({ refresh_token: t2 });
    expect(active.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'nosuchtoken1' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('signOut', () => {
  it('ends other sessions (others), this one (local) or all of them (global)', async () => {
    const { email: address, password } = await signedUp('signout');
    const a = await signedIn(address, password);
    const b = await signedIn(address, password);
    const c = await signedIn(address, password);

    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.client.auth.getUser()).data.user?.email).toBe(address);
    const bUser = await b.client.auth.getUser();
    expect(bUser.error).toBeInstanceOf(AuthSessionMissingError);
    expect((await anonClient().auth.getUser(c.session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
    const cRefresh = await anonClient().auth.refreshSession({ refresh_token: c.session.refresh_token });
    expect(cRefresh.error).toMatchObject({ code: 'refresh_token_not_found' });

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(isAuthSessionMissingError((await a.client.auth.getUser()).error)).toBe(true);
    const stale = await anonClient().auth.getUser(a.session.access_token);
    expect(stale.error).toBeInstanceOf(AuthSessionMissingError);

    const d = await signedIn(address, password);
    const e = await signedIn(address, password);
    expect((await d.client.auth.signOut()).error).toBeNull();
    expect((await e.client.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    const [count] = await sql<{ n: number }[]>`
      select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where lower(u.email) = ${address}`;
    expect(count?.n).toBe(0);
  });
});

describe('confirmations on (signup verification)', () => {
  it('holds the session until the signup link is verified', async () => {
    const supabase = anonClient(strict.url);
    const address = email('confirm');
    const { data, error } = await supabase.auth.signUp({ email: address, password: 'correct-horse-1' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const early = await anonClient(strict.url).auth.signInWithPassword({ email: address, password: 'correct-horse-1' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const mail = await latestMail(strict.url, address);
    expect(mail?.subject).toBe('Confirm Your Signup');
    const params = linkParams(mail!);
    expect(params.get('type')).toBe('signup');
    const verified = await supabase.auth.verifyOtp({ token_hash: params.get('token_hash')!, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await anonClient(strict.url).auth.signInWithPassword({ email: address, password: 'correct-horse-1' })).error).toBeNull();
  });

  it('confirms by code as well, and does not reveal taken addresses', async () => {
    const address = email('confirmcode');
    const supabase = anonClient(strict.url);
    await supabase.auth.signUp({ email: address, password: 'correct-horse-1' });
    const mail = await latestMail(strict.url, address);
    const { data, error } = await supabase.auth.verifyOtp({ email: address, token: mail!.code!, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();

    const again = await anonClient(strict.url).auth.signUp({ email: address, password: 'correct-horse-1' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.id).not.toBe(data.user!.id);
  });
});

describe('confirmations on (email change, resend, reauthentication)', () => {
  it('changes the email only after both addresses confirmed', async () => {
    const admin = serviceClient(strict.url);
    const oldAddress = email('before');
    await admin.auth.admin.createUser({ email: oldAddress, password: 'correct-horse-1', email_confirm: true });
    const supabase = anonClient(strict.url);
    await supabase.auth.signInWithPassword({ email: oldAddress, password: 'correct-horse-1' });
    const newAddress = email('after');
    const pending = await supabase.auth.updateUser({ email: newAddress });
    expect(pending.error).toBeNull();
    expect(pending.data.user).toMatchObject({ email: oldAddress, new_email: newAddress });

    const toOld = await latestMail(strict.url, oldAddress);
    const toNew = await latestMail(strict.url, newAddress);
    expect(toOld?.subject).toBe('Confirm Email Change');
    expect(linkParams(toNew!).get('type')).toBe('email_change');
    const first = await supabase.auth.verifyOtp({ token_hash: linkParams(toOld!).get('token_hash')!, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await supabase.auth.verifyOtp({ email: newAddress, token: toNew!.code!, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newAddress);
  });

  it('resends the signup confirmation', async () => {
    const address = email('resend');
    const supabase = anonClient(strict.url);
    await supabase.auth.signUp({ email: address, password: 'correct-horse-1' });
    const first = await latestMail(strict.url, address);
    await sleep(1100);
    expect((await supabase.auth.resend({ type: 'signup', email: address })).error).toBeNull();
    const second = await latestMail(strict.url, address, { after: first });
    expect(second?.subject).toBe('Confirm Your Signup');
    expect(second?.code).not.toBe(first?.code);
    // The new code replaces the old one.
    const old = await supabase.auth.verifyOtp({ email: address, token: first!.code!, type: 'signup' });
    expect(old.error).toMatchObject({ code: 'otp_expired' });
    expect((await supabase.auth.verifyOtp({ email: address, token: second!.code!, type: 'signup' })).error).toBeNull();
  });

  it('accepts a password change with the reauthentication code as nonce', async () => {
    const { client, email: address } = await signedUp('reauth');
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(apiUrl, address);
    expect(mail?.subject).toBe('Confirm reauthentication');
    const wrong = mail!.code === '000000' ? '111111' : '000000';
    const refused = await client.auth.updateUser({ password: 'another-pass-3', nonce: wrong });
    expect(refused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client.auth.updateUser({ password: 'another-pass-3', nonce: mail!.code! })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: address, password: 'another-pass-3' })).error).toBeNull();
  });
});

describe('the mailbox', () => {
  it('lists mail as a page with clickable links and empties on DELETE', async () => {
    const { email: address } = await signedUp('mailbox');
    await anonClient().auth.resetPasswordForEmail(address);
    const mail = await latestMail(apiUrl, address);
    const page = await fetch(`${apiUrl}/mailbox?to=${encodeURIComponent(address)}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Reset Your Password');
    expect(html).toContain(`<a href="${mail!.links[0]!.replace(/&/g, '&amp;')}">`);
    expect(html).toContain(mail!.code!);

    expect((await fetch(`${apiUrl}/mailbox/api/messages?to=${encodeURIComponent(address)}`, { method: 'DELETE' })).status).toBe(204);
    expect(await latestMail(apiUrl, address, { timeoutMs: 100 })).toBeNull();
  });
});

describe('auth.admin (service role)', () => {
  it('creates, lists and deletes users; refuses the anon key', async () => {
    const admin = serviceClient();
    const address = email('seeded');
    const created = await admin.auth.admin.createUser({
      email: address,
      password: 'seeded-pass-1',
      email_confirm: true,
      user_metadata: { full_name: 'Seed User' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email: address, user_metadata: { full_name: 'Seed User' } });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({ email: address, password: 'seeded-pass-1' })).error).toBeNull();

    const dup = await admin.auth.admin.createUser({ email: address, password: 'seeded-pass-1' });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((u) => u.email)).toContain(address);

    const refused = await anonClient().auth.admin.createUser({ email: email('nope'), password: 'whatever-1' });
    expect(refused.error).toMatchObject({ status: 403, code: 'not_admin' });

    const removed = await admin.auth.admin.deleteUser(created.data.user!.id);
    expect(removed.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});

describe('@supabase/ssr server client', () => {
  it('keeps the session in cookies across requests', async () => {
    const { email: address, password, user } = await signedUp('cookie');
    const jar = cookieJar();
    const { error } = await serverClient(jar).auth.signInWithPassword({ email: address, password });
    expect(error).toBeNull();
    const cookie = jar.cookies.get('sb-127-auth-token');
    expect(cookie?.startsWith('base64-')).toBe(true);
    const stored = JSON.parse(Buffer.from(cookie!.slice('base64-'.length), 'base64url').toString('utf8')) as Session;
    expect(decodeJwt(stored.access_token).sub).toBe(user.id);

    // A later request: a new client reading the same cookies.
    const next = await serverClient(jar).auth.getUser();
    expect(next.error).toBeNull();
    expect(next.data.user?.id).toBe(user.id);

    await serverClient(jar).auth.signOut();
    expect(jar.cookies.has('sb-127-auth-token')).toBe(false);
    expect((await serverClient(jar).auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('completes the PKCE magic-link flow through GET /verify and exchangeCodeForSession', async () => {
    const { email: address, user } = await signedUp('pkce');
    const jar = cookieJar();
    const { error } = await serverClient(jar).auth.signInWithOtp({
      email: address,
      options: { emailRedirectTo: `${siteUrl}/auth/callback` },
    });
    expect(error).toBeNull();
    const hash = linkParams((await latestMail(apiUrl, address))!).get('token_hash')!;
    expect(hash.startsWith('pkce_')).toBe(true);

    const res = await fetch(
      `${apiUrl}/auth/v1/verify?token=${hash}&type=magiclink&redirect_to=${encodeURIComponent(`${siteUrl}/auth/callback`)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const code = new URL(res.headers.get('location')!).searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await serverClient(jar).auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(user.id);
    expect((await serverClient(jar).auth.getUser()).data.user?.id).toBe(user.id);

    const replay = await serverClient(cookieJar()).auth.exchangeCodeForSession(code!);
    expect(replay.error).not.toBeNull();
  });
});
