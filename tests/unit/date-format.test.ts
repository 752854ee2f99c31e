import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileDateTime, formatLongDate, yearIn } from '@/lib/core/format/date';

const NY = 'America/New_York';
// 04:30 UTC on Mar 1 is still Feb 28 in New York: the shop's day, not UTC's.
const LATE = '2026-03-01T04:30:00Z';

describe('the one date rule: the shop’s time zone, times labelled', () => {
  it('labels a time with the zone’s abbreviation, winter and summer', () => {
    expect(formatDateTime('2026-11-23T19:05:00Z', NY)).toBe('Nov 23, 2026, 2:05 PM EST');
    expect(formatDateTime('2026-07-01T12:00:00Z', NY)).toBe('Jul 1, 2026, 8:00 AM EDT');
    expect(formatDateTime(new Date('2026-11-23T19:05:00Z'), 'UTC')).toBe('Nov 23, 2026, 7:05 PM UTC');
  });

  it('gives the shop’s calendar day for dates alone', () => {
    expect(formatDate(LATE, NY)).toBe('Feb 28, 2026');
    expect(formatDate(LATE, 'UTC')).toBe('Mar 1, 2026');
    expect(formatLongDate(LATE, NY)).toBe('February 28, 2026');
    expect(yearIn('2027-01-01T03:00:00Z', NY)).toBe(2026);
  });

  it('writes files sortably, with the zone', () => {
    expect(formatFileDateTime(LATE, NY)).toBe('2026-02-28 23:30 EST');
    expect(formatFileDateTime('2026-11-24T05:05:00Z', NY)).toBe('2026-11-24 00:05 EST');
  });
});
