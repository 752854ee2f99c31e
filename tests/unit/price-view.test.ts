import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS,
  parsePriceViewSegment,
  priceViewFor,
  priceViewFromName,
  priceViewName,
  priceViewSegment,
  type PriceView,
} from '@/lib/purchase/price-view';
import { namesPriceView, priceViewPath, splitPriceView } from '@/lib/purchase/price-view-paths';
import { cookieValue, hasSessionCookie, readPriceView, signPriceView } from '@/lib/core/http/price-view-cookie.mjs';
import { priceViewOf } from '@/lib/core/cache/page-front-cache.mjs';

const GROUP = '0f9c2d3e-4b5a-4c6d-8e7f-a1b2c3d4e5f6';
const USER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SECRET = 'a-secret-of-the-servers-1234567890';
const group: PriceView = { kind: 'group', groupId: GROUP };

describe('priceViewFor', () => {
  const retail = { signedIn: true, approved: false, groupId: null };
  const approved = { signedIn: true, approved: true, groupId: null };
  const grouped = { signedIn: true, approved: true, groupId: GROUP.toUpperCase() };

  it("shows list prices to everyone in SPEC.md's shop, and a group's prices to its buyers", () => {
    expect(priceViewFor('everyone', ANONYMOUS)).toEqual({ kind: 'list' });
    expect(priceViewFor('everyone', retail)).toEqual({ kind: 'list' });
    expect(priceViewFor('everyone', grouped)).toEqual(group);
  });

  it('hides prices from visitors until they sign in', () => {
    expect(priceViewFor('signed_in', ANONYMOUS)).toEqual({ kind: 'sign_in' });
    expect(priceViewFor('signed_in', retail)).toEqual({ kind: 'list' });
  });

  it('shows prices to approved trade accounts only', () => {
    expect(priceViewFor('trade', ANONYMOUS)).toEqual({ kind: 'sign_in' });
    expect(priceViewFor('trade', retail)).toEqual({ kind: 'apply' });
    expect(priceViewFor('trade', approved)).toEqual({ kind: 'list' });
    expect(priceViewFor('trade', grouped)).toEqual(group);
  });
});

describe('view segments and names', () => {
  it('round-trips every view through its segment and its cookie name', () => {
    for (const view of [{ kind: 'list' }, { kind: 'sign_in' }, { kind: 'apply' }, group] as PriceView[]) {
      expect(parsePriceViewSegment(priceViewSegment(view))).toEqual(view);
      expect(priceViewFromName(priceViewName(view, { kind: 'sign_in' }), { kind: 'sign_in' })).toEqual(view);
    }
    expect(priceViewName({ kind: 'list' }, { kind: 'list' })).toBe('anon');
  });

  it('accepts only canonical segments', () => {
    expect(parsePriceViewSegment(`price-g-${GROUP.toUpperCase()}`)).toBeNull();
    expect(parsePriceViewSegment('price-g-not-a-uuid')).toBeNull();
    expect(parsePriceViewSegment('prices')).toBeNull();
    expect(parsePriceViewSegment(undefined)).toBeNull();
  });
});

describe('priceViewPath', () => {
  const list: PriceView = { kind: 'list' };
  it("adds a buyer's view to the pages that show prices, last", () => {
    expect(priceViewPath('/', group, list)).toBe(`/price-g-${GROUP}`);
    expect(priceViewPath('/products', group, list)).toBe(`/products/price-g-${GROUP}`);
    expect(priceViewPath('/products/2.price-asc.gold', group, list)).toBe(`/products/2.price-asc.gold/price-g-${GROUP}`);
    expect(priceViewPath('/category/rings', { kind: 'apply' }, { kind: 'sign_in' })).toBe('/category/rings/price-apply');
    expect(priceViewPath('/search/abc', group, list)).toBe(`/search/abc/price-g-${GROUP}`);
    expect(priceViewPath(`/rings/${USER}`, { kind: 'list' }, { kind: 'sign_in' })).toBe(`/rings/${USER}/price-list`);
  });

  it('serves the anonymous view and the pages without prices as they are', () => {
    expect(priceViewPath('/products', list, list)).toBeNull();
    expect(priceViewPath('/cart', group, list)).toBeNull();
    expect(priceViewPath('/dashboard', group, list)).toBeNull();
    expect(priceViewPath('/about', group, list)).toBeNull();
  });

  it('refuses a path that names a view itself, and splits a route segment list', () => {
    expect(namesPriceView(`/rings/${USER}/price-g-${GROUP}`)).toBe(true);
    expect(namesPriceView('/price-list')).toBe(true);
    expect(namesPriceView(`/products/price%2Dapply`)).toBe(true);
    expect(namesPriceView('/products/2.newest.all')).toBe(false);
    expect(splitPriceView(['2.newest.all', `price-g-${GROUP}`])).toEqual({ rest: ['2.newest.all'], view: group });
    expect(splitPriceView(undefined)).toEqual({ rest: [], view: null });
  });
});

describe('the price view cookie', () => {
  const now = 1_800_000_000_000;

  it('reads back what it signed, for its user, within its minute', () => {
    const value = signPriceView(SECRET, `g-${GROUP}`, USER, now);
    expect(readPriceView(SECRET, value, now + 59_000)).toEqual({ name: `g-${GROUP}`, userId: USER });
    expect(readPriceView(SECRET, value, now + 61_000)).toBeNull();
  });

  it('refuses a forged, altered or foreign cookie', () => {
    const value = signPriceView(SECRET, 'list', USER, now);
    expect(readPriceView('another-secret-of-another-shop-123', value, now)).toBeNull();
    expect(readPriceView(SECRET, value.replace('list', `g-${GROUP}`), now)).toBeNull();
    expect(readPriceView(SECRET, `g-${GROUP}.${USER}.9999999999.forged`, now)).toBeNull();
    expect(readPriceView(SECRET, 'garbage', now)).toBeNull();
    expect(readPriceView(undefined as unknown as string, value, now)).toBeNull();
  });

  it('finds cookies in a Cookie header', () => {
    expect(cookieValue('a=1; shop_price_view=x.y; b=2', 'shop_price_view')).toBe('x.y');
    expect(hasSessionCookie('sb-127-auth-token.0=abc')).toBe(true);
    expect(hasSessionCookie('shop_signed_in=1')).toBe(false);
  });
});

describe("the front cache's view key", () => {
  const now = Date.now();
  const cookie = (name: string) => `sb-x-auth-token=t; shop_price_view=${signPriceView(SECRET, name, USER, now)}`;

  it("keys a group buyer's pages by their view and an anonymous visitor's by none", () => {
    expect(priceViewOf(undefined, SECRET, now)).toBe('');
    expect(priceViewOf(cookie(`g-${GROUP}`), SECRET, now)).toBe(` g-${GROUP}`);
    expect(priceViewOf(cookie('anon'), SECRET, now)).toBe('');
  });

  it('leaves to Next a session without a valid view, or a view without a session', () => {
    expect(priceViewOf('sb-x-auth-token=t', SECRET, now)).toBeNull();
    expect(priceViewOf(cookie('list'), 'not-the-secret-of-this-shop-1234', now)).toBeNull();
    expect(priceViewOf(`shop_price_view=${signPriceView(SECRET, 'list', USER, now)}`, SECRET, now)).toBeNull();
  });
});
