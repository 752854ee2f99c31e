// POST /api/checkout/delivery — the shipping methods that reach the shipping address typed so far, the chosen one's
// price, the sales tax and the total; the open checkout's PaymentIntent is set to that total. Only the browser that
// started the checkout may ask.
import { MAX_CHECKOUT_BODY_BYTES } from '@/lib/checkout/api';
import { deliveryRequestSchema } from '@/lib/checkout/address-schema';
import { isCountryCode } from '@/lib/checkout/countries';
import { browserCheckoutIds } from '@/lib/checkout/cookie-store';
import { priceDelivery } from '@/lib/checkout/delivery';
import { CheckoutError } from '@/lib/checkout/errors';
import { describeIssues } from '@/lib/core/errors';
import { readJsonCapped } from '@/lib/core/request-body';
import { defineRoute } from '@/lib/entry/define-route';
import { clientAddress, RATE_RULES } from '@/lib/core/rate-limit';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const DELIVERY_FAILED = 'Shipping and tax could not be worked out just now. Please try again.';

export const POST = defineRoute(
  {
    name: 'checkout.delivery',
    access: 'public',
    failure: DELIVERY_FAILED,
    rateLimit: (request) => [{ rule: RATE_RULES.checkoutDeliveryPerAddress, subject: clientAddress(request.headers) }],
  },
  async (request) => {
    const parsed = deliveryRequestSchema.safeParse(await readJsonCapped(request, MAX_CHECKOUT_BODY_BYTES));
    if (!parsed.success) throw new CheckoutError(400, 'invalid_request', `Invalid request: ${describeIssues(parsed.error)}`);
    const { checkoutId, shipping, methodId } = parsed.data;
    if (!(await browserCheckoutIds()).includes(checkoutId)) {
      throw new CheckoutError(404, 'not_found', 'This checkout was not found. Please reload the page.');
    }
    if (!isCountryCode(shipping.country)) throw new CheckoutError(400, 'invalid_address', 'Please choose a country from the list.');
    if (!shipping.postal_code) throw new CheckoutError(400, 'invalid_address', 'Postal code is required');
    const delivery = await priceDelivery({ checkoutId, to: shipping, methodId });
    return Response.json({ delivery }, { headers: { 'cache-control': 'no-store' } });
  },
);
