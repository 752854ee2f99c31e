// One zod schema per product table, shared by the product modal (checked as the admin types) and the server actions
// and the CSV import (checked again on the server). Input field names are the table's columns, plus `stone1`,
// `has_stone2` and `stone2`, which become stone_details (the names of the stone choices on the product page). Prices and weight take steps of 0.01 and an empty one is null; every text goes
// through text(). A ring's sizes and surcharge follow ring-sizing.ts. Pure: safe on client and server.
import { z } from 'zod';
import { CATEGORIES, MATERIALS, type Category, type Material } from '../../catalog/categories';
import { isUuid, optionalText, text } from '../../core/validation/text';
import { MAX_PACK_SIZE } from '../../purchase/pack-size';
import type { PriceBreak } from '../../purchase/volume-pricing';
import { parsePriceBreaks, priceBreaksProblem } from '../../purchase/price-breaks-text';
import { IMPORT_DEFAULT_STATUS, PRODUCT_STATUSES, type ProductStatus } from '../../catalog/status';
import {
  CATEGORY_FIELDS,
  DESCRIPTION_MAX,
  flagFields,
  MAX_AMOUNT,
  MAX_MOQ,
  NAME_MAX,
  NECKLACE_TYPES,
  SKU_MAX,
  STONE_MAX,
  type NecklaceType,
} from './fields';
import { ringSizesField, ringSizingIssues, surchargeFromField, type RingSizingValues } from './ring-sizing';
import {
  DEFAULT_LEAD_TIME,
  DEFAULT_MADE_TO_ORDER,
  isLeadTimeKind,
  LEAD_TIME_KIND_LABELS,
  LEAD_TIME_KINDS,
  LEAD_WEEKS_ORDER_PROBLEM,
  leadTimeProblem,
  type LeadTime,
  type LeadTimeKind,
} from '../../catalog/lead-time';

export type StoneDetailsValue = { Stone1?: string; Stone2?: string };
/** A product as it is written to its table: column → value. */
export type ProductWrite = Record<string, string | number | boolean | null | StoneDetailsValue | PriceBreak[] | string[]>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A dollar amount or weight: a number, or text like "12.5" / "12.50"; steps of 0.01, never negative; blank is null.
 */
export function decimal(label: string) {
  return z.unknown().transform((v, ctx): number | null => {
    if (blank(v)) return null;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let n: number;
    if (typeof v === 'number') {
      n = v;
    } else if (typeof v === 'string') {
      const s = v.trim();
      if (/^-\s*\d/.test(s)) return fail(`${label} cannot be negative`);
      if (!/^\d+(\.\d+)?$|^\.\d+$/.test(s)) return fail(`${label} must be a number, like 12.50`);
      n = Number(s);
    } else {
      return fail(`${label} must be a number, like 12.50`);
    }
    if (!Number.isFinite(n)) return fail(`${label} must be a number, like 12.50`);
    if (n < 0) return fail(`${label} cannot be negative`);
    if (n > MAX_AMOUNT) return fail(`${label} is too large (99,999,999.99 at most)`);
    const cents = n * 100;
    if (Math.abs(cents - Math.round(cents)) > 1e-6) return fail(`${label} can have at most 2 decimals (steps of 0.01)`);
    return Math.round(cents) / 100;
  });
}

/** Minimum order quantity: a whole number from 1; blank is the default, 1. */
export const moqField = z.unknown().transform((v, ctx): number => {
  if (blank(v)) return 1;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : typeof v === 'number' ? v : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_MOQ) {
    ctx.addIssue({ code: 'custom', message: `MOQ must be a whole number from 1 to ${MAX_MOQ.toLocaleString('en-US')}` });
    return z.NEVER;
  }
  return n;
});

/** Pack size (order increments): a whole number from 1; blank is the default, 1. */
export const packSizeField = z.unknown().transform((v, ctx): number => {
  if (blank(v)) return 1;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : typeof v === 'number' ? v : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PACK_SIZE) {
    ctx.addIssue({ code: 'custom', message: `Pack size must be a whole number from 1 to ${MAX_PACK_SIZE.toLocaleString('en-US')}` });
    return z.NEVER;
  }
  return n;
});

/**
 * Volume price breaks, as the CSV spells them ('10:5;50:10') or as the modal's rows send them
 * ([{ minQuantity, percentOff }]); blank is none.
 */
