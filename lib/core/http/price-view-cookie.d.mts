export declare const PRICE_VIEW_COOKIE: 'shop_price_view';
export declare const PRICE_VIEW_TTL_SECONDS: number;
export declare function signPriceView(secret: string, name: string, userId: string, nowMs?: number): string;
export declare function readPriceView(
  secret: string | undefined,
  value: string | undefined,
  nowMs?: number,
): { name: string; userId: string } | null;
export declare function cookieValue(header: string | undefined, name: string): string | undefined;
export declare function hasSessionCookie(header: string | undefined): boolean;
