// The security headers next.config.ts gives the responses the middleware no longer handles (cached pages, files).
import { describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';

describe('static security headers', () => {
  it('give pages and public files the nonce-free policy, and leave the hashed build assets alone', async () => {
    const rules = await nextConfig.headers!();
    expect(rules).toHaveLength(2);
    for (const rule of rules) {
      const source = new RegExp(`^${rule.source.replace('/:path*', '/.*')}$`);
      expect(rule.source).toContain('(?!_next/static|_next/image)');
      expect(source.test('/_next/static/chunks/main.js')).toBe(false);
      const csp = rule.headers.find((h) => h.key === 'Content-Security-Policy')!.value;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'nonce-");
      expect(rule.headers.map((h) => h.key)).toEqual(expect.arrayContaining(['X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy']));
    }
    const https = rules.find((r) => r.has?.some((h) => h.type === 'header' && h.key === 'x-forwarded-proto'))!;
    expect(https.headers.map((h) => h.key)).toContain('Strict-Transport-Security');
    const plain = rules.find((r) => r.missing?.some((h) => h.type === 'header' && h.key === 'x-forwarded-proto'))!;
    expect(plain.headers.map((h) => h.key)).not.toContain('Strict-Transport-Security');
  });
});
