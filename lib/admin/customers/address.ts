// An address as the lines a label shows (name, street, city line, country, phone), blanks left out. Pure.
import type { Address } from '../../checkout/address';

/** An address as the lines a label shows. */
export function addressLines(a: Partial<Address> | null): string[] {
  if (!a) return [];
  const cityLine = [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.full_name, a.address_line1, a.address_line2, cityLine, a.country, a.phone]
    .map((l) => (l ?? '').trim())
    .filter(Boolean);
}
