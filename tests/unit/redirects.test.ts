import { describe, expect, it } from 'vitest';
import { safeNextPath } from '@/lib/auth/redirects';

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/dashboard?tab=orders')).toBe('/dashboard?tab=orders');
    expect(safeNextPath('/rings/abc#gallery')).toBe('/rings/abc#gallery');
  });

  it('refuses other sites and falls back', () => {
    expect(safeNextPath('//evil.example/x')).toBe('/dashboard');
    expect(safeNextPath('https://evil.example')).toBe('/dashboard');
    expect(safeNextPath('/\\evil.example')).toBe('/dashboard');
    expect(safeNextPath(undefined, '/')).toBe('/');
  });

  // Browsers drop tab and newline characters from URLs: '/\t/evil.example' becomes '//evil.example'.
  it.each([
    ['tab', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['line separator', '/\u2028/evil.example'],
    ['backslash after tab', '/\t\\evil.example'],
    ['encoded slashes kept literal', 'https:/evil.example'],
  ])('refuses a %s trick', (_name, next) => {
    const out = safeNextPath(next);
    expect(out).toBe('/dashboard');
    expect(new URL(out, 'http://shop.test').origin).toBe('http://shop.test');
  });

  it('never yields a path that resolves to another origin', () => {
    const tricky = ['/%09/evil.example', '/.//evil.example', '/..//evil.example', '/a/../../evil.example', '/%2F%2Fevil'];
    for (const next of tricky) {
      expect(new URL(safeNextPath(next), 'http://shop.test').origin).toBe('http://shop.test');
    }
  });
});
