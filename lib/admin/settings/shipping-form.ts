// What staff type for shipping and tax, and back: dollars as text ↔ cents, grams as text, a zone list as text, and a
// method's bands in words. Pure and free of zod (types only), so the forms use it without loading a schema library.
import { formatCents } from '../../core/format/money';
import type { ShippingBand, ShippingBasis, ShippingMethod } from '../../shipping/rates';

/** A method as its form holds it: money in dollars, weights in grams, zones as one line of text. */
export interface MethodForm {
  /** null: a new method. */
  id: string | null;
  name: string;
  zones: string;
  basis: ShippingBasis;
  bands: { from: string; price: string }[];
  /** Dollars; empty: never free. */
  freeOver: string;
  /** Dollars; empty: none. */
  handling: string;
  active: boolean;
}

const DOLLARS = /^\d{1,8}(\.\d{1,2})?$/;
const GRAMS = /^\d{1,10}$/;

/** '$1,250.5' → 125050; '' → null (nothing typed); anything that is not dollars and cents → undefined. */
export function dollarsToCents(text: string): number | null | undefined {
  const plain = text.replace(/[\s,$]/g, '');
  if (plain === '') return null;
  if (!DOLLARS.test(plain)) return undefined;
  const [whole, part = ''] = plain.split('.');
  // Whole cents from the digits, never through a float product (1.005 × 100).
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** '1,000' or '1000 g' → 1000; '' → null; a fraction or anything else → undefined. */
export function gramsFromText(text: string): number | null | undefined {
  const plain = text.replace(/[\s,]/g, '').replace(/g$/i, '');
  if (plain === '') return text.trim() === '' ? null : undefined;
  return GRAMS.test(plain) ? Number(plain) : undefined;
}

/** A band's start as typed: dollars for 'value' (in cents), grams for 'weight'. */
export function bandStartFromText(basis: ShippingBasis, text: string): number | null | undefined {
  return basis === 'weight' ? gramsFromText(text) : dollarsToCents(text);
}

/** 'us, US-IL;ca  CA' → ['US', 'US-IL', 'CA']: commas, semicolons or spaces between, upper-cased, each once. */
export function parseZoneList(text: string): string[] {
  const zones = text
    .split(/[,;\s]+/)
    .map((z) => z.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(zones)];
}

export function formatZoneList(zones: readonly string[]): string {
  return zones.join(', ');
}

/** 1500 → '15.00'; null → '' (the text a money field starts with). */
export function centsToText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** 1000 → '1,000 g'. */
export function formatGrams(grams: number): string {
  return `${grams.toLocaleString('en-US')} g`;
}

/** A band's start in words: '$250.00' or '1,000 g'. */
export function formatBandStart(basis: ShippingBasis, from: number): string {
  return basis === 'weight' ? formatGrams(from) : formatCents(from);
}

/** 'from $0.00: $15.00, from $250.00: $25.00'. */
export function formatBands(basis: ShippingBasis, bands: readonly ShippingBand[]): string {
  return bands.map((b) => `from ${formatBandStart(basis, b.from)}: ${formatCents(b.cents)}`).join(', ');
}

/** The form's values for a saved method (or a blank one, priced by order value from $0). */
export function methodToForm(method: (ShippingMethod & { active: boolean }) | null): MethodForm {
  if (!method) {
    return { id: null, name: '', zones: '', basis: 'value', bands: [{ from: '0', price: '' }], freeOver: '', handling: '', active: true };
  }
  return {
    id: method.id,
    name: method.name,
    zones: formatZoneList(method.zones),
    basis: method.basis,
    bands: method.bands.map((b) => ({
      from: method.basis === 'weight' ? String(b.from) : centsToText(b.from),
      price: centsToText(b.cents),
    })),
    freeOver: centsToText(method.freeOverCents),
    handling: method.handlingCents === 0 ? '' : centsToText(method.handlingCents),
    active: method.active,
  };
}
