// GET /api/cart/choices?ids=a,b,… — what each of the cart's products on sale can be changed to on its line (stone,
// style, size, with each choice's price): { models: [PurchaseModel] }. Products no longer sold are left out.
import { HttpError } from '@/lib/core/errors';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { defineRoute } from '@/lib/entry/define-route';
import { callerPricing } from '@/lib/entry/price-view-request';
import { cartChoiceModels, productIdsQuerySchema } from '@/lib/cart/availability';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    name: 'cart.choices',
    access: 'public',
    failure: 'Could not read the choices of this product.',
    rateLimit: (request) => [{ rule: RATE_RULES.cartChoicesPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = productIdsQuerySchema.safeParse(new URL(request.url).searchParams.get('ids') ?? undefined);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.', 'invalid_query');
    // Each choice at the caller's price (none where the shop hides prices from them).
    const models = await cartChoiceModels(parsed.data, await callerPricing(parsed.data));
    return Response.json({ models }, { headers: { 'cache-control': 'no-store' } });
  },
);
