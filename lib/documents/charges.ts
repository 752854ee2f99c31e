// What an order charged besides its goods, and the rows every money summary shows: the confirmation page, the
// account, the mails, the invoice and the back office. Subtotal (the goods), shipping by its method, sales tax per
// jurisdiction (one 'Sales tax' row when there is no breakdown that adds up), then the surface's own total row.
// Orders from before shipping and tax (no method, no tax, goods = total) show no rows: their total says it all.
// Pure and client-safe (no zod: the account's client component draws these rows).
import { formatCents } from '../core/format/money';
import type { TaxPart } from '../tax/parts';

/** One jurisdiction's tax: 'Illinois State Tax', '6.25', cents (lib/tax/parts.ts). */
export type TaxLine = TaxPart;

export interface OrderCharges {
  /** The lines' subtotal. */
  goodsCents: number;
  /** 'UPS Ground'; null on orders without a shipping method. */
  shippingMethod: string | null;
  shippingCents: number;
  taxCents: number;
  taxBreakdown: TaxLine[];
  /** Why no tax was charged (the account's exemption); null: taxed. */
  taxExemptReason: string | null;
}

export const SUBTOTAL_LABEL = 'Subtotal';
export const SALES_TAX_LABEL = 'Sales tax';
export const FREE_SHIPPING = 'Free';

/** 'Shipping (UPS Ground)', or 'Shipping' without a method. */
export const shippingLabel = (method: string | null) => (method ? `Shipping (${method})` : 'Shipping');

/** 'Illinois State Tax (6.25%)'. */
export const taxLineLabel = (line: Pick<TaxLine, 'name' | 'rate'>) => (line.rate ? `${line.name} (${line.rate}%)` : line.name);

/** Said wherever an exempt order's money is shown. */
export const taxExemptNote = (reason: string) => `No sales tax charged: ${reason.trim().replace(/\.+$/, '')}.`;

export interface ChargeRow {
  label: string;
  cents: number;
  /** The amount as shown: '$15.00', or 'Free' for shipping by a method that cost nothing. */
  value: string;
}

const cents = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n) : 0;
};

/** The jurisdictions as stored (orders.tax_breakdown, jsonb); anything else in the array is left out. */
export function readTaxBreakdown(value: unknown): TaxLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    if (!v || typeof v !== 'object') return [];
    const { name, rate, cents: amount } = v as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim() || !Number.isFinite(Number(amount))) return [];
    return [{ name: name.trim(), rate: typeof rate === 'string' || typeof rate === 'number' ? String(rate) : '', cents: cents(amount) }];
  });
}

/** The orders columns the charges come from, as postgres.js reads them (bigint as text). */
export interface ChargeColumns {
  total_amount: string | number;
  goods_cents: string | number | null;
  shipping_method: string | null;
  shipping_cents: string | number | null;
  tax_cents: string | number | null;
  tax_breakdown: unknown;
  tax_exempt_reason: string | null;
}

/** The order's charges; an order written without goods_cents has goods equal to its total. */
export function readCharges(row: ChargeColumns): OrderCharges {
  return {
    goodsCents: cents(row.goods_cents ?? row.total_amount),
    shippingMethod: row.shipping_method || null,
    shippingCents: cents(row.shipping_cents),
    taxCents: cents(row.tax_cents),
    taxBreakdown: readTaxBreakdown(row.tax_breakdown),
    taxExemptReason: row.tax_exempt_reason || null,
  };
}

/** An order from before shipping and tax were charged: nothing but its goods (an exempt one says why, so shows). */
export function chargesGoodsOnly(c: OrderCharges, totalCents: number): boolean {
  return c.shippingMethod === null && c.shippingCents === 0 && c.taxCents === 0 && c.goodsCents === totalCents && !c.taxExemptReason;
}

/** The rows between an order's lines and its total; none for an order of goods only. */
export function chargeRows(c: OrderCharges | null | undefined, totalCents: number): ChargeRow[] {
  if (!c || chargesGoodsOnly(c, totalCents)) return [];
  const rows: ChargeRow[] = [{ label: SUBTOTAL_LABEL, cents: c.goodsCents, value: formatCents(c.goodsCents) }];
  if (c.shippingMethod !== null || c.shippingCents !== 0) {
    const free = c.shippingMethod !== null && c.shippingCents === 0;
    rows.push({ label: shippingLabel(c.shippingMethod), cents: c.shippingCents, value: free ? FREE_SHIPPING : formatCents(c.shippingCents) });
  }
  // The jurisdictions when they add up to the tax charged, so the rows always sum to the total; no tax is one row.
  const breakdownSum = c.taxBreakdown.reduce((sum, t) => sum + t.cents, 0);
  if (c.taxCents > 0 && c.taxBreakdown.length > 0 && breakdownSum === c.taxCents) {
    for (const t of c.taxBreakdown) rows.push({ label: taxLineLabel(t), cents: t.cents, value: formatCents(t.cents) });
  } else {
    rows.push({ label: SALES_TAX_LABEL, cents: c.taxCents, value: formatCents(c.taxCents) });
  }
  return rows;
}

/** 'No sales tax charged: Resale certificate on file.' for an exempt order; null otherwise. */
export function chargesNote(c: OrderCharges | null | undefined): string | null {
  return c?.taxExemptReason ? taxExemptNote(c.taxExemptReason) : null;
}
