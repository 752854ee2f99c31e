// Accept-Encoding read as RFC 9110 reads it (lib/core/http/accept-encoding.mjs), and the coding Next answers a page
// with for it (lib/core/cache/page-front-cache.mjs: the front cache keys and keeps pages by that coding).
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, encodingWeight } from '@/lib/core/http/accept-encoding.mjs';
import { pageEncoding } from '@/lib/core/cache/page-front-cache.mjs';

describe('encodingWeight', () => {
  it('reads q-values, names in any case and spacing', () => {
    expect(encodingWeight('gzip, deflate', 'gzip')).toBe(1);
    expect(encodingWeight('GZip ; Q=0.5 , br', 'gzip')).toBe(0.5);
    expect(encodingWeight('gzip;q=0', 'gzip')).toBe(0);
    expect(encodingWeight('gzip;q=0.000', 'gzip')).toBe(0);
    expect(encodingWeight('gzip;q=1.000', 'gzip')).toBe(1);
    expect(encodingWeight('gzip, deflate', 'br')).toBe(0);
    expect(encodingWeight('gzipped, x-gzip', 'gzip')).toBe(0);
  });

  it('accepts nothing on a malformed q-value', () => {
    for (const q of ['2', '-1', '0.5000', 'abc', '', '1.5', '.5']) expect(encodingWeight(`gzip;q=${q}`, 'gzip'), q).toBe(0);
  });

  it('gives * to every coding the header does not name', () => {
    expect(encodingWeight('*', 'deflate')).toBe(1);
    expect(encodingWeight('gzip;q=0, *', 'gzip')).toBe(0);
    expect(encodingWeight('gzip;q=0, *;q=0.3', 'deflate')).toBe(0.3);
    expect(encodingWeight('*;q=0', 'identity')).toBe(0);
    expect(encodingWeight('*;q=0, identity', 'identity')).toBe(1);
  });

  it('takes identity unless refused, and no other coding without a header', () => {
    for (const header of [undefined, '', 'gzip', 'br;q=0.5']) expect(encodingWeight(header, 'identity'), String(header)).toBeGreaterThan(0);
    expect(encodingWeight('identity;q=0, gzip', 'identity')).toBe(0);
    expect(encodingWeight(undefined, 'gzip')).toBe(0);
    expect(encodingWeight('', 'gzip')).toBe(0);
  });
});

describe('acceptedEncodings', () => {
  it('lists the accepted codings most wanted first, ties in the order given', () => {
    expect(acceptedEncodings('gzip;q=0.5, br', ['gzip', 'br', 'identity'])).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('gzip, br', ['br', 'gzip'])).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip, br;q=0', ['br', 'gzip'])).toEqual(['gzip']);
    expect(acceptedEncodings('identity;q=0', ['gzip', 'identity'])).toEqual([]);
  });
});

describe('pageEncoding', () => {
  it("is the coding Next's compression answers with, or null when the client takes none", () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(pageEncoding('deflate')).toBe('deflate');
    // Next never answers deflate where gzip is accepted.
    expect(pageEncoding('deflate, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('gzip;q=0, *')).toBe('deflate');
    expect(pageEncoding(undefined)).toBe('identity');
    expect(pageEncoding('gzip;q=0')).toBe('identity');
    expect(pageEncoding('br')).toBe('identity');
    expect(pageEncoding('identity, gzip;q=0.5')).toBe('identity');
    expect(pageEncoding('identity;q=0')).toBeNull();
    expect(pageEncoding('*;q=0')).toBeNull();
  });
});
