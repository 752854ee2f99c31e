// Revalidation after a committed write never turns it into a failure, and says once why it could not drop a cache.
import { afterEach, describe, expect, it, vi } from 'vitest';

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock('next/cache', () => ({ revalidateTag }));

import { revalidateAfterCommit } from '@/lib/core/cache/revalidate';

describe('revalidateAfterCommit', () => {
  afterEach(() => {
    revalidateTag.mockReset();
    vi.restoreAllMocks();
  });

  it('revalidates every tag', () => {
    revalidateAfterCommit(['catalog', 'admin-dashboard']);
    expect(revalidateTag.mock.calls).toEqual([['catalog'], ['admin-dashboard']]);
  });

  it('goes on after a tag that fails, and logs each distinct failure once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    revalidateTag.mockImplementation((tag: string) => {
      if (tag === 'catalog') throw new Error('Invariant: static generation store missing');
    });
    expect(() => revalidateAfterCommit(['catalog', 'content'])).not.toThrow();
    expect(() => revalidateAfterCommit(['catalog'])).not.toThrow();
    expect(revalidateTag.mock.calls).toEqual([['catalog'], ['content'], ['catalog']]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('cache revalidation failed');
  });
});
