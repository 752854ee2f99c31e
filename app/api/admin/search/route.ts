import { NextResponse } from 'next/server';
import { z } from 'zod';
import { ADMIN_SEARCH_MAX_LENGTH, ADMIN_SEARCH_MIN_LENGTH } from '@/lib/admin/search/rules';
import { searchAdmin } from '@/lib/admin/search/query';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { text } from '@/lib/core/validation/text';

const querySchema = z.object({
  q: z.string({ error: 'Query parameter q is required.' }).pipe(
    text({
      max: ADMIN_SEARCH_MAX_LENGTH,
      min: ADMIN_SEARCH_MIN_LENGTH,
      label: 'Search',
      minMessage: `Type at least ${ADMIN_SEARCH_MIN_LENGTH} characters to search.`,
    }),
  ),
});

/**
 * GET /api/admin/search?q= → { products, orders, customers }: up to 5 products per category (10 in all), 5 orders and
 * 5 customers, for the header search.
 */
export const GET = defineRoute({ name: 'admin.search', access: 'admin', failure: 'Search failed' }, async (request, ctx) => {
  const parsed = querySchema.safeParse({ q: new URL(request.url).searchParams.get('q') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid search.', 'invalid_query');
  const results = await searchAdmin(ctx.actor, parsed.data.q);
  return NextResponse.json(results, { headers: { 'Cache-Control': 'private, no-store' } });
});
