import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getSearchResults } from '@/lib/catalog/search';
import { SEARCH_MAX_LENGTH } from '@/lib/catalog/search-query';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { cardsForCaller, pricedCacheControl } from '@/lib/entry/price-view-request';
import { text } from '@/lib/core/validation/text';

const querySchema = z.object({
  q: z.string({ error: 'Query parameter q is required.' }).pipe(
    text({ max: SEARCH_MAX_LENGTH, min: 1, label: 'Query parameter q', minMessage: 'Query parameter q must not be blank.' }),
  ),
});

/** GET /api/search?q= → { results: ProductSummary[], total, capped }: full-text search across the five product tables. */
export const GET = defineRoute({ name: 'search', access: 'public', failure: 'Error loading products' }, async (request) => {
  const parsed = querySchema.safeParse({ q: new URL(request.url).searchParams.get('q') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid search query.', 'invalid_query');
  const found = await getSearchResults(parsed.data.q);
  // Prices as this caller may see them (ARCHITECTURE.md, "Trade accounts and price groups").
  const { cards, personal } = await cardsForCaller(found.results);
  return NextResponse.json(
    { ...found, results: cards },
    { headers: { 'Cache-Control': pricedCacheControl(personal, 'public, max-age=0, s-maxage=60, stale-while-revalidate=300') } },
  );
});
