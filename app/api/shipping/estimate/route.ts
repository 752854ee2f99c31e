// POST /api/shipping/estimate — cart lines, a country and a postal code in; each shipping method that reaches it
// with its price for the goods and weight out (lib/shipping/estimate.ts).
// GET /api/shipping/estimate — the signed-in customer's default shipping country and postal code, to open the form
// with; null for guests.
import { currentCustomerPrefill } from '@/lib/account/checkout-details';
import { describeIssues, HttpError } from '@/lib/core/errors';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';
import { readJsonCapped } from '@/lib/core/request-body';
import { defineRoute } from '@/lib/entry/define-route';
import { callerPricing } from '@/lib/entry/price-view-request';
import { hiddenPriceMessage } from '@/lib/purchase/price-labels';
import { estimateRequestSchema, estimateShipping, MAX_ESTIMATE_BODY_BYTES } from '@/lib/shipping/estimate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const NO_STORE = { 'cache-control': 'no-store' };

export const POST = defineRoute(
  {
    name: 'shipping.estimate',
    access: 'public',
    failure: 'Could not estimate shipping. Please try again.',
    rateLimit: (request) => [{ rule: RATE_RULES.shippingEstimatePerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = estimateRequestSchema.safeParse(await readJsonCapped(request, MAX_ESTIMATE_BODY_BYTES));
    if (!parsed.success) {
      const field = parsed.error.issues.find((i) => i.path[0] === 'country' || i.path[0] === 'postalCode');
      if (field) {
        const key = String(field.path[0]);
        throw new HttpError(400, field.message, key === 'country' ? 'invalid_country' : 'invalid_postal_code', { [key]: field.message });
      }
      throw new HttpError(400, `Invalid cart: ${describeIssues(parsed.error)}`, 'invalid_request');
    }
    // The goods are counted at the caller's prices, and not at all where the shop hides prices from them.
    const pricing = await callerPricing(parsed.data.lines.map((l) => l.productId));
    const hidden = hiddenPriceMessage(pricing.view);
    if (hidden) throw new HttpError(403, hidden, 'prices_hidden');
    return Response.json(await estimateShipping(parsed.data, pricing.terms), { headers: NO_STORE });
  },
);

export const GET = defineRoute({ name: 'shipping.saved-destination', access: 'public' }, async () => {
  const shipping = (await currentCustomerPrefill())?.shipping;
  const destination = shipping?.postal_code ? { country: shipping.country, postalCode: shipping.postal_code } : null;
  return Response.json({ destination }, { headers: NO_STORE });
});
