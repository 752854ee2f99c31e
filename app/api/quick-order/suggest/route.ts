// GET /api/quick-order/suggest?q= — the SKU field's autocomplete: { suggestions: [{ id, category, sku, name, imageUrl }] }.
import { z } from 'zod';
import { HttpError } from '@/lib/core/errors';
import { text } from '@/lib/core/validation/text';
import { defineRoute } from '@/lib/entry/define-route';
import { SUGGEST_MAX_CHARS, suggestSkus } from '@/lib/quick-order/suggest';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z.object({
  q: z.string({ error: 'Query parameter q is required.' }).pipe(text({ max: SUGGEST_MAX_CHARS, label: 'Query parameter q' })),
});

export const GET = defineRoute({ name: 'quick-order.suggest', access: 'public', failure: 'Could not look up SKUs.' }, async (request) => {
  const parsed = querySchema.safeParse({ q: new URL(request.url).searchParams.get('q') ?? undefined });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.', 'invalid_query');
  const suggestions = await suggestSkus(parsed.data.q);
  return Response.json({ suggestions }, { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300' } });
});
