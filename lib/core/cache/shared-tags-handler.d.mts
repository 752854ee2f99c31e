/** Next.js's cache handler interface, as far as the shop's tests use it. */
export default class SharedTagsCache {
  constructor(ctx: { fs?: unknown; flushToDisk?: boolean; serverDistDir: string; revalidatedTags: string[]; maxMemoryCacheSize?: number });
  revalidateTag(tags: string | string[]): Promise<void>;
  get(key: string, ctx?: unknown): Promise<{ value: unknown; lastModified: number } | null>;
  set(key: string, data: unknown, ctx?: unknown): Promise<void>;
}
export declare const SEARCH_PAGES_MAX_BYTES: number;
export declare function isSearchPage(key: string): boolean;
export declare const RENDER_MS: number;
export declare function memoryBytes(entry: { value: unknown }): number;
