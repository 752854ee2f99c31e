// The settings screen's "Who sees prices" section: whether prices are shown to everyone (SPEC.md's shop), to
// signed-in buyers or to approved trade accounts only, and whether guests may check out
// (lib/purchase/price-view.ts). Saving re-renders every cached page in its new view (SHOP_SETTINGS_TAG).
import { z } from 'zod';
import type { Tx } from '../../core/db';
import { PRICE_VISIBILITIES, type PriceVisibility } from '../../purchase/price-view';

export const PRICE_ACCESS_TEXT = {
  heading: 'Who sees prices',
  intro: 'Where prices are hidden, pages say how to get them and offer no Add to Cart; checkout and every answer of the shop keep them hidden too.',
  visibility: 'Show prices to',
  guestCheckout: 'Guests may check out without an account',
  saved: 'Price settings saved',
  failed: 'Failed to save price settings',
} as const;

export const PRICE_VISIBILITY_LABELS: Record<PriceVisibility, string> = {
  everyone: 'Everyone',
  signed_in: 'Signed-in buyers',
  trade: 'Approved trade accounts only',
};

export const priceAccessSchema = z.object({
  visibility: z.enum(PRICE_VISIBILITIES, { error: 'Please choose who sees prices.' }),
  guestCheckout: z.boolean({ error: 'Please say whether guests may check out.' }),
});

export type PriceAccess = z.infer<typeof priceAccessSchema>;

export async function readPriceAccess(tx: Tx): Promise<PriceAccess> {
  const [row] = await tx<{ price_visibility: PriceVisibility; guest_checkout: boolean }[]>`
    select price_visibility, guest_checkout from public.shop_settings limit 1`;
  return { visibility: row?.price_visibility ?? 'everyone', guestCheckout: row?.guest_checkout ?? true };
}

export async function writePriceAccess(tx: Tx, access: PriceAccess, userId: string): Promise<void> {
  await tx`
    update public.shop_settings
       set price_visibility = ${access.visibility}, guest_checkout = ${access.guestCheckout}, updated_at = now(), updated_by = ${userId}`;
}

/** The history's words for a saved value. */
export function priceAccessValue(column: string, value: string | null): string | null {
  if (column === 'price_visibility') return value && value in PRICE_VISIBILITY_LABELS ? PRICE_VISIBILITY_LABELS[value as PriceVisibility] : (value ?? '');
  if (column === 'guest_checkout') return value === 'true' ? 'Allowed' : value === 'false' ? 'Sign-in required' : (value ?? '');
  return null;
}
