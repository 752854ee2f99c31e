// GET /api/cart/availability?ids=a,b,… — which of the cart's products can no longer be bought, and when the others
// ship: { unavailable: [ids], leadTimes: { id: LeadTime } }.
import { HttpError } from '@/lib/core/errors';
import { defineRoute } from '@/lib/entry/define-route';
import { productIdsQuerySchema, cartAvailability } from '@/lib/cart/availability';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  { name: 'cart.availability', access: 'public', failure: 'Could not check the cart.' },
  async (request) => {
    const parsed = productIdsQuerySchema.safeParse(new URL(request.url).searchParams.get('ids') ?? undefined);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.', 'invalid_query');
    const { unavailable, leadTimes } = await cartAvailability(parsed.data);
    return Response.json({ unavailable, leadTimes }, { headers: { 'cache-control': 'no-store' } });
  },
);
