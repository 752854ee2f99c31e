// A ring's sizes and size surcharge in the back office: the fields the product schema reads, the rules between them
// (ringSizingProblem, the rings table's own checks), the CSV's cells, and the words the modal, the bulk bar and the
// history show. Sizes come as the readable list ('5-9, 10') or as a list of sizes. Pure: safe on client and server.
import { z } from 'zod';
import {
  canonicalRingSize,
  formatRingSizes,
  formatRingSurcharge,
  parseRingSizes,
  parseRingSurcharge,
  RING_SIZES,
  RING_SIZES_FORMAT,
  ringSizingProblem,
  sortRingSizes,
} from '../../catalog/ring-sizes';

export const RING_SIZING_LABELS = { sizes: 'Ring sizes', size_surcharge: 'Size surcharge', size_surcharge_from: 'Surcharge from size' } as const;

export const ADJUSTABLE_NO_SIZES = 'Adjustable rings are sold without sizes.';
export const SURCHARGE_NOT_POSITIVE = 'Size surcharge must be more than 0';
export const SURCHARGE_NEEDS_FROM = 'Choose the size the surcharge starts from';
export const SURCHARGE_NEEDS_AMOUNT = 'Enter the surcharge in dollars, or choose no starting size';
export const SURCHARGE_FROM_INVALID = 'Surcharge from size must be a US ring size from 3 to 16';
export const SIZES_LIST_INVALID = `Send the ring sizes as a list: ${RING_SIZES_FORMAT}.`;

/** Longer than any list of the 27 sizes needs; a longer text is not a list of sizes. */
const MAX_SIZES_TEXT = 500;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Why an item of a list of sizes is refused. */
const notASize = (value: unknown) => `"${String(value)}" is not a ring size: ${RING_SIZES_FORMAT}.`;

/** The sizes a ring offers, canonical and ascending: the readable list, or a list of sizes; blank is none. */
export const ringSizesField = z.unknown().transform((v, ctx): string[] => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (blank(v)) return [];
  if (typeof v === 'string') {
    if (v.length > MAX_SIZES_TEXT) return fail(SIZES_LIST_INVALID);
    const parsed = parseRingSizes(v);
    return parsed.ok ? parsed.sizes : fail(parsed.message);
  }
  if (!Array.isArray(v) || v.length > RING_SIZES.length * 2) return fail(SIZES_LIST_INVALID);
  const sizes: string[] = [];
  for (const item of v) {
    const size = typeof item === 'string' || typeof item === 'number' ? canonicalRingSize(String(item)) : null;
    if (!size) return fail(notASize(item));
    sizes.push(size);
  }
  return sortRingSizes(sizes);
});

/** The size a surcharge starts from; blank is none. */
export const surchargeFromField = z.unknown().transform((v, ctx): string | null => {
  if (blank(v)) return null;
  const size = typeof v === 'string' || typeof v === 'number' ? canonicalRingSize(String(v)) : null;
  if (size) return size;
  ctx.addIssue({ code: 'custom', message: SURCHARGE_FROM_INVALID });
  return z.NEVER;
});

export interface RingSizingValues {
  is_adjustable: boolean;
  sizes: string[];
  size_surcharge: number | null;
  size_surcharge_from: string | null;
}

/** What stops a ring's sizing from being saved, each under the field it is shown beside. */
export function ringSizingIssues(v: RingSizingValues): { path: keyof typeof RING_SIZING_LABELS; message: string }[] {
  const issues: { path: keyof typeof RING_SIZING_LABELS; message: string }[] = [];
  if (v.size_surcharge !== null && v.size_surcharge <= 0) issues.push({ path: 'size_surcharge', message: SURCHARGE_NOT_POSITIVE });
  if (v.size_surcharge !== null && v.size_surcharge_from === null) issues.push({ path: 'size_surcharge_from', message: SURCHARGE_NEEDS_FROM });
  if (v.size_surcharge === null && v.size_surcharge_from !== null) issues.push({ path: 'size_surcharge', message: SURCHARGE_NEEDS_AMOUNT });
  const problem = ringSizingProblem({ adjustable: v.is_adjustable, sizes: v.sizes, surcharge: v.size_surcharge, surchargeFrom: v.size_surcharge_from });
  if (problem) issues.push({ path: v.is_adjustable && v.sizes.length > 0 ? 'sizes' : 'size_surcharge_from', message: problem });
  return issues;
}

// ── The CSV's cells ─────────────────────────────────────────────────────────────────────────────────────────────────

const amountOf = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** A stored ring's `sizes` and `size_surcharge` cells: '5-9, 10' and '2.00 from 10'; blank for none. */
export function ringSizingCells(row: Record<string, unknown>): { sizes: string; size_surcharge: string } {
  const sizes = Array.isArray(row.sizes) ? (row.sizes as string[]) : [];
  const from = typeof row.size_surcharge_from === 'string' ? row.size_surcharge_from : null;
  return { sizes: formatRingSizes(sizes), size_surcharge: formatRingSurcharge({ surcharge: amountOf(row.size_surcharge), surchargeFrom: from }) };
}

/**
 * The values a CSV row's sizing cells give the product schema, and the reason its surcharge cell cannot be read (the
 * sizes cell is read by the schema itself, which says why a list is refused).
 */
export function ringSizingFromCells(sizes: string, surcharge: string): { values: Record<string, unknown>; problem: string | null } {
  const parsed = parseRingSurcharge(surcharge);
  return parsed.ok
    ? { values: { sizes, size_surcharge: parsed.surcharge, size_surcharge_from: parsed.surchargeFrom }, problem: null }
    : { values: { sizes, size_surcharge: null, size_surcharge_from: null }, problem: parsed.message };
}
