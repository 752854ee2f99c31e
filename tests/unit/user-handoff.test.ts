// The middleware's signed hand-off of the user it verified to the page: honoured only as signed, fresh and for the
// same session cookies; anything else makes the page ask the Auth server itself.
import type { User } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { readUserHandoff, sessionOf, signUserHandoff, USER_HANDOFF_TTL_MS } from '@/lib/core/supabase/user-handoff';
import { fromBase64Url, toBase64Url } from '@/lib/core/base64url';

const KEY = 'k'.repeat(43);
const user = { id: '6f1c2b1e-1111-4a4a-9b9b-123456789abc', email: 'ana@example.com', user_metadata: { full_name: 'Ana Żółć' } } as unknown as User;
const cookies = [
  { name: 'sb-127-auth-token.1', value: 'second-half' },
  { name: 'shop_signed_in', value: '1' },
  { name: 'sb-127-auth-token.0', value: 'base64-first-half' },
];
const T = 1_800_000_000_000;

describe('user hand-off', () => {
  it('gives back the signed user for the same session cookies, in any order, with other cookies changed', async () => {
    const value = await signUserHandoff(user, cookies, KEY, T);
    const reordered = [cookies[2]!, { name: 'shop_signed_in', value: '' }, cookies[0]!, { name: 'cart', value: 'x' }];
    expect(await readUserHandoff(value, reordered, KEY, T + 1_000)).toEqual(user);
  });

  it('refuses a missing, forged or altered header', async () => {
    const value = await signUserHandoff(user, cookies, KEY, T);
    expect(await readUserHandoff(null, cookies, KEY, T)).toBeNull();
    expect(await readUserHandoff('', cookies, KEY, T)).toBeNull();
    expect(await readUserHandoff('not a hand-off', cookies, KEY, T)).toBeNull();
    // Signed with another key: what a client without the worker's key can make.
    expect(await readUserHandoff(await signUserHandoff(user, cookies, 'x'.repeat(43), T), cookies, KEY, T)).toBeNull();
    // Another user put into a validly signed header.
    const [body, mac] = value.split('.') as [string, string];
    const swapped = JSON.parse(fromBase64Url(body)!);
    swapped.user.id = '00000000-0000-4000-8000-000000000000';
    expect(await readUserHandoff(`${toBase64Url(JSON.stringify(swapped))}.${mac}`, cookies, KEY, T)).toBeNull();
    expect(await readUserHandoff(`${body}.${mac.slice(0, -2)}`, cookies, KEY, T)).toBeNull();
  });

  it('refuses a hand-off for other session cookies: signed out, signed in as someone else, or no cookies', async () => {
    const value = await signUserHandoff(user, cookies, KEY, T);
    expect(await readUserHandoff(value, [], KEY, T)).toBeNull();
    expect(await readUserHandoff(value, [cookies[2]!], KEY, T)).toBeNull();
    expect(await readUserHandoff(value, [cookies[0]!, { ...cookies[2]!, value: 'base64-other' }], KEY, T)).toBeNull();
  });

  it('honours a hand-off for its time to live only', async () => {
    const value = await signUserHandoff(user, cookies, KEY, T);
    expect(await readUserHandoff(value, cookies, KEY, T + USER_HANDOFF_TTL_MS)).toEqual(user);
    expect(await readUserHandoff(value, cookies, KEY, T + USER_HANDOFF_TTL_MS + 1)).toBeNull();
    expect(await readUserHandoff(value, cookies, KEY, T - 1)).toBeNull();
  });

  it('reads only the session cookies into the session', () => {
    expect(sessionOf(cookies)).toBe('sb-127-auth-token.0=base64-first-half;sb-127-auth-token.1=second-half');
    expect(sessionOf([{ name: 'cart', value: '1' }])).toBe('');
  });
});
