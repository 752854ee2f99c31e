// Ring sizes: the US whole and half sizes a ring can offer, the readable list the product form and the CSV use
// ('5-9, 10, 11'), the size a page opens with and the surcharge from a size up. The same rules as the rings table's
// checks (ring_sizes_valid, supabase/migrations/20261210000200_catalog.sql). Pure.

/** Every size a ring may offer: US 3 to 16, whole and half. */
export const RING_SIZES: readonly string[] = Array.from({ length: 27 }, (_, i) => String(3 + i / 2));

/** The run rings are given when nothing else is said: US 5 to 9, whole and half. */
export const DEFAULT_RING_SIZES: readonly string[] = RING_SIZES.filter((s) => Number(s) >= 5 && Number(s) <= 9);

/** The size a ring page opens with when it offers it. */
const PREFERRED_RING_SIZE = '7';

export interface RingSizing {
  sizes: readonly string[];
  /** Dollars added from `surchargeFrom` up; null for none. */
  surcharge: number | null;
  surchargeFrom: string | null;
}

/** '7', '7.0', '7.50' → '7', '7', '7.5'; null for anything that is not a US whole or half size from 3 to 16. */
export function canonicalRingSize(value: string): string | null {
  const text = value.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  return RING_SIZES.find((s) => Number(s) === n) ?? null;
}

/** Sizes ascending, each once. */
export function sortRingSizes(sizes: Iterable<string>): string[] {
  return [...new Set(sizes)].sort((a, b) => Number(a) - Number(b));
}

/** The size a ring page, a one-click add and a reorder without a size start from: 7 where offered, else the middle. */
export function defaultRingSize(sizes: readonly string[]): string | null {
  if (sizes.length === 0) return null;
  return sizes.includes(PREFERRED_RING_SIZE) ? PREFERRED_RING_SIZE : sizes[Math.floor((sizes.length - 1) / 2)]!;
}

/** The dollars a size adds: the surcharge from its size up, else nothing. */
export function ringSizeSurcharge(sizing: RingSizing, size: string): number {
  if (sizing.surcharge === null || sizing.surchargeFrom === null) return 0;
  return Number(size) >= Number(sizing.surchargeFrom) ? sizing.surcharge : 0;
}

/** A ring's price in a size: the stone's price plus the size's surcharge, in whole cents. */
export function ringSizePrice(base: number, sizing: RingSizing, size: string | null): number {
  return size ? Math.round((base + ringSizeSurcharge(sizing, size)) * 100) / 100 : base;
}

// ── The readable list ───────────────────────────────────────────────────────────────────────────────────────────────

export type RingSizesParse = { ok: true; sizes: string[] } | { ok: false; message: string };

/** What a list may look like, said where a list is refused. */
export const RING_SIZES_FORMAT = 'US sizes 3 to 16, whole or half, as a list or ranges, for example "5-9, 10, 11"';

/**
 * A list of sizes and ranges separated by commas, semicolons or spaces: '5-9' is every whole and half size from 5 to
 * 9; '10' or '10.5' one size. Blank is no sizes.
 */
export function parseRingSizes(text: string): RingSizesParse {
  const sizes: string[] = [];
  const parts = text.replace(/[–—]/g, '-').split(/[,;\s]+/).filter(Boolean);
  for (const part of parts) {
    const range = /^([^-]+)-([^-]+)$/.exec(part);
    if (range) {
      const [from, to] = [canonicalRingSize(range[1]!), canonicalRingSize(range[2]!)];
      if (!from || !to || Number(from) > Number(to)) return { ok: false, message: `"${part}" is not a range of ring sizes: ${RING_SIZES_FORMAT}.` };
      sizes.push(...RING_SIZES.filter((s) => Number(s) >= Number(from) && Number(s) <= Number(to)));
      continue;
    }
    const size = canonicalRingSize(part);
    if (!size) return { ok: false, message: `"${part}" is not a ring size: ${RING_SIZES_FORMAT}.` };
    sizes.push(size);
  }
  return { ok: true, sizes: sortRingSizes(sizes) };
}

/** The readable list: runs of three or more consecutive half sizes as ranges, '5-9, 10, 11'. Parses back the same. */
export function formatRingSizes(sizes: readonly string[]): string {
  const sorted = sortRingSizes(sizes);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && Number(sorted[j + 1]) - Number(sorted[j]) === 0.5) j++;
    if (j - i >= 2) out.push(`${sorted[i]}-${sorted[j]}`);
    else out.push(...sorted.slice(i, j + 1));
    i = j + 1;
  }
  return out.join(', ');
}

/** The sizes as a buyer reads them: 'US 5–9, 10'. */
export function ringSizesWords(sizes: readonly string[]): string {
  return `US ${formatRingSizes(sizes).replace(/-/g, '–')}`;
}

// ── The surcharge in words ──────────────────────────────────────────────────────────────────────────────────────────

export type RingSurchargeParse =
  | { ok: true; surcharge: number | null; surchargeFrom: string | null }
  | { ok: false; message: string };

/** '2.00 from 10' (dollars from a size up); blank is none. */
export function parseRingSurcharge(text: string): RingSurchargeParse {
  const value = text.trim();
  if (value === '') return { ok: true, surcharge: null, surchargeFrom: null };
  const match = /^\$?(\d{1,6}(?:\.\d{1,2})?)\s+from\s+(?:size\s+)?(\S+)$/i.exec(value);
  const amount = match ? Number(match[1]) : NaN;
  const from = match ? canonicalRingSize(match[2]!) : null;
  if (!match || !(amount > 0) || !from) {
    return { ok: false, message: `"${value}" is not a size surcharge: write the dollars and the first size, for example "2.00 from 10".` };
  }
  return { ok: true, surcharge: amount, surchargeFrom: from };
}

export function formatRingSurcharge(sizing: Pick<RingSizing, 'surcharge' | 'surchargeFrom'>): string {
  return sizing.surcharge !== null && sizing.surchargeFrom !== null ? `${sizing.surcharge.toFixed(2)} from ${sizing.surchargeFrom}` : '';
}

/** Why a ring's sizing cannot be saved, or null: an adjustable ring has no sizes; a surcharge starts at an offered size. */
export function ringSizingProblem(sizing: RingSizing & { adjustable: boolean }): string | null {
  if (sizing.adjustable && sizing.sizes.length > 0) return 'An adjustable ring has no sizes: clear the sizes or untick Adjustable.';
  if (sizing.surchargeFrom !== null && !sizing.sizes.includes(sizing.surchargeFrom)) {
    return `The surcharge starts at size ${sizing.surchargeFrom}, which the ring does not offer.`;
  }
  return null;
}
