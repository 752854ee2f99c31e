import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars, toCents } from '@/lib/core/format/money';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

describe('money formatter', () => {
  it('writes cents as en-US dollars, exactly as Intl does', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456, 999999, 1000000, 123456789, 100000000000];
    for (const cents of [...samples, ...samples.map((c) => -c).filter((c) => c !== 0)]) {
      expect(formatCents(cents), String(cents)).toBe(intl.format(cents / 100));
    }
  });

  it('agrees with Intl over a spread of prices', () => {
    // A fixed linear congruential walk: many magnitudes, no randomness between runs.
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const cents = x % 10 ** (1 + (i % 10));
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
      expect(formatDollars(cents / 100)).toBe(intl.format(cents / 100));
    }
  });

  it('rounds dollars to the cent the way the totals do', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(1.005)).toBe('$1.01');
    expect(formatDollars(19.999)).toBe('$20.00');
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatCents(0.4)).toBe('$0.00');
    expect(toCents(1.005)).toBe(101);
    expect(toCents(12.345)).toBe(1235);
    expect(toCents(-2.5)).toBe(-250);
  });
});
