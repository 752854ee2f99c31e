// Where the middleware serves a page for a price view (./price-view.ts): the pages that show prices (home, listings,
// search, product pages) get the view's segment last in their path; every other page is served as it is. Pure and
// edge-safe: the middleware imports it.
import { parsePriceViewSegment, priceViewSegment, sameView, type PriceView } from './price-view';

/** Listings and their canonical view paths, search, and product pages: the paths a view segment is added to. */
const PRICED_PATH =
  /^\/(?:(?:products|new-arrivals|mens-jewelry|category\/[^/]+)(?:\/[^/]+)?|search(?:\/[^/]+)?|(?:rings|necklaces|bracelets|earrings|body-jewelry|product)\/[^/]+)$/;

/** Whether a requested path names a view itself: only the middleware may, so such a request is answered 404. */
export function namesPriceView(pathname: string): boolean {
  return pathname.split('/').some((segment) => parsePriceViewSegment(safeDecode(segment)) !== null);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path to serve a page from for a buyer's `view`: `served` is the path the request is otherwise served from
 * (the listing or search rewrite, or the request's own path). Null: serve it as it is, the anonymous view.
 */
export function priceViewPath(served: string, view: PriceView, anonymous: PriceView): string | null {
  if (sameView(view, anonymous)) return null;
  const segment = priceViewSegment(view);
  if (served === '/') return `/${segment}`;
  return PRICED_PATH.test(served) ? `${served}/${segment}` : null;
}

/**
 * A route's trailing segments without the view segment, and the view it names (null: the anonymous view). Routes
 * that show prices end in an optional catch-all, and the view is always its last segment.
 */
export function splitPriceView(segments: readonly string[] | undefined): { rest: string[]; view: PriceView | null } {
  const all = [...(segments ?? [])];
  const last = all.length ? parsePriceViewSegment(safeDecode(all[all.length - 1]!)) : null;
  if (last) all.pop();
  return { rest: all, view: last };
}
