// The settings history in words: a row of public.shop_settings_events as the screen shows it. A shop setting keeps
// its form label; the checkout settings and the shipping methods (whose rows the triggers store as JSON) are turned
// into money, addresses and lists, and a changed method shows only what changed. Pure.
import { CATEGORY_INFO, isCategory } from '../../catalog/categories';
import { formatCents } from '../../core/format/money';
import type { ShippingBand, ShippingBasis } from '../../shipping/rates';
import { SETTINGS_COLUMNS, SETTINGS_LABELS } from './fields';
import { CHECKOUT_SETTING_LABELS, SHIPPING_EVENT_PREFIX } from './shipping-fields';
import { formatBands, formatZoneList } from './shipping-form';
import { priceAccessValue } from './price-access';

export interface ChangeWords {
  label: string;
  from: string;
  to: string;
}

/** A method as the trigger stores it: to_jsonb(row) without its timestamps. */
interface StoredMethod {
  name?: string;
  zones?: string[];
  basis?: ShippingBasis;
  bands?: ShippingBand[];
  free_over_cents?: number | null;
  handling_cents?: number;
  position?: number;
  active?: boolean;
}

function parseJson<T>(text: string | null): T | null {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Each part of a method in words, by column, in the order the list shows them. */
function methodParts(m: StoredMethod): [keyof StoredMethod, string][] {
  const basis = m.basis ?? 'value';
  return [
    ['name', `Name: ${m.name ?? ''}`],
    ['zones', `Zones: ${formatZoneList(m.zones ?? [])}`],
    ['basis', basis === 'weight' ? 'Priced by parcel weight' : 'Priced by order value'],
    ['bands', `Prices: ${formatBands(basis, m.bands ?? [])}`],
    ['free_over_cents', m.free_over_cents ? `Free from ${formatCents(Number(m.free_over_cents))}` : 'Never free'],
    ['handling_cents', `Handling ${formatCents(Number(m.handling_cents ?? 0))}`],
    ['position', `Place in the list: ${Number(m.position ?? 0) + 1}`],
    ['active', m.active === false ? 'Inactive' : 'Active'],
  ];
}

function describeMethod(name: string, fromText: string | null, toText: string | null): ChangeWords {
  const before = parseJson<StoredMethod>(fromText);
  const after = parseJson<StoredMethod>(toText);
  const whole = (m: StoredMethod) =>
    methodParts(m)
      .filter(([key]) => key !== 'name' && key !== 'position')
      .map(([, words]) => words)
      .join('\n');
  if (!before && after) return { label: `Shipping method added: ${name}`, from: '', to: whole(after) };
  if (before && !after) return { label: `Shipping method removed: ${name}`, from: whole(before), to: '' };
  if (!before || !after) return { label: `Shipping method: ${name}`, from: fromText ?? '', to: toText ?? '' };
  const was = new Map(methodParts(before));
  const changed = methodParts(after).filter(([key, words]) => was.get(key) !== words);
  return {
    label: `Shipping method: ${name}`,
    from: changed.map(([key]) => was.get(key)).join('\n'),
    to: changed.map(([, words]) => words).join('\n'),
  };
}

function taxCodesWords(text: string | null): string {
  const codes = parseJson<Record<string, string>>(text) ?? {};
  return Object.entries(codes)
    .map(([category, code]) => `${isCategory(category) ? CATEGORY_INFO[category].label : category}: ${code}`)
    .join('\n');
}

function shipFromWords(text: string | null): string {
  const a = parseJson<Record<string, string>>(text);
  if (!a) return '';
  return [a.line1, a.city, [a.state, a.postal_code].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
}

function checkoutValue(column: string, value: string | null): string {
  if (value === null) return '';
  const access = priceAccessValue(column, value);
  if (access !== null) return access;
  if (column === 'tax_enabled') return value === 'true' ? 'On' : 'Off';
  if (column === 'tax_codes') return taxCodesWords(value);
  if (column === 'ship_from') return shipFromWords(value);
  if (column === 'min_order_cents') return Number.isFinite(Number(value)) ? formatCents(Number(value)) : value;
  return value;
}

/** One history row in words; a field this screen does not know is shown as stored. */
export function describeSettingsChange(field: string, from: string | null, to: string | null): ChangeWords {
  if (field.startsWith(SHIPPING_EVENT_PREFIX)) return describeMethod(field.slice(SHIPPING_EVENT_PREFIX.length), from, to);
  const formField = SETTINGS_COLUMNS[field];
  if (formField) return { label: SETTINGS_LABELS[formField], from: from ?? '', to: to ?? '' };
  const checkout = CHECKOUT_SETTING_LABELS[field];
  if (checkout) return { label: checkout, from: checkoutValue(field, from), to: checkoutValue(field, to) };
  return { label: field, from: from ?? '', to: to ?? '' };
}
