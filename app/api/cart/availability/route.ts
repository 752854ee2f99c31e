// GET /api/cart/availability?ids=a,b,… — which of the cart's products can no longer be bought: { unavailable: [ids] }.
import { z } from 'zod';
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { MAX_AVAILABILITY_IDS, unavailableProductIds } from '@/lib/cart/availability';
import { isUuid } from '@/lib/core/validation/text';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const querySchema = z
  .string({ error: 'Query parameter ids is required.' })
  .max(MAX_AVAILABILITY_IDS * 37, { error: `At most ${MAX_AVAILABILITY_IDS} products at a time.` })
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(
    z
      .array(z.string().refine(isUuid, { error: 'ids must be product ids.' }))
      .max(MAX_AVAILABILITY_IDS, { error: `At most ${MAX_AVAILABILITY_IDS} products at a time.` }),
  );

export const GET = defineRoute(
  { name: 'cart.availability', access: 'public', failure: 'Could not check the cart.' },
  async (request) => {
    const parsed = querySchema.safeParse(new URL(request.url).searchParams.get('ids') ?? undefined);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.', 'invalid_query');
    const unavailable = await unavailableProductIds(parsed.data);
    return Response.json({ unavailable }, { headers: { 'cache-control': 'no-store' } });
  },
);
