import 'server-only';
// The shop's shipping methods and checkout settings (tax on or off, category tax codes, where parcels leave from, the
// minimum order), read in the caller's transaction. Staff edit them at /admin/settings (lib/admin/settings).
import type { DbRow, Tx } from '../core/db';
import type { ShippingBand, ShippingBasis, ShippingMethod } from './rates';

type MethodRow = DbRow<'shipping_methods', 'id' | 'name' | 'zones' | 'free_over_cents' | 'handling_cents'> & {
  basis: ShippingBasis;
  bands: ShippingBand[];
};

export interface AdminShippingMethod extends ShippingMethod {
  active: boolean;
  position: number;
}

function toMethod(row: MethodRow): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    zones: row.zones,
    basis: row.basis,
    bands: row.bands,
    freeOverCents: row.free_over_cents === null ? null : Number(row.free_over_cents),
    handlingCents: Number(row.handling_cents),
  };
}

/** The methods a buyer may choose, in the shop's order (RLS shows anyone the active ones). */
export async function readActiveShippingMethods(tx: Tx): Promise<ShippingMethod[]> {
  const rows = await tx<MethodRow[]>`
    select id, name, zones, basis, bands, free_over_cents, handling_cents
      from public.shipping_methods where active order by position, created_at, id`;
  return rows.map(toMethod);
}

/** Every method, inactive ones too (staff's view; RLS shows the inactive ones to admins only). */
export async function readAllShippingMethods(tx: Tx): Promise<AdminShippingMethod[]> {
  const rows = await tx<(MethodRow & DbRow<'shipping_methods', 'active' | 'position'>)[]>`
    select id, name, zones, basis, bands, free_over_cents, handling_cents, active, position
      from public.shipping_methods order by position, created_at, id`;
  return rows.map((row) => ({ ...toMethod(row), active: row.active, position: row.position }));
}

/** Where parcels leave from, as Stripe Tax reads an address. */
export interface ShipFrom {
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export interface CheckoutSettings {
  taxEnabled: boolean;
  /** Stripe Tax product tax code by category; a category left out uses DEFAULT_TAX_CODE. */
  taxCodes: Record<string, string>;
  shipFrom: ShipFrom | null;
  minOrderCents: number | null;
}

export const NO_CHECKOUT_SETTINGS: CheckoutSettings = { taxEnabled: false, taxCodes: {}, shipFrom: null, minOrderCents: null };

export async function readCheckoutSettings(tx: Tx): Promise<CheckoutSettings> {
  const [row] = await tx<{ tax_enabled: boolean; tax_codes: Record<string, string>; ship_from: ShipFrom | null; min_order_cents: string | null }[]>`
    select tax_enabled, tax_codes, ship_from, min_order_cents from public.shop_settings`;
  if (!row) return NO_CHECKOUT_SETTINGS;
  return {
    taxEnabled: row.tax_enabled,
    taxCodes: row.tax_codes,
    shipFrom: row.ship_from,
    minOrderCents: row.min_order_cents === null ? null : Number(row.min_order_cents),
  };
}
