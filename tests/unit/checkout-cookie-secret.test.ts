// The checkout cookie is signed with a secret of its own: required in hosted mode, made once per local data folder
// otherwise. Before, its key was derived from STRIPE_SECRET_KEY, which is public in local mode, so anyone could
// forge a cookie naming another buyer's checkout.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutCookieKey, readCheckoutIds, signCheckoutIds } from '@/lib/checkout/cookie';
import { loadEnv } from '@/lib/core/env';
import { LOCAL_DEFAULTS } from '@/lib/core/local-defaults';
import { HOSTED_ENV } from '../support/hosted-env';

const empty: Record<string, string> = {};
const dir = mkdtempSync(join(tmpdir(), 'shop-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { CHECKOUT_COOKIE_SECRET: _secret, ...hosted } = HOSTED_ENV;

describe('checkout cookie secret', () => {
  it('is required in hosted mode, and must be long', () => {
    expect(() => loadEnv({ ...hosted }, dir)).toThrow(/CHECKOUT_COOKIE_SECRET/);
    expect(() => loadEnv({ ...hosted, CHECKOUT_COOKIE_SECRET: 'short' }, dir)).toThrow(/at least 32/);
    const secret = 'x'.repeat(40);
    expect(loadEnv({ ...hosted, CHECKOUT_COOKIE_SECRET: secret }, dir).CHECKOUT_COOKIE_SECRET).toBe(secret);
  });

  it('is generated once per local data folder and kept', () => {
    const first = loadEnv(empty, dir).CHECKOUT_COOKIE_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'checkout-cookie-secret'), 'utf8').trim()).toBe(first);
    expect(loadEnv(empty, dir).CHECKOUT_COOKIE_SECRET).toBe(first);
    const other = mkdtempSync(join(tmpdir(), 'shop-secret-'));
    try {
      expect(loadEnv(empty, other).CHECKOUT_COOKIE_SECRET).not.toBe(first);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('does not open a cookie forged with the public local Stripe key', () => {
    const secret = loadEnv(empty, dir).CHECKOUT_COOKIE_SECRET;
    const victim = '00000000-0000-4000-8000-000000000001';
    const oldKey = createHash('sha256').update(`checkout-cookie:${LOCAL_DEFAULTS.stripeSecretKey}`).digest('base64url');
    const forged = signCheckoutIds([victim], oldKey);
    expect(readCheckoutIds(forged, checkoutCookieKey(secret))).toEqual([]);
    expect(readCheckoutIds(signCheckoutIds([victim], checkoutCookieKey(secret)), checkoutCookieKey(secret))).toEqual([victim]);
  });
});
