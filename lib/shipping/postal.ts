// Where a postal code is, as far as shipping zones ask: a US ZIP code's state from its first three digits (USPS's
// prefix table), so 'US-IL' zones can be priced from a ZIP alone. Other countries' zones are whole countries, so
// their postal codes are only checked for shape. Pure: the cart's estimate form and the server share it.
import type { Destination } from './rates';

export const ZIP_MESSAGE = 'Please enter a valid ZIP code.';
export const POSTAL_CODE_MESSAGE = 'Please enter a valid postal code.';

// [first prefix, last prefix, state], ascending. Prefixes USPS has not assigned between states (000-004, 428-429,
// 715, 886-888…) are left out and answer no state; the territories and the military post (AA, AE, AP) keep their
// USPS codes, so a zone can name them.
const PREFIX_RANGES: readonly (readonly [number, number, string])[] = [
  [5, 5, 'NY'], [6, 7, 'PR'], [8, 8, 'VI'], [9, 9, 'PR'],
  [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'],
  [60, 69, 'CT'], [70, 89, 'NJ'], [90, 98, 'AE'],
  [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'],
  [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'],
  [270, 289, 'NC'], [290, 299, 'SC'],
  [300, 319, 'GA'], [320, 339, 'FL'], [340, 340, 'AA'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'],
  [386, 397, 'MS'], [398, 399, 'GA'],
  [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'],
  [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'],
  [700, 714, 'LA'], [716, 729, 'AR'], [730, 732, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'],
  [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'],
  [885, 885, 'TX'], [889, 898, 'NV'],
  [900, 961, 'CA'], [962, 966, 'AP'], [967, 968, 'HI'], [969, 969, 'GU'], [970, 979, 'OR'], [980, 994, 'WA'],
  [995, 999, 'AK'],
];

const ZIP = /^(\d{5})(?:[ -]?\d{4})?$/;

/** The five-digit ZIP code of '60601', '60601-1234' or '606011234'; null for anything else. */
export function usZip(postalCode: string): string | null {
  return ZIP.exec(postalCode.trim())?.[1] ?? null;
}

/** The state (USPS code) of a ZIP code, or null when it is not a ZIP code or its prefix is nobody's. */
export function stateForZip(postalCode: string): string | null {
  const zip = usZip(postalCode);
  if (!zip) return null;
  const prefix = Number(zip.slice(0, 3));
  // Binary search: the ranges are ascending and never overlap.
  let lo = 0;
  let hi = PREFIX_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to, state] = PREFIX_RANGES[mid]!;
    if (prefix < from) hi = mid - 1;
    else if (prefix > to) lo = mid + 1;
    else return state;
  }
  return null;
}

// Letters, digits, spaces and hyphens: every country's postal codes ('SW1A 1AA', 'K1A 0B1', '1010', 'D02 X285').
const POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/;

/**
 * The shipping destination of a country and postal code, or the message that says what is wrong with the code. A US
 * address needs a ZIP code that names a state; elsewhere the code may be left out.
 */
export function shippingDestination(country: string, postalCode: string): { destination: Destination } | { error: string } {
  const code = country.trim().toUpperCase();
  const postal = postalCode.trim();
  if (code === 'US') {
    const state = stateForZip(postal);
    return state ? { destination: { country: code, state } } : { error: ZIP_MESSAGE };
  }
  if (postal && !POSTAL.test(postal)) return { error: POSTAL_CODE_MESSAGE };
  return { destination: { country: code, state: null } };
}
