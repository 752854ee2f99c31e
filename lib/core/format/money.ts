// The one money formatter and the dollars↔cents rules (cents = dollars × 100, rounded).
// Written out rather than Intl.NumberFormat: building the first currency formatter loads ICU locale data, a long
// main-thread task on a phone while a page hydrates its prices (tests/unit/money.test.ts holds it equal to Intl).

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 123450 → "$1,234.50"; −150 → "-$1.50" */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(THOUSANDS, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234.5 → "$1,234.50" (rounded to the cent as toCents rounds) */
export function formatDollars(dollars: number): string {
  return formatCents(toCents(dollars));
}

/** 12.345 → 1235. Rounds half away from zero on the decimal value, avoiding float artefacts like 1.005 × 100. */
export function toCents(dollars: number): number {
  return Math.round(Number((dollars * 100).toFixed(6)));
}

/** A stored price for a file or a form field: 12.5 → "12.50"; none → "". */
export function plainAmount(value: unknown): string {
  return value === null || value === undefined || value === '' ? '' : Number(value).toFixed(2);
}

/** 1250 → "12.50": cents as a plain amount, for files. */
export function plainAmountFromCents(cents: string | number): string {
  return (Number(cents) / 100).toFixed(2);
}
