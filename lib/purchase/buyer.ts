// Who a buyer is to the price resolver: their trade account's standing and price group, and the shop's setting of
// who sees prices (ARCHITECTURE.md, "Trade accounts and price groups"). The middleware asks once a minute per
// signed-in buyer (the price view cookie carries the answer meanwhile); checkout and the API routes ask per request.
// No 'server-only' import: the middleware, which runs on the server, imports it too.
import { asAnon, asServiceRole, withActor, type DbActor, type DbRow, type Tx } from '../core/db';
import { tagRevalidatedAt } from '../core/cache/tag-clock';
import { SHOP_SETTINGS_TAG } from '../core/cache/tags';
import type { FixedPrice, GroupTerms } from './group-pricing';
import { ANONYMOUS, PRICE_VISIBILITIES, priceViewFor, type BuyerStanding, type PriceView, type PriceVisibility } from './price-view';

/** How long this process trusts its copy of the setting when no revalidation tells it of a change. */
const VISIBILITY_MS = 60_000;
/** Without the shared cache handler (next dev) nothing tells of a change: the copy is re-read each second. */
const UNWATCHED_MS = 1_000;
let visibilityMemo: { value: { visibility: PriceVisibility; guestCheckout: boolean }; clock: number; at: number } | null = null;

function watched(): boolean {
  return Boolean((globalThis as { __shopSharedTags?: unknown }).__shopSharedTags);
}

/** The shop's setting of who sees prices and whether guests may check out, read through a per-process copy. */
export async function readPriceSettings(): Promise<{ visibility: PriceVisibility; guestCheckout: boolean }> {
  const clock = tagRevalidatedAt(SHOP_SETTINGS_TAG);
  const now = Date.now();
  const life = watched() ? VISIBILITY_MS : UNWATCHED_MS;
  if (visibilityMemo && visibilityMemo.clock === clock && now - visibilityMemo.at < life) return visibilityMemo.value;
  const value = await asAnon(readPriceSettingsIn);
  visibilityMemo = { value, clock, at: now };
  return value;
}

export async function readPriceSettingsIn(tx: Tx): Promise<{ visibility: PriceVisibility; guestCheckout: boolean }> {
  const [row] = await tx<{ price_visibility: string; guest_checkout: boolean }[]>`
    select price_visibility, guest_checkout from public.shop_settings limit 1`;
  const visibility = (PRICE_VISIBILITIES as readonly string[]).includes(row?.price_visibility ?? '')
    ? (row!.price_visibility as PriceVisibility)
    : 'everyone';
  return { visibility, guestCheckout: row?.guest_checkout ?? true };
}

/** The caller's trade standing, read as the caller (row-level security shows them their own account only). */
export async function readBuyerStanding(tx: Tx, userId: string | null): Promise<BuyerStanding> {
  if (!userId) return ANONYMOUS;
  const [row] = await tx<{ status: string; price_group_id: string | null }[]>`
    select a.status, a.price_group_id
      from public.trade_account_members m join public.trade_accounts a on a.id = m.account_id
     where m.user_id = ${userId}`;
  const approved = row?.status === 'approved';
  return { signedIn: true, approved, groupId: approved ? (row?.price_group_id ?? null) : null };
}

/** The view of a signed-in user's (or a visitor's) pages. */
export async function priceViewOfUser(userId: string | null): Promise<PriceView> {
  const { visibility } = await readPriceSettings();
  if (!userId) return priceViewFor(visibility, ANONYMOUS);
  const standing = await withActor({ role: 'authenticated', userId, email: null }, (tx) => readBuyerStanding(tx, userId));
  return priceViewFor(visibility, standing);
}

type FixedRow = DbRow<'price_group_prices', 'product_id' | 'stone' | 'style' | 'size' | 'price'>;

function toTerms(group: { id: string; name: string; percent_off: string }, rows: readonly FixedRow[]): GroupTerms {
  const fixed = new Map<string, FixedPrice[]>();
  for (const r of rows) {
    const list = fixed.get(r.product_id) ?? [];
    list.push({ stone: r.stone as FixedPrice['stone'], style: r.style as FixedPrice['style'], size: r.size, price: Number(r.price) });
    fixed.set(r.product_id, list);
  }
  return { id: group.id, name: group.name, percentOff: Number(group.percent_off), fixed };
}

/** A group's terms for these products, in the caller's transaction (its policies decide whether it may read them). */
export async function readGroupTerms(tx: Tx, groupId: string, productIds: readonly string[]): Promise<GroupTerms | null> {
  const [group] = await tx<{ id: string; name: string; percent_off: string }[]>`
    select id, name, percent_off::text from public.price_groups where id = ${groupId}`;
  if (!group) return null;
  const ids = [...new Set(productIds.map((id) => id.toLowerCase()))];
  const rows = ids.length
    ? await tx<FixedRow[]>`
        select product_id::text, stone, style, size, price::text from public.price_group_prices
         where group_id = ${groupId} and product_id = any(${ids}::uuid[])`
    : [];
  return toTerms(group, rows);
}

/**
 * A page's group terms for a 'price-g-<id>' view. Only the middleware rewrites to such a view, from the buyer's
 * verified membership (a request naming one itself is answered 404), so the page reads the group as the service
 * role: it is rendered once for all the group's buyers, as nobody in particular.
 */
export function pageGroupTerms(groupId: string, productIds: readonly string[]): Promise<GroupTerms | null> {
  return asServiceRole((tx) => readGroupTerms(tx, groupId, productIds));
}

export interface BuyerPricing {
  view: PriceView;
  terms: GroupTerms | null;
  guestCheckout: boolean;
}

/** What the caller of a route or checkout sees and pays, for these products, read as the caller. */
export async function buyerPricing(actor: DbActor, productIds: readonly string[]): Promise<BuyerPricing> {
  const { visibility, guestCheckout } = await readPriceSettings();
  const userId = actor.role === 'authenticated' ? actor.userId : null;
  if (!userId) return { view: priceViewFor(visibility, ANONYMOUS), terms: null, guestCheckout };
  return withActor(actor, async (tx) => {
    const standing = await readBuyerStanding(tx, userId);
    const view = priceViewFor(visibility, standing);
    const terms = view.kind === 'group' ? await readGroupTerms(tx, view.groupId, productIds) : null;
    return { view, terms, guestCheckout };
  });
}

/** A buyer's group terms as staff read them (the admin's view of a customer, a quote's suggested prices). */
export async function readUserGroupTerms(tx: Tx, userId: string | null, productIds: readonly string[]): Promise<GroupTerms | null> {
  const standing = await readBuyerStanding(tx, userId);
  return standing.groupId ? readGroupTerms(tx, standing.groupId, productIds) : null;
}
