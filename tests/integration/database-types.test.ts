// The committed database types are what the migrations generate, and DbRow says what postgres.js really returns.
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { db } from '@/lib/core/db';
import type { Database, DriverValues } from '@/lib/core/db/database.types';
import type { DbRow } from '@/lib/core/db/rows';
import { DATABASE_TYPES_FILE, DRIVER_TYPES, freshDatabaseTypes } from '../../scripts/db-types';

afterAll(() => db().end());

const clusterUrl = (database: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The first line where two texts differ, for the failure message. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, generated ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

describe('database types', () => {
  it('lib/core/db/database.types.ts is what a freshly migrated database generates', async () => {
    const generated = await freshDatabaseTypes(clusterUrl);
    const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
    if (committed !== generated) {
      expect.fail(
        `lib/core/db/database.types.ts does not match supabase/migrations: run npm run db:types and commit the file ` +
          `(${firstDifference(committed, generated)})`,
      );
    }
  }, 120_000);

  it('postgres.js, as the shop opens it, reads each type DriverValues names as it says', async () => {
    const samples: Record<string, string> = {
      date: '2026-03-04',
      timestamp: '2026-03-04 05:06:07',
      timestamptz: '2026-03-04 05:06:07+00',
      numeric: '12.50',
      int8: '9007199254740993',
    };
    expect(Object.keys(samples).sort()).toEqual(Object.keys(DRIVER_TYPES).sort());
    for (const [type, ts] of Object.entries(DRIVER_TYPES)) {
      const [row] = await db().unsafe<{ one: unknown; many: unknown[] }[]>(
        `select $1::${type} as one, array[$1::${type}] as many`,
        [samples[type]!],
      );
      const isRead = (v: unknown) => (ts === 'Date' ? v instanceof Date : typeof v === ts);
      expect(isRead(row!.one), `${type} read as ${ts}`).toBe(true);
      expect(isRead(row!.many[0]), `${type}[] read as ${ts}[]`).toBe(true);
    }
  });

  it('DbRow types each column as the driver reads it, with its nullability (checked by npm run typecheck)', () => {
    type Relations = Database['public']['Tables'] & Database['public']['Views'];
    expectTypeOf<keyof DriverValues>().toEqualTypeOf<keyof Relations>();
    expectTypeOf<DbRow<'orders', 'created_at' | 'dispatched_at' | 'total_amount' | 'status' | 'order_reference'>>().toEqualTypeOf<{
      created_at: Date;
      dispatched_at: Date | null;
      total_amount: string;
      status: string;
      order_reference: string | null;
    }>();
  });
});
