// TLS for DATABASE_URL's sslmode, with libpq's meaning: disable; prefer/allow (TLS when offered); require (TLS, no
// certificate check, unless sslrootcert names a CA file, as libpq then verifies); verify-ca (chain only);
// verify-full (chain and host name). sslrootcert is a file path (Supabase's CA certificate) or 'system'.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

export type PostgresSsl = boolean | 'prefer' | 'require' | ConnectionOptions;

/** The `ssl` option for postgres.js, or undefined when the URL names no sslmode. */
export function postgresSsl(databaseUrl: string, readCa: (path: string) => Buffer = readFileSync): PostgresSsl | undefined {
  const params = new URL(databaseUrl).searchParams;
  const mode = params.get('sslmode');
  const rootCert = params.get('sslrootcert');
  const ca = rootCert && rootCert !== 'system' ? { ca: readCa(rootCert) } : {};
  switch (mode) {
    case null:
      return undefined;
    case 'disable':
      return false;
    case 'allow':
    case 'prefer':
      return 'prefer';
    case 'require':
      return rootCert ? { rejectUnauthorized: true, ...ca, checkServerIdentity: () => undefined } : 'require';
    case 'verify-ca':
      return { rejectUnauthorized: true, ...ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { rejectUnauthorized: true, ...ca };
    default:
      throw new Error(`DATABASE_URL: unknown sslmode "${mode}" (disable, prefer, require, verify-ca or verify-full)`);
  }
}
