// The one date rule: every date anyone is shown (account, admin, mail, documents, files) is read in the shop's time
// zone (SHOP_TIME_ZONE, passed in by the server), and a time carries the zone's abbreviation ('2:05 PM EST'), so a
// buyer or a colleague elsewhere cannot misread it. A date alone is the shop's calendar day. Pure.

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

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** 'Nov 23, 2026, 2:05 PM EST'. */
export function formatDateTime(date: Date | string, timeZone: string): string {
  return formatter(timeZone, DATE_TIME).format(new Date(date));
}

/** 'Nov 23, 2026': the calendar day in the shop's time zone. */
export function formatDate(date: Date | string, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'medium' }).format(new Date(date));
}

/** 'November 23, 2026': the same day, written out (confirmation page, content pages). */
export function formatLongDate(date: Date | string, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'long' }).format(new Date(date));
}

/** '2026-11-23 14:05 EST': sortable, for files (the orders CSV). */
export function formatFileDateTime(date: Date | string, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(date))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** The calendar year of `date` in `timeZone` (a document issued at 23:30 on 31 December in New York is that year's). */
export function yearIn(date: Date | string, timeZone: string): number {
  return Number(formatter(timeZone, { year: 'numeric' }).format(new Date(date)));
}

/** '2026-11-23': the calendar day of `date` in `timeZone`, sortable (due days, ageing). */
export function dayIn(date: Date | string, timeZone: string): string {
  return formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(date)).replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$1-$2');
}
