// The middleware's half of price views (ARCHITECTURE.md, "Trade accounts and price groups"): which view a request's
// page is served in, and the signed cookie that lets the production server's front cache pick the same cached copy
// for the next minute without asking Auth or the database (lib/core/http/price-view-cookie.mjs).
import type { NextRequest } from 'next/server';
import { env } from '../core/env';
import { PRICE_VIEW_COOKIE, PRICE_VIEW_TTL_SECONDS, readPriceView, signPriceView } from '../core/http/price-view-cookie.mjs';
import { buyerPricing, priceViewOfUser, readPriceSettings, type BuyerPricing } from '../purchase/buyer';
import { priceSummary } from '../purchase/priced-pages';
import { getCurrentUser } from '../auth/user';
import { actorFor } from '../core/db/actor';
import type { ProductSummary } from '../catalog/types';
import { ANONYMOUS, priceViewFor, priceViewFromName, priceViewName, type PriceView } from '../purchase/price-view';

export interface PriceViewCookie {
  name: string;
  value: string;
  options: { path: string; sameSite: 'lax'; secure: boolean; httpOnly: boolean; maxAge: number };
}

export interface RequestPriceView {
  view: PriceView;
  /** What an anonymous visitor sees: a page's own path serves it. */
  anonymous: PriceView;
  /** The cookie to set (or clear) on the response, or null to leave it. */
  cookie: PriceViewCookie | null;
}

const options = (secure: boolean, maxAge: number) => ({ path: '/', sameSite: 'lax' as const, secure, httpOnly: true, maxAge });

/** The secret the cookie is signed with: every server of the shop has the service role key (lib/core/env.ts). */
export const priceViewSecret = () => env().SUPABASE_SERVICE_ROLE_KEY;

export async function requestPriceView(
  request: NextRequest,
  user: { id: string } | null,
  secure: boolean,
): Promise<RequestPriceView> {
  const { visibility } = await readPriceSettings();
  const anonymous = priceViewFor(visibility, ANONYMOUS);
  const held = request.cookies.get(PRICE_VIEW_COOKIE)?.value;
  if (!user) {
    // Signed out, here or elsewhere: the cookie goes with the session.
    return { view: anonymous, anonymous, cookie: held ? { name: PRICE_VIEW_COOKIE, value: '', options: options(secure, 0) } : null };
  }
  const secret = priceViewSecret();
  const read = readPriceView(secret, held);
  const known = read && read.userId === user.id ? priceViewFromName(read.name, anonymous) : null;
  if (known) return { view: known, anonymous, cookie: null };
  const view = await priceViewOfUser(user.id);
  const value = signPriceView(secret, priceViewName(view, anonymous), user.id);
  return { view, anonymous, cookie: { name: PRICE_VIEW_COOKIE, value, options: options(secure, PRICE_VIEW_TTL_SECONDS) } };
}

/**
 * What the caller of a route handler sees and pays for these products, asked per request (route answers are never
 * shared between buyers): `personal` says the answer is the signed-in buyer's own, to be sent `private, no-store`.
 */
export async function callerPricing(productIds: readonly string[]): Promise<BuyerPricing & { personal: boolean }> {
  const user = await getCurrentUser();
  return { ...(await buyerPricing(actorFor(user), productIds)), personal: user !== null };
}

/** Cards as the caller of a route handler may see them. */
export async function cardsForCaller<T extends ProductSummary>(cards: readonly T[]): Promise<{ cards: T[]; personal: boolean }> {
  const pricing = await callerPricing(cards.map((c) => c.id));
  return { cards: cards.map((c) => priceSummary(c, pricing.view, pricing.terms)), personal: pricing.personal };
}

/** A route answer's Cache-Control: shared caches may keep only what any visitor would be answered. */
export const pricedCacheControl = (personal: boolean, shared: string) => (personal ? 'private, no-store' : shared);
