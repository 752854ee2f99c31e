// NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: required and checked at start in hosted mode (servers built apart would refuse
// each other's forms without it), optional locally. Its rule is the one Next applies when it loads the key.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '@/lib/core/env';
import { isServerActionsKey } from '@/lib/core/server-actions-key';
import { HOSTED_ENV } from '../support/hosted-env';

const key = randomBytes(32).toString('base64');
const { NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: _key, ...hosted } = HOSTED_ENV;

/** What Next does with the key (next/dist/server/app-render/encryption-utils.js, getActionEncryptionKey). */
async function nextAccepts(value: string): Promise<boolean> {
  try {
    const raw = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    await crypto.subtle.importKey('raw', raw, 'AES-GCM', true, ['encrypt', 'decrypt']);
    return true;
  } catch {
    return false;
  }
}

describe('server actions key', () => {
  it('is required in hosted mode and checked at start', () => {
    expect(() => loadEnv(hosted)).toThrow(/NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: not set/);
    expect(() => loadEnv({ ...hosted, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: 'not-a-key' })).toThrow(
      /NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: must be an AES key in base64, 16, 24 or 32 bytes/,
    );
    expect(loadEnv({ ...hosted, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key }).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toBe(key);
  });

  it('may stay unset locally, where one build serves every server, but is checked when set', () => {
    expect(loadEnv({}).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toBeUndefined();
    expect(() => loadEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64url') })).toThrow(
      /NEXT_SERVER_ACTIONS_ENCRYPTION_KEY/,
    );
  });

  it('accepts exactly the keys Next can load', async () => {
    const candidates = [
      key,
      ...[8, 15, 16, 20, 24, 31, 32, 33, 48, 64].map((n) => randomBytes(n).toString('base64')),
      randomBytes(32).toString('base64').replace(/=+$/, ''),
      randomBytes(32).toString('base64url'),
      `${key.slice(0, 20)}\n${key.slice(20)}`,
      '',
      'openssl rand -base64 32',
    ];
    for (const candidate of candidates) {
      // Next's own decoding forgives missing padding and white space; the rule asks for the plain, padded form.
      const plain = /^[A-Za-z0-9+/]*={0,2}$/.test(candidate) && candidate.length % 4 === 0;
      expect(isServerActionsKey(candidate), JSON.stringify(candidate)).toBe(plain && (await nextAccepts(candidate)));
    }
  });
});
