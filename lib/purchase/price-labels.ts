// The words of price views (./price-view.ts): what a visitor who may not see prices is told, and how a group's
// price is named beside it.
import type { PriceView } from './price-view';

export const SIGN_IN_FOR_PRICES = 'Sign in for wholesale prices';
export const APPLY_FOR_TRADE = 'Apply for a trade account';
/** The account area's trade account tab (components/account). */
export const TRADE_ACCOUNT_PATH = '/dashboard?tab=trade';

export const GATE_TEXT: Record<'sign_in' | 'apply', { action: string; href: string; note: string }> = {
  sign_in: { action: SIGN_IN_FOR_PRICES, href: '/login', note: 'Our prices are for trade buyers.' },
  apply: { action: APPLY_FOR_TRADE, href: TRADE_ACCOUNT_PATH, note: 'Prices are shown to approved trade accounts.' },
};

/** 'Wholesale price': beside a price a buyer's group set. */
export const groupPriceLabel = (groupName: string) => `${groupName} price`;

/** Why a checkout, a quick order or a cart answer carries no price for this view, or null where it may. */
export function hiddenPriceMessage(view: PriceView): string | null {
  if (view.kind === 'sign_in') return 'Please sign in to see prices and order.';
  if (view.kind === 'apply') return 'Prices and ordering are open to approved trade accounts. Apply for a trade account from your account page.';
  return null;
}

export const GUEST_CHECKOUT_CLOSED = 'Please sign in to check out.';
