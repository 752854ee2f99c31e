import 'server-only';
// Revalidation after a committed write: the one way writes drop cached pages and data (actions, upload and import
// routes, the Stripe webhook).
import { revalidateTag } from 'next/cache';
import { logWarn } from '../log';

const reported = new Set<string>();

/**
 * Drops what is cached under `tags`. Never throws: the write has committed and stands, so a revalidation that fails
 * must not turn it into a failed answer (an action reported as failed, a webhook Stripe retries for ever). Cached
 * entries also expire on their own, so a lost revalidation costs freshness for a while, not correctness. Each
 * distinct failure is logged once per process.
 */
export function revalidateAfterCommit(tags: Iterable<string>): void {
  for (const tag of tags) {
    try {
      revalidateTag(tag);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (reported.has(reason)) continue;
      reported.add(reason);
      logWarn('cache revalidation failed', { tag, reason });
    }
  }
}
