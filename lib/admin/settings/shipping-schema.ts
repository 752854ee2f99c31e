// The schemas of the Shipping and the Tax and minimum order sections: the forms check with them first (loaded with
// the first save), the server actions again. They take the text as typed (shipping-form.ts) and answer cents, grams
// and zone codes, checked with the rate rules' own zonesSchema and bandsSchema. Client-safe: no server imports.
import { z } from 'zod';
import { CATEGORIES, type Category } from '../../catalog/categories';
import { text, uuidText } from '../../core/validation/text';
import { bandsSchema, zonesSchema, type ShippingBand, type ShippingBasis } from '../../shipping/rates';
import { bandStartFromText, dollarsToCents, parseZoneList } from './shipping-form';
import { SHIP_FROM_FIELDS, SHIP_FROM_LABELS, SHIP_FROM_LIMITS, SHIPPING_LIMITS, SHIPPING_TEXT, TAX_TEXT } from './shipping-fields';

const typed = (max: number) => z.string({ error: 'must be text' }).max(max, { error: `is too long (${max} characters at most)` });

/** Dollars as typed: blank → null, else whole cents; `undefined` from the parser is the field's error. */
const dollars = (message: string = SHIPPING_TEXT.badAmount) =>
  typed(20).transform((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === undefined) {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return cents;
  });

/** The zone list as typed, checked with zonesSchema; a bad entry is named in the message. */
const zones = typed(SHIPPING_LIMITS.zonesText).transform((v, ctx) => {
  const list = parseZoneList(v);
  const checked = zonesSchema.safeParse(list);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0]!;
  const at = issue.path[0];
  const message =
    typeof at === 'number' ? `“${list[at]}” is not a zone. ${issue.message}` : list.length === 0 ? SHIPPING_TEXT.zonesRequired : issue.message;
  ctx.issues.push({ code: 'custom', message, input: v });
  return z.NEVER;
});

type BandIssue = { path: (string | number)[]; message: string };

/**
 * The bands as the basis reads them (a start in dollars or grams, a price in cents), checked with bandsSchema. A
 * price that did not parse was reported by its own field, so it is skipped here.
 */
function readBands(basis: ShippingBasis, rows: readonly { from: string; price: unknown }[]): { bands: ShippingBand[]; issues: BandIssue[] } {
  const bands: ShippingBand[] = [];
  const issues: BandIssue[] = [];
  rows.forEach((b, i) => {
    const from = bandStartFromText(basis, b.from);
    if (from === null || from === undefined) {
      issues.push({ path: ['bands', i, 'from'], message: basis === 'weight' ? SHIPPING_TEXT.badGrams : SHIPPING_TEXT.badAmount });
    } else if (b.price === null) {
      issues.push({ path: ['bands', i, 'price'], message: SHIPPING_TEXT.badAmount });
    } else if (typeof b.price === 'number') {
      bands.push({ from, cents: b.price });
    }
  });
  if (issues.length > 0 || bands.length < rows.length) return { bands, issues };
  const checked = bandsSchema.safeParse(bands);
  if (checked.success) return { bands: checked.data, issues };
  const issue = checked.error.issues[0]!;
  const [at, key] = issue.path;
  issues.push({ path: typeof at === 'number' ? ['bands', at, key === 'cents' ? 'price' : 'from'] : ['bands'], message: issue.message });
  return { bands, issues };
}

/** Whether the basis and the band rows parsed, so the bands can be read even when another field is wrong. */
function bandsReadable(value: unknown): boolean {
  const v = value as { basis?: unknown; bands?: unknown } | null;
  return (
    (v?.basis === 'value' || v?.basis === 'weight') &&
    Array.isArray(v.bands) &&
    v.bands.every((b: { from?: unknown } | null) => typeof b?.from === 'string')
  );
}

