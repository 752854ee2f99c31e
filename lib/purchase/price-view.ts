// Which prices a visitor sees (ARCHITECTURE.md, "Trade accounts and price groups"). The shop shows prices to
// everyone, to signed-in buyers or to approved trade accounts only; a buyer in a price group sees the group's
// prices. Pages are rendered and cached once per price view, never per person. A page's own path shows what an
// anonymous visitor sees (list prices in SPEC.md's shop, none where the shop hides them); any other view travels in
// the last segment of the path the middleware rewrites a signed-in buyer's request to ('price-g-<group id>').
// Pure and edge-safe: the middleware imports it.
import { isUuid } from '../core/validation/text';

export const PRICE_VISIBILITIES = ['everyone', 'signed_in', 'trade'] as const;
export type PriceVisibility = (typeof PRICE_VISIBILITIES)[number];

export type PriceView =
  | { kind: 'list' }
  /** Prices hidden until the visitor signs in. */
  | { kind: 'sign_in' }
  /** Prices hidden from a signed-in buyer without an approved trade account. */
  | { kind: 'apply' }
  | { kind: 'group'; groupId: string };

export interface BuyerStanding {
  signedIn: boolean;
  /** The buyer's trade account is approved. */
  approved: boolean;
  /** The approved account's price group, or null. */
  groupId: string | null;
}

export const ANONYMOUS: BuyerStanding = { signedIn: false, approved: false, groupId: null };

export function priceViewFor(visibility: PriceVisibility, buyer: BuyerStanding): PriceView {
  if (buyer.approved && buyer.groupId) return { kind: 'group', groupId: buyer.groupId.toLowerCase() };
  if (visibility === 'everyone') return { kind: 'list' };
  if (!buyer.signedIn) return { kind: 'sign_in' };
  if (visibility === 'signed_in' || buyer.approved) return { kind: 'list' };
  return { kind: 'apply' };
}

/** Whether the view shows prices (and so offers Add to Cart). */
export const showsPrices = (view: PriceView): view is { kind: 'list' } | { kind: 'group'; groupId: string } =>
  view.kind === 'list' || view.kind === 'group';

const PREFIX = 'price-';

export const sameView = (a: PriceView, b: PriceView) => priceViewSegment(a) === priceViewSegment(b);

/** The path segment of a view. */
export function priceViewSegment(view: PriceView): string {
  switch (view.kind) {
    case 'list':
      return `${PREFIX}list`;
    case 'sign_in':
      return `${PREFIX}sign-in`;
    case 'apply':
      return `${PREFIX}apply`;
    case 'group':
      return `${PREFIX}g-${view.groupId}`;
  }
}

/** The view of a path segment, or null when the segment names none (only canonical spellings). */
export function parsePriceViewSegment(segment: string | undefined): PriceView | null {
  if (!segment?.startsWith(PREFIX)) return null;
  const rest = segment.slice(PREFIX.length);
  if (rest === 'list') return { kind: 'list' };
  if (rest === 'sign-in') return { kind: 'sign_in' };
  if (rest === 'apply') return { kind: 'apply' };
  if (rest.startsWith('g-')) {
    const id = rest.slice(2);
    return isUuid(id) && id === id.toLowerCase() ? { kind: 'group', groupId: id } : null;
  }
  return null;
}

/**
 * The price view cookie's name for a buyer's view (what the front cache keys pages by): 'anon' where it is what an
 * anonymous visitor sees (the page's own path), else 'list', 'sign-in', 'apply' or 'g-<id>'.
 */
export function priceViewName(view: PriceView, anonymous: PriceView): string {
  return sameView(view, anonymous) ? 'anon' : priceViewSegment(view).slice(PREFIX.length);
}

/** The view a cookie's name stands for ('anon': the anonymous view, given). */
export function priceViewFromName(name: string, anonymous: PriceView): PriceView | null {
  return name === 'anon' ? anonymous : parsePriceViewSegment(PREFIX + name);
}
