// Which address a request to Auth counts against, as hosted Supabase Auth decides it. The platform's gateway sets
// the address it saw the connection come from, whatever the client wrote in X-Forwarded-For. A server calling Auth
// for its visitors may name the visitor in Sb-Forwarded-For (GoTrue's sbff: the leftmost value, if it parses as an
// IP address), and the platform honours that only on requests made with the project's secret key. The stand-in has
// no gateway, so the connection's own address stands for it.
import { isIP } from 'node:net';
import type { ApiKeyRole } from '../jwt';

export const SB_FORWARDED_FOR = 'sb-forwarded-for';

function plain(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

export function authClientAddress(input: {
  role: ApiKeyRole | null;
  sbForwardedFor: string | undefined;
  socketAddress: string | undefined;
}): string | undefined {
  if (input.role === 'service_role' && input.sbForwardedFor) {
    const first = input.sbForwardedFor.split(',', 1)[0]!.trim();
    if (isIP(first)) return plain(first);
  }
  return plain(input.socketAddress);
}
