import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { connectionFor, postgresSsl } from '@/lib/core/db/connection.mjs';

const url = (query: string) => `postgresql://u:p@db.example.test:5432/postgres${query}`;
const ca = () => Buffer.from('CA');

describe('DATABASE_URL sslmode', () => {
  it('follows libpq: disable, prefer, require without a CA file', () => {
    expect(postgresSsl(url(''))).toBeUndefined();
    expect(postgresSsl(url('?sslmode=disable'))).toBe(false);
    expect(postgresSsl(url('?sslmode=prefer'))).toBe('prefer');
    expect(postgresSsl(url('?sslmode=require'))).toBe('require');
  });

  it('verifies the certificate against sslrootcert (Supabase’s CA file) for verify-full, verify-ca and require with a CA', () => {
    const full = postgresSsl(url('?sslmode=verify-full&sslrootcert=/etc/prod-ca-2021.crt'), ca);
    expect(full).toEqual({ rejectUnauthorized: true, ca: Buffer.from('CA') });
    const chainOnly = postgresSsl(url('?sslmode=verify-ca&sslrootcert=ca.crt'), ca) as { checkServerIdentity: () => unknown };
    expect(chainOnly).toMatchObject({ rejectUnauthorized: true, ca: Buffer.from('CA') });
    expect(chainOnly.checkServerIdentity()).toBeUndefined();
    expect(postgresSsl(url('?sslmode=require&sslrootcert=ca.crt'), ca)).toMatchObject({ rejectUnauthorized: true });
    expect(postgresSsl(url('?sslmode=verify-full&sslrootcert=system'))).toEqual({ rejectUnauthorized: true });
  });

  it('names an unknown mode', () => {
    expect(() => postgresSsl(url('?sslmode=sometimes'))).toThrow(/unknown sslmode "sometimes"/);
  });
});

describe('connectionFor', () => {
  it('takes libpq-only parameters out of the URL, so postgres.js never sends them to the server as settings', () => {
    const { url: stripped, options } = connectionFor(url('?sslmode=verify-full&sslrootcert=/etc/ca.crt&application_name=shop'), ca);
    expect(stripped).toBe(url('?application_name=shop'));
    expect(options).toEqual({ prepare: true, ssl: { rejectUnauthorized: true, ca: Buffer.from('CA') } });
    // What a client built from them would send at start-up: no sslmode or sslrootcert among the settings.
    const sql = postgres(stripped, options);
    expect(sql.options.connection).toEqual({ application_name: 'shop' });
    expect(sql.options.ssl).toEqual(options.ssl);
    void sql.end();
  });

  it('turns prepared statements off behind the transaction pooler only', () => {
    expect(connectionFor('postgresql://u:p@aws-0-eu.pooler.supabase.com:6543/postgres').options.prepare).toBe(false);
    expect(connectionFor(url('')).options).toEqual({ prepare: true });
  });
});
