/** The size bound of the cache's files on disk (disk-bound.mjs). */
export interface CacheEntryOnDisk {
  stem: string;
  files: string[];
  bytes: number;
  writtenAt: number;
}
export interface TrimResult {
  bytes: number;
  kept: string[];
  removed: string[];
}
export declare function diskBoundBytes(env?: Record<string, string | undefined>): number;
export declare const CACHE_DISK_MAX_BYTES: number;
export declare function cacheFolders(serverDistDir: string): string[];
export declare function blocksFor(length: number): number;
export declare function entryBytes(data: unknown): number;
export declare function scanEntries(folders: string[]): Promise<CacheEntryOnDisk[]>;
export declare function trimFolders(folders: string[], maxBytes: number): Promise<TrimResult>;
export declare class DiskBound {
  constructor(
    serverDistDir: string,
    options?: { maxBytes?: number; sweepBytes?: number; onTrim?: (result: TrimResult) => void; onError?: (err: unknown) => void },
  );
  readonly maxBytes: number;
  readonly sweepBytes: number;
  wrote(bytes: number): Promise<void>;
  trim(): Promise<TrimResult>;
}
