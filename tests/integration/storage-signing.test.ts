// Signed URLs of the Storage stand-in through supabase-js, on the private resale-certificates bucket: a link is
// signed only for a caller the bucket's policies let read the object, opens that one object until it expires, and
// every other use (expired, another object's token, a forged or missing token, any other JWT) is refused with
// Storage's error shape.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@/supabase/seed/demo-users';
import { anonClient, anonKey, supabaseUrl } from '../support/auth-clients';

const BUCKET = 'resale-certificates';
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

async function signedIn(email?: string, password = 'correct-horse-1') {
  const client = anonClient();
  if (email) {
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw error;
    return { client, userId: data.user.id, token: data.session.access_token };
  }
  const { data, error } = await client.auth.signUp({ email: `sign-${randomUUID().slice(0, 8)}@example.com`, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, userId: data.user!.id, token: data.session.access_token };
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let path: string;
let second: string;

beforeAll(async () => {
  owner = await signedIn();
  other = await signedIn();
  admin = await signedIn(DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  path = `${owner.userId}/${randomUUID()}.pdf`;
  second = `${owner.userId}/${randomUUID()}.pdf`;
  for (const p of [path, second]) {
    const { error } = await owner.client.storage.from(BUCKET).upload(p, PDF, { contentType: 'application/pdf' });
    expect(error).toBeNull();
  }
});

const tokenOf = (signedUrl: string) => new URL(signedUrl).searchParams.get('token')!;
const objectUrl = (name: string, token: string) => `${supabaseUrl()}/storage/v1/object/sign/${BUCKET}/${name}?token=${encodeURIComponent(token)}`;

describe('signed URLs', () => {
  it('are made for the owner and staff and open the object without a session', async () => {
    for (const who of [owner, admin]) {
      const { data, error } = await who.client.storage.from(BUCKET).createSignedUrl(path, 60);
      expect(error).toBeNull();
      expect(data!.signedUrl).toMatch(new RegExp(`/storage/v1/object/sign/${BUCKET}/${path}\\?token=`));
      const res = await fetch(data!.signedUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
  });

  it('are refused for another account’s object and to a visitor, as if it did not exist', async () => {
    for (const who of [other.client, anonClient()]) {
      const { data, error } = await who.storage.from(BUCKET).createSignedUrl(path, 60);
      expect(data).toBeNull();
      expect(error).toMatchObject({ message: 'Object not found', statusCode: '404', status: 400 });
    }
  });

  it('stop opening the object once expired', async () => {
    const { data } = await owner.client.storage.from(BUCKET).createSignedUrl(path, 1);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'jwt expired' });
  });

  it('open only the object they name, and refuse forged, missing and other tokens', async () => {
    const { data } = await owner.client.storage.from(BUCKET).createSignedUrl(path, 60);
    const token = tokenOf(data!.signedUrl);
    const otherObject = await fetch(objectUrl(second, token));
    expect(otherObject.status).toBe(400);
    expect(await otherObject.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' });

    const forged = await new SignJWT({ url: `${BUCKET}/${path}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-1234'));
    expect(await (await fetch(objectUrl(path, forged))).json()).toMatchObject({ code: 'InvalidJWT', message: 'invalid signature' });
    // A session's access token is a JWT of the project too, but names no object.
    expect(await (await fetch(objectUrl(path, owner.token))).json()).toMatchObject({ code: 'InvalidSignature' });
    expect(await (await fetch(objectUrl(path, 'garbage'))).json()).toMatchObject({ code: 'InvalidJWT', message: 'jwt malformed' });
    const missing = await fetch(`${supabaseUrl()}/storage/v1/object/sign/${BUCKET}/${path}`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '400', message: "querystring must have required property 'token'" });
  });

  it('need a whole number of seconds', async () => {
    for (const [expiresIn, message] of [[0, 'body/expiresIn must be >= 1'], [1.5, 'body/expiresIn must be integer'], [undefined, "body must have required property 'expiresIn'"]] as const) {
      const res = await fetch(`${supabaseUrl()}/storage/v1/object/sign/${BUCKET}/${path}`, {
        method: 'POST',
        headers: { apikey: anonKey(), authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', message });
    }
  });
});
