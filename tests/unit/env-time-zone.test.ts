import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone, loadEnv } from '@/lib/core/env';

const vars = (v: Record<string, string>) => v as unknown as NodeJS.ProcessEnv;

describe('SHOP_TIME_ZONE', () => {
  it('defaults to the shop’s own zone and accepts IANA names', () => {
    expect(loadEnv(vars({})).SHOP_TIME_ZONE).toBe(DEFAULT_SHOP_TIME_ZONE);
    expect(loadEnv(vars({ SHOP_TIME_ZONE: 'Asia/Kolkata' })).SHOP_TIME_ZONE).toBe('Asia/Kolkata');
    expect(isTimeZone('UTC')).toBe(true);
  });

  it('refuses a name that is no time zone, at start-up', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(() => loadEnv(vars({ SHOP_TIME_ZONE: 'Mars/Olympus' }))).toThrow(/SHOP_TIME_ZONE: must be an IANA time zone/);
  });
});
