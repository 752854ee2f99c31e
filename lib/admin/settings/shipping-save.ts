import 'server-only';
// The writes of the Shipping and the Tax and minimum order sections, inside the action's transaction as the admin
// (RLS: "admins add/change/remove shipping methods", "admins change the shop's settings"). The tables' triggers write
// the settings history in the same transaction, so a refused write leaves no history either.
import { ActionError } from '../../core/action-result';
import type { Tx } from '../../core/db';
import { SHIPPING_TEXT, TAX_TEXT } from './shipping-fields';
import type { CheckoutSettingsValues, ShippingMethodValues } from './shipping-schema';

/** Adds a method at the end of the list, or changes one; answers its id. */
export async function writeShippingMethod(tx: Tx, m: ShippingMethodValues): Promise<{ id: string; created: boolean }> {
  // Names label the history and the checkout's choice, so two methods never share one.
  const [clash] = await tx<{ id: string }[]>`
    select id from public.shipping_methods
     where lower(name) = lower(${m.name}) and id is distinct from ${m.id}::uuid limit 1`;
  if (clash) throw new ActionError(SHIPPING_TEXT.duplicateName, 409, { name: SHIPPING_TEXT.duplicateName });
  const bands = tx.json(m.bands as never);
  if (m.id === null) {
    const [row] = await tx<{ id: string }[]>`
      insert into public.shipping_methods (name, zones, basis, bands, free_over_cents, handling_cents, active, position)
      values (${m.name}, ${m.zones}, ${m.basis}, ${bands}, ${m.freeOverCents}, ${m.handlingCents}, ${m.active},
              (select coalesce(max(position) + 1, 0) from public.shipping_methods))
      returning id`;
    return { id: row!.id, created: true };
  }
  const [row] = await tx<{ id: string }[]>`
    update public.shipping_methods
       set name = ${m.name}, zones = ${m.zones}, basis = ${m.basis}, bands = ${bands}, free_over_cents = ${m.freeOverCents},
           handling_cents = ${m.handlingCents}, active = ${m.active}
     where id = ${m.id}
    returning id`;
  if (!row) throw new ActionError(SHIPPING_TEXT.gone, 404);
  return { id: row.id, created: false };
}

export async function removeShippingMethod(tx: Tx, id: string): Promise<{ name: string }> {
  const [row] = await tx<{ name: string }[]>`delete from public.shipping_methods where id = ${id} returning name`;
  if (!row) throw new ActionError(SHIPPING_TEXT.gone, 404);
  return row;
}

/**
 * Puts the methods in the order given (positions 0, 1, …). A method the list does not name (added by another admin
 * since the page loaded) keeps its place after them; a named one that is gone means the page is out of date (409).
 * Only rows whose place changes are written.
 */
export async function writeShippingOrder(tx: Tx, ids: readonly string[]): Promise<{ moved: number }> {
  const current = await tx<{ id: string }[]>`select id from public.shipping_methods order by position, created_at, id for update`;
  const known = new Set(current.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new ActionError(SHIPPING_TEXT.changed, 409);
  const named = new Set(ids);
  const order = [...ids, ...current.map((r) => r.id).filter((id) => !named.has(id))];
  const moved = await tx`
    update public.shipping_methods m set position = (o.n - 1)::int
      from unnest(${order}::uuid[]) with ordinality as o(id, n)
     where m.id = o.id and m.position <> (o.n - 1)::int`;
  return { moved: moved.count };
}

export async function writeCheckoutSettings(tx: Tx, s: CheckoutSettingsValues, userId: string): Promise<{ updatedAt: string }> {
  const shipFrom = s.shipFrom === null ? null : tx.json(s.shipFrom);
  const [row] = await tx<{ updated_at: Date }[]>`
    update public.shop_settings
       set tax_enabled = ${s.taxEnabled}, tax_codes = ${tx.json(s.taxCodes as Record<string, string>)}, ship_from = ${shipFrom},
           min_order_cents = ${s.minOrderCents}, updated_at = now(), updated_by = ${userId}
     returning updated_at`;
  if (!row) throw new ActionError(TAX_TEXT.failed, 404);
  return { updatedAt: row.updated_at.toISOString() };
}
