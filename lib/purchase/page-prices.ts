import 'server-only';
// A cached page's prices (ARCHITECTURE.md, "Trade accounts and price groups"). A page is rendered once per price
// view: its own path for what an anonymous visitor sees (the shop's setting, read under SHOP_SETTINGS_TAG so a change
// re-renders it), a 'price-…' segment for a signed-in buyer's other view. A group's view reads the group's terms
// under that group's tag, so a change to the group re-renders its pages on every server at once.
import { unstable_cache } from 'next/cache';
import { asAnon } from '../core/db';
import { CATALOG_TAG, priceGroupTag, SHOP_SETTINGS_TAG } from '../core/cache/tags';
import type { ProductSummary } from '../catalog/types';
import { pageGroupTerms, readPriceSettingsIn } from './buyer';
import type { FixedPrice, GroupTerms } from './group-pricing';
import { ANONYMOUS, priceViewFor, type PriceView } from './price-view';
import { priceSummary } from './priced-pages';

const getPriceSettings = unstable_cache(() => asAnon(readPriceSettingsIn), ['price-settings-v1'], {
  tags: [SHOP_SETTINGS_TAG],
  revalidate: 3600,
});

/** The view a page renders: the one its path names, else what an anonymous visitor sees. */
export async function pagePriceView(named: PriceView | null): Promise<PriceView> {
  if (named) return named;
  return priceViewFor((await getPriceSettings()).visibility, ANONYMOUS);
}

interface StoredTerms {
  id: string;
  name: string;
  percentOff: number;
  fixed: Array<[string, readonly FixedPrice[]]>;
}

/** The cache keeps JSON: the terms travel as entries and become a map again. */
const cachedTerms = (groupId: string, productIds: string[]) =>
  unstable_cache(
    async (): Promise<StoredTerms | null> => {
      const terms = await pageGroupTerms(groupId, productIds);
      return terms && { id: terms.id, name: terms.name, percentOff: terms.percentOff, fixed: [...terms.fixed] };
    },
    ['group-terms-v1', groupId, productIds.join(',')],
    { tags: [priceGroupTag(groupId), CATALOG_TAG], revalidate: 300 },
  )();

/** A group view's terms for the products a page shows (null outside a group view, or for a group since deleted). */
export async function pageTerms(view: PriceView, productIds: readonly string[]): Promise<GroupTerms | null> {
  if (view.kind !== 'group') return null;
  const stored = await cachedTerms(view.groupId, [...new Set(productIds.map((id) => id.toLowerCase()))].sort());
  return stored && { id: stored.id, name: stored.name, percentOff: stored.percentOff, fixed: new Map(stored.fixed) };
}

/** Cards as a page in `named`'s view shows them. */
export async function priceCards<T extends ProductSummary | Omit<ProductSummary, 'created_at'>>(
  named: PriceView | null,
  cards: readonly T[],
): Promise<T[]> {
  const view = await pagePriceView(named);
  if (view.kind === 'list') return [...cards];
  const terms = await pageTerms(view, cards.map((c) => c.id));
  return cards.map((card) => priceSummary(card, view, terms));
}
