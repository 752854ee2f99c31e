// The estimated ship date of an order: its slowest line decides. In stock counts business days (Monday to Friday)
// from the day the order was placed; made to order counts its longest number of weeks, and a date that falls on a
// weekend moves to the Monday. Days are the shop's calendar days (its time zone). Pure.
import type { LeadTime } from '../catalog/lead-time';

/** 'YYYY-MM-DD' as a date at midnight UTC, for day arithmetic without time zones. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayText = (d: Date) => d.toISOString().slice(0, 10);
const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

function addDays(d: Date, n: number): Date {
  const next = new Date(d);
  next.setUTCDate(next.getUTCDate() + n);
  return next;
}

/** The day a line with this lead time ships, for an order placed on `placedDay` ('YYYY-MM-DD'). */
export function lineShipDay(placedDay: string, lt: LeadTime): string {
  let d = utcDay(placedDay);
  if (lt.kind === 'in_stock') {
    for (let left = lt.min; left > 0; ) {
      d = addDays(d, 1);
      if (!isWeekend(d)) left--;
    }
    return dayText(d);
  }
  d = addDays(d, lt.max * 7);
  while (isWeekend(d)) d = addDays(d, 1);
  return dayText(d);
}

/** The latest of the lines' ship days ('YYYY-MM-DD'), or null when no line has a lead time (orders from before them). */
export function estimatedShipDay(placedDay: string, leadTimes: readonly (LeadTime | null)[]): string | null {
  const days = leadTimes.flatMap((lt) => (lt ? [lineShipDay(placedDay, lt)] : []));
  return days.length === 0 ? null : days.reduce((a, b) => (b > a ? b : a));
}

/** 'Thursday, December 3, 2026': a shop day written out. */
export function formatShipDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(utcDay(day));
}
