import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { getSearchResults } from '@/lib/catalog/listing';
import { LISTING_TEXT } from '@/lib/catalog/listing-labels';
import { SEARCH_MAX_LENGTH } from '@/lib/catalog/search-query';

const querySchema = z.object({
  q: z
    .string({ error: 'Query parameter q is required.' })
    .trim()
    .min(1, 'Query parameter q must not be blank.')
    .max(SEARCH_MAX_LENGTH, `Query parameter q must be at most ${SEARCH_MAX_LENGTH} characters.`),
});

/** GET /api/search?q= → { results: ProductSummary[], total }: full-text search across the five product tables. */
export async function GET(request: NextRequest) {
  const parsed = querySchema.safeParse({ q: request.nextUrl.searchParams.get('q') ?? undefined });
  if (!parsed.success) {
    return NextResponse.json(
      { error: 'Invalid search query', message: parsed.error.issues[0]?.message ?? 'Invalid query.' },
      { status: 400 },
    );
  }
  try {
    const body = await getSearchResults(parsed.data.q);
    return NextResponse.json(body, { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300' } });
  } catch (err) {
    console.error('Search failed', err);
    return NextResponse.json(
      { error: LISTING_TEXT.error, message: err instanceof Error ? err.message : String(err) },
      { status: 500 },
    );
  }
}
