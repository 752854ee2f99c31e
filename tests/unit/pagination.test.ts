import { describe, expect, it } from 'vitest';
import { MAX_PAGE, nearestEndWindow, pageRange, paginationWindow, parsePageParam, splitWindow, totalPagesFor } from '@/lib/core/pagination';

describe('parsePageParam', () => {
  it('reads positive whole numbers', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('7')).toBe(7);
    expect(parsePageParam(' 12 ')).toBe(12);
    expect(parsePageParam(['3', '9'])).toBe(3);
  });

  it('treats missing, non-numeric or below-1 values as page 1', () => {
    for (const value of [undefined, null, '', 'abc', '0', '-2', '2.5', '1e3', 'NaN', '3abc', []]) {
      expect(parsePageParam(value as string | undefined)).toBe(1);
    }
  });

  it('caps absurd page numbers', () => {
    expect(parsePageParam('99999999999999999999')).toBe(1);
    expect(parsePageParam(String(MAX_PAGE + 5))).toBe(MAX_PAGE);
  });
});

describe('paginationWindow', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('near the start shows 1-4, an ellipsis and the last page', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(paginationWindow(2, 6)).toEqual([1, 2, 3, 4, 'ellipsis-end', 6]);
  });

  it('near the end shows the first page, an ellipsis and the last 4', () => {
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(paginationWindow(8, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
    expect(paginationWindow(50, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
  });

  it('in the middle shows first, ellipsis, current with neighbours, ellipsis, last', () => {
    expect(paginationWindow(4, 10)).toEqual([1, 'ellipsis-start', 3, 4, 5, 'ellipsis-end', 10]);
    expect(paginationWindow(500, 5000)).toEqual([1, 'ellipsis-start', 499, 500, 501, 'ellipsis-end', 5000]);
    expect(paginationWindow(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 'ellipsis-end', 10]);
  });
});

describe('page ranges', () => {
  it('counts pages and the shown item numbers', () => {
    expect(totalPagesFor(0, 20)).toBe(0);
    expect(totalPagesFor(20, 20)).toBe(1);
    expect(totalPagesFor(21, 20)).toBe(2);
    expect(pageRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 5)).toEqual({ from: 41, to: 45 });
    expect(pageRange(9, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('splitWindow', () => {
  it('keeps a window inside the first part', () => {
    expect(splitWindow(0, 20, 100)).toEqual({ first: { offset: 0, limit: 20 }, second: { offset: 0, limit: 0 } });
    expect(splitWindow(80, 20, 100)).toEqual({ first: { offset: 80, limit: 20 }, second: { offset: 0, limit: 0 } });
  });

  it('splits a window across the boundary', () => {
    expect(splitWindow(90, 20, 100)).toEqual({ first: { offset: 90, limit: 10 }, second: { offset: 0, limit: 10 } });
  });

  it('moves a window past the first part into the second', () => {
    expect(splitWindow(100, 20, 100)).toEqual({ first: { offset: 100, limit: 0 }, second: { offset: 0, limit: 20 } });
    expect(splitWindow(140, 20, 100)).toEqual({ first: { offset: 100, limit: 0 }, second: { offset: 40, limit: 20 } });
    expect(splitWindow(0, 20, 0)).toEqual({ first: { offset: 0, limit: 0 }, second: { offset: 0, limit: 20 } });
  });
});

describe('nearestEndWindow', () => {
  it('reads the first half from the start and the second half from the end', () => {
    expect(nearestEndWindow(1, 20, 100_000)).toEqual({ offset: 0, limit: 20, reverse: false });
    expect(nearestEndWindow(2, 20, 100_000)).toEqual({ offset: 20, limit: 20, reverse: false });
    expect(nearestEndWindow(5000, 20, 100_000)).toEqual({ offset: 0, limit: 20, reverse: true });
    expect(nearestEndWindow(4999, 20, 100_000)).toEqual({ offset: 20, limit: 20, reverse: true });
    expect(nearestEndWindow(2500, 20, 100_000)).toEqual({ offset: 49_980, limit: 20, reverse: false });
    expect(nearestEndWindow(2501, 20, 100_000)).toEqual({ offset: 49_980, limit: 20, reverse: true });
  });

  it('gives a short last page and nothing past the end', () => {
    expect(nearestEndWindow(3, 20, 45)).toEqual({ offset: 0, limit: 5, reverse: true });
    expect(nearestEndWindow(4, 20, 45).limit).toBe(0);
    expect(nearestEndWindow(1, 20, 0)).toEqual({ offset: 0, limit: 0, reverse: false });
  });
});