export const shippingMethodSchema = z
  .object(
    {
      id: uuidText.nullable(),
      name: text({ max: SHIPPING_LIMITS.name, min: 1, label: 'Name', minMessage: SHIPPING_TEXT.nameRequired }),
      zones,
      basis: z.enum(['value', 'weight'], { error: SHIPPING_TEXT.badBasis }),
      bands: z
        .array(z.object({ from: typed(20), price: dollars() }), { error: 'Send the bands as a list' })
        .min(1, { error: 'Add at least one price band.' })
        .max(SHIPPING_LIMITS.bands, { error: `A method has at most ${SHIPPING_LIMITS.bands} price bands.` }),
      freeOver: dollars(SHIPPING_TEXT.freeOverZero).refine((c) => c === null || (c > 0 && c <= SHIPPING_LIMITS.freeOverCents), {
        error: SHIPPING_TEXT.freeOverZero,
      }),
      handling: dollars().refine((c) => c === null || c <= SHIPPING_LIMITS.handlingCents, { error: SHIPPING_TEXT.handlingTooHigh }),
      active: z.boolean({ error: 'Send whether the method is active' }),
    },
    { error: 'Send every shipping method field.' },
  )
  // A band's start is dollars or grams by the basis, so the bands are read with the whole method in hand; also
  // when another field is wrong, so the form shows every error at once.
  .check(
    z.superRefine(
      (m, ctx) => {
        for (const issue of readBands(m.basis, m.bands).issues) ctx.addIssue({ code: 'custom', input: m.bands, ...issue });
      },
      { when: (payload) => bandsReadable(payload.value) },
    ),
  )
  .transform((m) => ({
    id: m.id,
    name: m.name,
    zones: m.zones,
    basis: m.basis,
    bands: readBands(m.basis, m.bands).bands,
    freeOverCents: m.freeOver,
    handlingCents: m.handling ?? 0,
    active: m.active,
  }));

export type ShippingMethodInput = z.input<typeof shippingMethodSchema>;
export type ShippingMethodValues = z.output<typeof shippingMethodSchema>;

export const shippingMethodIdSchema = z.object({ id: uuidText }, { error: 'Send the method to remove.' });

export const shippingOrderSchema = z.object(
  {
    ids: z
      .array(uuidText)
      .min(1)
      .max(300)
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Each method appears once.' }),
  },
  { error: 'Send the methods in their new order.' },
);

const TAX_CODE = /^txcd_\d{8}$/;

const taxCode = typed(40)
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => v === '' || TAX_CODE.test(v), { error: TAX_TEXT.badTaxCode });

const shipFromField = (field: (typeof SHIP_FROM_FIELDS)[number]) =>
  text({ max: SHIP_FROM_LIMITS[field], label: SHIP_FROM_LABELS[field] });

export const checkoutSettingsSchema = z.object(
  {
    taxEnabled: z.boolean({ error: 'Send whether tax is collected' }),
    // A category left empty uses Stripe Tax's default code, so it is left out.
    taxCodes: z
      .object(Object.fromEntries(CATEGORIES.map((c) => [c, taxCode])) as Record<Category, typeof taxCode>, {
        error: 'Send a tax code for each category',
      })
      .transform((codes) => Object.fromEntries(Object.entries(codes).filter(([, code]) => code !== '')) as Partial<Record<Category, string>>),
    shipFrom: z
      .object(Object.fromEntries(SHIP_FROM_FIELDS.map((f) => [f, shipFromField(f)])) as Record<(typeof SHIP_FROM_FIELDS)[number], ReturnType<typeof shipFromField>>, {
        error: 'Send the ship-from address',
      })
      // All empty: none (Stripe Tax's default origin). Otherwise a whole address.
      .transform((a, ctx) => {
        if (SHIP_FROM_FIELDS.every((f) => a[f] === '')) return null;
        const country = a.country.toUpperCase();
        const state = a.state.toUpperCase();
        for (const f of ['line1', 'city', 'postalCode'] as const) {
          if (a[f] === '') ctx.issues.push({ code: 'custom', path: [f], message: `${SHIP_FROM_LABELS[f]} is required`, input: '' });
        }
        if (!/^[A-Z]{2}$/.test(country)) ctx.issues.push({ code: 'custom', path: ['country'], message: TAX_TEXT.badCountry, input: a.country });
        if (country === 'US' && !/^[A-Z]{2}$/.test(state)) ctx.issues.push({ code: 'custom', path: ['state'], message: TAX_TEXT.badState, input: a.state });
        return { line1: a.line1, city: a.city, state, postal_code: a.postalCode, country };
      }),
    minOrder: dollars(TAX_TEXT.badMinimum).refine((c) => c === null || (c > 0 && c <= SHIPPING_LIMITS.freeOverCents), {
      error: TAX_TEXT.badMinimum,
    }),
  },
  { error: 'Send every tax and minimum order field.' },
).transform(({ minOrder, ...rest }) => ({ ...rest, minOrderCents: minOrder }));

export type CheckoutSettingsInput = z.input<typeof checkoutSettingsSchema>;
export type CheckoutSettingsValues = z.output<typeof checkoutSettingsSchema>;
