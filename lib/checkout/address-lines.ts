// A postal address as the lines it is printed in, the same on the confirmation page, in the back office, in mails and
// on invoices: name, street, the second line, 'City, ST 12345', the country's name, and the phone where asked for.
import type { Address } from './address';
import { countries } from './countries';

const countryName = (code: string) => countries().find((c) => c.code === code)?.name ?? code;

export function addressLines(address: Address | null, { phone = false }: { phone?: boolean } = {}): string[] {
  if (!address) return [];
  const place = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.full_name, address.address_line1, address.address_line2, place, address.country ? countryName(address.country) : '', phone ? address.phone : '']
    .map((l) => (l ?? '').trim())
    .filter(Boolean);
}
