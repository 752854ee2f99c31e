import { describe, expect, it } from 'vitest';
import { safeNextPath } from '@/lib/auth/redirects';

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/dashboard?tab=orders')).toBe('/dashboard?tab=orders');
  });
  it('refuses other sites and falls back', () => {
    expect(safeNextPath('//evil.example/x')).toBe('/dashboard');
    expect(safeNextPath('https://evil.example')).toBe('/dashboard');
    expect(safeNextPath('/\\evil.example')).toBe('/dashboard');
    expect(safeNextPath(undefined, '/')).toBe('/');
  });
});
