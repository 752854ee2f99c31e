import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export declare const ENTRY_MS: number;
export declare function tagClock(): number;
export declare function pageEncoding(header: string | string[] | undefined): 'gzip' | 'deflate' | 'identity' | null;
export declare function frontCacheKey(req: IncomingMessage): string | null;
export declare function priceViewOf(cookieHeader: string | undefined, secret?: string, now?: number): string | null;
export declare function isStorable(statusCode: number, headers: OutgoingHttpHeaders): boolean;
export declare class PageFrontCache {
  constructor(options?: { now?: () => number; clock?: () => number; maxBytes?: number });
  serve(key: string, res: ServerResponse): boolean;
  record(key: string, res: ServerResponse): void;
}