export const priceBreaksField = z.unknown().transform((v, ctx): PriceBreak[] => {
  if (blank(v)) return [];
  let breaks: PriceBreak[];
  if (typeof v === 'string') {
    const parsed = parsePriceBreaks(v);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    breaks = parsed.breaks;
  } else {
    const rows = z.array(z.object({ minQuantity: z.coerce.number(), percentOff: z.coerce.number() })).max(20).safeParse(v);
    const problem = rows.success ? priceBreaksProblem(rows.data) : 'Send each price break as a quantity and a percent';
    if (!rows.success || problem) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'Send each price break as a quantity and a percent' });
      return z.NEVER;
    }
    breaks = rows.data;
  }
  return breaks.map((b) => ({ minQuantity: b.minQuantity, percentOff: b.percentOff }));
});

/** 'Gold', ' rose gold ' → 'gold', 'rose-gold'; blank is null; anything else is refused. */
export const materialField = z.unknown().transform((v, ctx): Material | null => {
  if (blank(v)) return null;
  const key = typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s_]+/g, '-') : '';
  if ((MATERIALS as readonly string[]).includes(key)) return key as Material;
  ctx.addIssue({ code: 'custom', message: `Material must be one of ${MATERIALS.join(', ')}` });
  return z.NEVER;
});

/**
 * Draft, active or archived (any case); blank is active, the CSV import's default (the modal always sends one: a new
 * product's form starts as a draft).
 */
export const statusField = z.unknown().transform((v, ctx): ProductStatus => {
  if (blank(v)) return IMPORT_DEFAULT_STATUS;
  const key = typeof v === 'string' ? v.trim().toLowerCase() : '';
  const found = PRODUCT_STATUSES.find((s) => s === key);
  if (found) return found;
  ctx.addIssue({ code: 'custom', message: `Status must be one of ${PRODUCT_STATUSES.join(', ')}` });
  return z.NEVER;
});

/** Chain or Pendant (any case); blank is null. */
export const necklaceTypeField = z.unknown().transform((v, ctx): NecklaceType | null => {
  if (blank(v)) return null;
  const found = typeof v === 'string' ? NECKLACE_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase()) : undefined;
  if (found) return found;
  ctx.addIssue({ code: 'custom', message: `Necklace type must be ${NECKLACE_TYPES.join(' or ')}` });
  return z.NEVER;
});

/** In stock or made to order ('in_stock', 'made_to_order', or the words, any case); blank is in stock. */
export const leadTimeKindField = z.unknown().transform((v, ctx): LeadTimeKind => {
  if (blank(v)) return DEFAULT_LEAD_TIME.kind;
  const key = typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s-]+/g, '_') : '';
  if (isLeadTimeKind(key)) return key;
  ctx.addIssue({ code: 'custom', message: `Lead time must be ${LEAD_TIME_KINDS.map((k) => LEAD_TIME_KIND_LABELS[k]).join(' or ')}` });
  return z.NEVER;
});

/** A lead time's days or weeks as sent: a whole number, checked with its kind (leadTimeIssue); blank is null. */
const leadNumberField = z.unknown().transform((v): number | null => {
  if (blank(v)) return null;
  if (typeof v === 'number') return v;
  return typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : NaN;
});

/** The lead time of checked fields: a blank number is the kind's default, an in-stock time one number. */
export function leadTimeOf(v: { lead_time_kind: LeadTimeKind; lead_time_min: number | null; lead_time_max: number | null }): LeadTime {
  const fallback = v.lead_time_kind === 'in_stock' ? DEFAULT_LEAD_TIME : DEFAULT_MADE_TO_ORDER;
  const min = v.lead_time_min ?? fallback.min;
  const max = v.lead_time_kind === 'in_stock' ? min : (v.lead_time_max ?? Math.max(min, fallback.max));
  return { kind: v.lead_time_kind, min, max };
}

/** Which field a lead time's problem belongs beside, and the problem; null when it is a lead time. */
export function leadTimeIssue(lt: LeadTime): { path: 'lead_time_min' | 'lead_time_max'; message: string } | null {
  const message = leadTimeProblem(lt);
  if (!message) return null;
  const minBad = lt.kind === 'in_stock' || leadTimeProblem({ ...lt, max: Math.max(lt.min, 1) }) !== null;
  return { path: message === LEAD_WEEKS_ORDER_PROBLEM || !minBad ? 'lead_time_max' : 'lead_time_min', message };
}

const flag = z.boolean({ error: 'must be ticked or not' }).nullable().transform((v) => v === true);

export const STONE2_REQUIRED = "Stone 2 is required when 'Has Stone 2' is ticked";
export const STONE1_FIRST = 'Enter Stone 1 (or Stone) before a second stone';

