// The one money formatter and the dollars↔cents rules (SPEC §9: cents = dollars × 100, rounded).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** 1234.5 → "$1,234.50" */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}

/** 123450 → "$1,234.50" */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** 12.345 → 1235. Rounds half away from zero on the decimal value, avoiding float artefacts like 1.005 × 100. */
export function toCents(dollars: number): number {
  return Math.round(Number((dollars * 100).toFixed(6)));
}
