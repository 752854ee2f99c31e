// Dates as the back office shows them, in the shop's time zone (SHOP_TIME_ZONE, passed in by the server). Pure.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(key, f);
  }
  return f;
}

/** 'Nov 23, 2026, 2:05 PM'. */
export function formatDateTime(date: Date | string, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
}

/** 'Nov 23, 2026'. */
export function formatDate(date: Date | string, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'medium' }).format(new Date(date));
}

/** The calendar year of `date` in `timeZone` (a document issued at 23:30 on 31 December in New York is that year's). */
export function yearIn(date: Date | string, timeZone: string): number {
  return Number(formatter(timeZone, { year: 'numeric' }).format(new Date(date)));
}
