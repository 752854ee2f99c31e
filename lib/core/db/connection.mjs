// How every server-side connection to DATABASE_URL is opened: the app's pool, the LISTEN connection for cache tags
// and the readiness check. Plain JavaScript because the cache handler loads it uncompiled (lib/core/cache).
//
// TLS follows sslmode with libpq's meaning: disable; prefer/allow (TLS when offered); require (TLS, no certificate
// check, unless sslrootcert names a CA file, as libpq then verifies); verify-ca (chain only); verify-full (chain and
// host name). sslrootcert is a file path (Supabase's CA certificate) or 'system'. Both are libpq's parameters, not
// Postgres settings: they are taken out of the URL, which postgres.js would otherwise send to the server as
// run-time parameters it refuses.
import { readFileSync } from 'node:fs';

const LIBPQ_ONLY = ['sslmode', 'sslrootcert'];

/** The `ssl` option for postgres.js, or undefined when the URL names no sslmode. */
export function postgresSsl(databaseUrl, readCa = readFileSync) {
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

/** Supabase's transaction pooler (port 6543) cannot keep prepared statements. */
export function isTransactionPooler(databaseUrl) {
  return /:6543\b|pooler\.supabase/.test(databaseUrl);
}

/**
 * The URL and options to give postgres(url, options) for `databaseUrl`: libpq's TLS parameters turned into the
 * `ssl` option (set only when sslmode is given: postgres.js lets an `ssl` key win over the URL even when
 * undefined) and prepared statements off behind the transaction pooler.
 */
export function connectionFor(databaseUrl, readCa = readFileSync) {
  const ssl = postgresSsl(databaseUrl, readCa);
  const url = new URL(databaseUrl);
  for (const name of LIBPQ_ONLY) url.searchParams.delete(name);
  return {
    url: url.toString(),
    options: { prepare: !isTransactionPooler(databaseUrl), ...(ssl === undefined ? {} : { ssl }) },
  };
}
