// POST /api/quick-order — pasted lines in ({ lines: [{ sku, quantity, stone?, size?, style?, material? }] }, at most
// 500); each line resolved to its product, selection and problem, with the products' purchase models, out.
import { describeIssues, HttpError } from '@/lib/core/errors';
import { readJsonCapped } from '@/lib/core/request-body';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { defineRoute } from '@/lib/entry/define-route';
import { callerPricing } from '@/lib/entry/price-view-request';
import { hiddenPriceMessage } from '@/lib/purchase/price-labels';
import { resolveQuickOrder } from '@/lib/quick-order/resolve';
import { MAX_QUICK_ORDER_BODY_BYTES, quickOrderRequestSchema } from '@/lib/quick-order/schema';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    name: 'quick-order.resolve',
    access: 'public',
    failure: 'Could not check these lines. Please try again.',
    rateLimit: (request) => [{ rule: RATE_RULES.quickOrderPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = quickOrderRequestSchema.safeParse(await readJsonCapped(request, MAX_QUICK_ORDER_BODY_BYTES));
    if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error), 'invalid_request');
    // Lines are priced for the caller; where the shop hides prices from them there is nothing to order.
    const { view } = await callerPricing([]);
    const hidden = hiddenPriceMessage(view);
    if (hidden) throw new HttpError(403, hidden, 'prices_hidden');
    const terms = async (ids: string[]) => (await callerPricing(ids)).terms;
    const body = await resolveQuickOrder(parsed.data.lines, view.kind === 'group' ? { view, terms } : null);
    return Response.json(body, { headers: { 'cache-control': 'no-store' } });
  },
);
