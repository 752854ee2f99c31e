// Page-number rules shared by every paginated list. Pure functions.
import { firstParam } from './search-params';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Largest page number we accept; anything above it cannot hold products and only makes huge OFFSETs. */
export const MAX_PAGE = 1_000_000;

/** `?page=` value to a page number: non-numeric, or below 1, counts as 1. */
export function parsePageParam(value: string | string[] | null | undefined): number {
  const raw = firstParam(value);
  if (typeof raw !== 'string' || !/^\s*\d+\s*$/.test(raw)) return 1;
  const page = Number(raw);
  if (!Number.isSafeInteger(page) || page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

export function totalPagesFor(total: number, pageSize: number): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}

/**
 * The page buttons to show: every page when there are 5 or fewer; near the start 1-4, ellipsis, last; near the end
 * first, ellipsis, last 4; otherwise first, ellipsis, current with its neighbours, ellipsis, last.
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  if (current <= 3) return [1, 2, 3, 4, 'ellipsis-end', totalPages];
  if (current >= totalPages - 2) return [1, 'ellipsis-start', totalPages - 3, totalPages - 2, totalPages - 1, totalPages];
  return [1, 'ellipsis-start', current - 1, current, current + 1, 'ellipsis-end', totalPages];
}

/** First and last item numbers (1-based) shown on a page; 0-0 when the page is empty. */
export function pageRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  if (shown <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: from + shown - 1 };
}

export interface Window {
  offset: number;
  limit: number;
}

/**
 * Splits one page window over a list made of two consecutive parts, the first `firstSize` rows long, so each part
 * can be read with its own indexed ORDER BY … LIMIT … OFFSET.
 */
export function splitWindow(offset: number, limit: number, firstSize: number): { first: Window; second: Window } {
  const firstLimit = Math.max(0, Math.min(limit, firstSize - offset));
  return {
    first: { offset: Math.min(offset, Math.max(0, firstSize)), limit: firstLimit },
    second: { offset: Math.max(0, offset - firstSize), limit: limit - firstLimit },
  };
}

/**
 * A page of a list of `total` rows, read from whichever end is nearer: OFFSET skips that many index entries, so the
 * last pages of a long list cost as little as the first. With `reverse`, read `limit` rows after skipping `offset` in
 * the opposite order, then reverse them.
 */
export function nearestEndWindow(page: number, pageSize: number, total: number): Window & { reverse: boolean } {
  const offset = Math.max(0, (page - 1) * pageSize);
  const limit = Math.max(0, Math.min(pageSize, total - offset));
  const fromEnd = Math.max(0, total - offset - limit);
  return fromEnd < offset ? { offset: fromEnd, limit, reverse: true } : { offset, limit, reverse: false };
}
