// The dashboard's periods (This Month by default, Last Month, Last 30 Days, All Time), as they appear in the
// URL (?period=) and on the selector. Pure: shared by the page, the query and the tests.
import { firstParam } from '../../core/search-params';

export const PERIODS = [
  { key: 'this-month', label: 'This Month' },
  { key: 'last-month', label: 'Last Month' },
  { key: 'last-30-days', label: 'Last 30 Days' },
  { key: 'all-time', label: 'All Time' },
] as const;

export type Period = (typeof PERIODS)[number]['key'];

export const DEFAULT_PERIOD: Period = 'this-month';

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && PERIODS.some((p) => p.key === value);
}

/** `?period=` to a period; anything unknown is the default. */
export function parsePeriod(value: string | string[] | null | undefined): Period {
  const raw = firstParam(value);
  return isPeriod(raw) ? raw : DEFAULT_PERIOD;
}

export function periodLabel(period: Period): string {
  return PERIODS.find((p) => p.key === period)!.label;
}

/** The dashboard URL of a period (the default has no parameter). */
export function periodHref(period: Period): string {
  return period === DEFAULT_PERIOD ? '/admin/dashboard' : `/admin/dashboard?period=${period}`;
}