function buildSchema(category: Category) {
  const f = CATEGORY_FIELDS[category];
  const shape: Record<string, z.ZodType> = {
    name: text({ max: NAME_MAX, min: 1, label: 'Name', minMessage: 'Name is required' }),
    sku: optionalText({ max: SKU_MAX, label: 'SKU' }),
    description: optionalText({ max: DESCRIPTION_MAX, multiline: true, label: 'Description' }),
    material: materialField,
    stone: optionalText({ max: STONE_MAX, label: 'Stone' }),
    stone1: optionalText({ max: STONE_MAX, label: 'Stone 1' }),
    has_stone2: flag,
    stone2: optionalText({ max: STONE_MAX, label: 'Stone 2' }),
    weight: decimal('Weight'),
    moq: moqField,
    pack_size: packSizeField,
    price_breaks: priceBreaksField,
    lead_time_kind: leadTimeKindField,
    lead_time_min: leadNumberField,
    lead_time_max: leadNumberField,
    status: statusField,
  };
  if (f.hasNecklaceType) shape.necklace_type = necklaceTypeField;
  for (const t of f.texts) shape[t.column] = optionalText({ max: t.max, label: t.label });
  for (const x of flagFields(category)) shape[x.column] = flag;
  for (const p of f.prices) shape[p.column] = decimal(p.itemType ? `Price ${p.label}` : `Price (Stone ${p.stone})`);
  if (f.ringSizes) {
    shape.sizes = ringSizesField;
    shape.size_surcharge = decimal('Size surcharge');
    shape.size_surcharge_from = surchargeFromField;
  }

  // An absent field is an empty one (a CSV file may leave columns out); zod would call it missing.
  const empty = Object.fromEntries(Object.keys(shape).map((k) => [k, null]));
  const fill = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...empty, ...v } : v);
  return z
    .preprocess(fill, z.object(shape, { error: 'Send the product fields.' }))
    .superRefine((v, ctx) => {
      if (v.has_stone2 && !v.stone2) ctx.addIssue({ code: 'custom', path: ['stone2'], message: STONE2_REQUIRED });
      if (v.has_stone2 && !v.stone1 && !v.stone) ctx.addIssue({ code: 'custom', path: ['stone1'], message: STONE1_FIRST });
      if (f.ringSizes) for (const issue of ringSizingIssues(v as unknown as RingSizingValues)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
      const lead = leadTimeIssue(leadTimeOf(v as unknown as Parameters<typeof leadTimeOf>[0]));
      if (lead) ctx.addIssue({ code: 'custom', path: [lead.path], message: lead.message });
    })
    .transform((v): ProductWrite => {
      const { stone1, has_stone2, stone2, ...columns } = v as Record<string, ProductWrite[string]>;
      const details: StoneDetailsValue = {};
      if (stone1) details.Stone1 = stone1 as string;
      if (has_stone2 && stone2) details.Stone2 = stone2 as string;
      const lead = leadTimeOf(v as unknown as Parameters<typeof leadTimeOf>[0]);
      return { ...columns, lead_time_min: lead.min, lead_time_max: lead.max, stone_details: details.Stone1 || details.Stone2 ? details : null };
    });
}

export type ProductSchema = ReturnType<typeof buildSchema>;

/** The schema of each table, built once. */
export const PRODUCT_SCHEMAS = Object.fromEntries(CATEGORIES.map((c) => [c, buildSchema(c)])) as Record<Category, ProductSchema>;

/** A product that was deleted while its modal was open, or an id of another table. */
export const PRODUCT_GONE = 'That product no longer exists.';

export const categoryField = z.enum(CATEGORIES, { error: 'Unknown product category.' });
export const productIdField = z.string({ error: 'The product id is missing.' }).refine(isUuid, { error: 'That is not a product id.' });

/**
 * A save from the modal: the category, the id when editing, and the fields. Field errors come back under the
 * column's own name (`price_stone1`), as the form shows them.
 */
export function productSaveInput<Id extends z.ZodType>(id: Id) {
  return z
    .object({
      category: categoryField,
      id,
      values: z.record(z.string(), z.unknown(), { error: 'Send the product fields.' }),
      // Makes it active even though it is not ready (readiness.ts): only when staff said so.
      publishAnyway: z.boolean({ error: 'Publish anyway must be true or false.' }).optional(),
    })
    .transform((input, ctx) => {
      const parsed = PRODUCT_SCHEMAS[input.category].safeParse(input.values);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return z.NEVER;
      }
      return { category: input.category, id: (input as { id?: unknown }).id as z.output<Id>, product: parsed.data, publishAnyway: input.publishAnyway === true };
    });
}
