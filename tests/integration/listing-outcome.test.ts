// What a listing page is given to show when its query fails, on a real Postgres: the shop's own message and a
// reference, never the database's text, which goes to the log under that reference. And which page numbers are past
// a listing's last page (answered 404 and never cached).
import postgres from 'postgres';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/core/db';
import { getListingOutcome, isPastLastPage, loadListing, toListingPage } from '@/lib/catalog/listing';
import { GENERIC_FAILURE } from '@/lib/core/errors';
import { PAGE_SIZE } from '@/lib/catalog/categories';
import type { ListingQuery } from '@/lib/catalog/listing-params';

const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

afterAll(async () => {
  await sql.end();
  await db().end();
});

const firstPage: ListingQuery = { page: 1, sort: 'newest', materials: [] };

describe('a listing whose query fails', () => {
  it("shows the shop's message with a reference, and logs the database's text under it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A real failure of the listing's query: the anonymous role loses its read of the counters for this one call.
    await sql`revoke select on public.product_counts from anon`;
    let outcome: Awaited<ReturnType<typeof getListingOutcome>>;
    try {
      outcome = await getListingOutcome({ kind: 'category', slug: 'rings' }, firstPage);
    } finally {
      await sql`grant select on public.product_counts to anon`;
    }
    const lines = logged.mock.calls.map(([text]) => JSON.parse(String(text)) as Record<string, unknown>);
    logged.mockRestore();
    expect(outcome.ok).toBe(false);
    const message = outcome.ok ? '' : outcome.message;
    expect(message).toMatch(new RegExp(`^${GENERIC_FAILURE.replace(/[.?]/g, '\\$&')} \\(reference [0-9a-f]{12}\\)$`));
    expect(message).not.toMatch(/permission|product_counts|denied/i);
    const reference = /reference ([0-9a-f]+)/.exec(message)![1];
    const line = lines.find((l) => l.requestId === reference);
    expect(line).toMatchObject({ level: 'error', event: 'Listing query failed' });
    expect(String(line!.error)).toMatch(/permission denied for table product_counts/);
  });

  it("still shows an unknown category's own message", async () => {
    expect(await getListingOutcome({ kind: 'category', slug: 'watches' }, firstPage)).toEqual({
      ok: false,
      message: 'Invalid table watches for category watches',
    });
  });
});

describe('pages past the last', () => {
  it('are the page numbers after the last page; the first page of an empty listing is a page', async () => {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from rings where status = 'active'`;
    const last = Math.max(1, Math.ceil(row!.n / PAGE_SIZE));
    const at = (page: number) => loadListing({ kind: 'category', slug: 'rings' }, { ...firstPage, page });
    expect(isPastLastPage(await at(last))).toBe(false);
    expect(isPastLastPage(await at(last + 1))).toBe(true);
    expect(isPastLastPage(await at(999_999))).toBe(true);
    expect(isPastLastPage(toListingPage([], 0, 1))).toBe(false);
    expect(isPastLastPage(toListingPage([], 0, 2))).toBe(true);
  });
});
