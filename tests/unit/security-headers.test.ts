import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders, usesNonce } from '@/lib/core/security/headers';
import { isSameOrigin } from '@/lib/core/security/origin';
import { clientAddress, rateLimitMessage, trustedProxyHops } from '@/lib/core/rate-limit/rules';
import { CLIENT_ADDRESS_HEADER } from '@/lib/core/http/client-address.mjs';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('content security policy', () => {
  const base = { supabaseOrigin: 'http://127.0.0.1:54321' };

  it('per-request pages allow only nonced scripts (strict-dynamic), never unsafe-inline or eval', () => {
    const csp = contentSecurityPolicy({ ...base, nonce: 'abc123' });
    const script = directive(csp, 'script-src');
    expect(script).toContain("'nonce-abc123'");
    expect(script).toContain("'strict-dynamic'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });

  it('forbids framing, plugins and foreign form targets on every page', () => {
    for (const csp of [contentSecurityPolicy(base), contentSecurityPolicy({ ...base, nonce: 'n' })]) {
      expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
      expect(directive(csp, 'form-action')).toEqual(["'self'"]);
      expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    }
  });

  it("allows Stripe's documented origins for the Payment Element and the local stand-in when given", () => {
    const csp = contentSecurityPolicy({ ...base, nonce: 'n', stripeStandInOrigin: 'http://127.0.0.1:12111' });
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(csp, 'frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(directive(csp, 'connect-src')).toEqual(expect.arrayContaining(['https://api.stripe.com', 'http://127.0.0.1:12111']));
    expect(directive(csp, 'img-src')).toContain('http://127.0.0.1:54321');
  });

  it('sends HSTS and upgrade-insecure-requests over https only', () => {
    expect(securityHeaders('x', true)['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(securityHeaders('x', false)['Strict-Transport-Security']).toBeUndefined();
    expect(contentSecurityPolicy({ ...base, https: true })).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy(base)).not.toContain('upgrade-insecure-requests');
  });

  it('uses a nonce on the pages rendered per request', () => {
    const quote = '/quotes/0b6f4a52-4d0e-4c1e-9a57-3f1f0f6f2d11';
    for (const p of ['/checkout', '/dashboard', '/login', '/register', '/order-confirmation/x', '/admin/orders', quote, `${quote}/pay`]) {
      expect(usesNonce(p)).toBe(true);
    }
    for (const p of ['/', '/category/rings', '/rings/abc', '/faqs', '/cart', '/checkouts', '/quotesx', '/search', '/search/Z29sZA.1.relevance.all']) expect(usesNonce(p)).toBe(false);
  });
});

describe('same-origin check for posts', () => {
  it('accepts the own origin and requests without Origin', () => {
    expect(isSameOrigin('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(isSameOrigin(null, 'localhost:3000')).toBe(true);
    expect(isSameOrigin('https://shop.example', 'internal:3000', 'shop.example')).toBe(true);
  });
  it('refuses other sites, opaque and malformed origins', () => {
    expect(isSameOrigin('https://evil.example', 'localhost:3000')).toBe(false);
    expect(isSameOrigin('null', 'localhost:3000')).toBe(false);
    expect(isSameOrigin('not a url', 'localhost:3000')).toBe(false);
  });
});

describe('rate-limit helpers', () => {
  it('takes the address the nearest proxy saw', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '1.1.1.1, 10.0.0.2' }), 1)).toBe('10.0.0.2');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '1.1.1.1, 10.0.0.2' }), 2)).toBe('1.1.1.1');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '1.1.1.1' }), 5)).toBe('1.1.1.1');
    expect(clientAddress(new Headers(), 1)).toBe('unknown');
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: '10.9.9.9' }), 1)).toBe('10.9.9.9');
  });
  it('without trusted proxies, takes the connection address and ignores what the client wrote', () => {
    const headers = new Headers({ 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '5.6.7.8', [CLIENT_ADDRESS_HEADER]: '::ffff:127.0.0.7' });
    expect(clientAddress(headers, 0)).toBe('127.0.0.7');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('unknown');
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops('0')).toBe(0);
    expect(trustedProxyHops('2')).toBe(2);
    expect(trustedProxyHops('nonsense')).toBe(0);
  });
  it('says how long to wait', () => {
    expect(rateLimitMessage(42)).toBe('Too many attempts. Please wait 42 seconds and try again.');
    expect(rateLimitMessage(0.2)).toBe('Too many attempts. Please wait 1 second and try again.');
  });
});
