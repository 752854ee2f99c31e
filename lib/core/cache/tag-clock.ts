// When a cache tag was last revalidated on this server, by an edit here or, through the shared cache handler
// (lib/core/cache/shared-tags-handler.mjs), on another server. In-memory caches of the server's own (search answers) put
// it in their keys, so an admin's edit drops them exactly when it drops Next's cached pages.

interface SharedTagsState {
  revalidatedAt?: Map<string, number>;
}

/** Milliseconds since the epoch of `tag`'s latest revalidation known to this process; 0 if none. */
export function tagRevalidatedAt(tag: string): number {
  const state = (globalThis as { __shopSharedTags?: SharedTagsState }).__shopSharedTags;
  return state?.revalidatedAt?.get(tag) ?? 0;
}
